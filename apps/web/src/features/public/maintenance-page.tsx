// /maintenance: the two texts of spec section 1, in the visitor's language.
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/ThemeIcon.css';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/locale-store.ts';

const ToolsIcon = () => (
  <svg
    width="30"
    height="30"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path
      d="M14.7 6.3a4 4 0 0 0-5.4 5.1L3.6 17.1a1.4 1.4 0 0 0 2 2l5.7-5.7a4 4 0 0 0 5.1-5.4l-2.4 2.4-2-.6-.6-2z"
      strokeLinejoin="round"
    />
  </svg>
);

const MaintenancePage = () => {
  const { t } = useTranslation('common');
  return (
    <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={520} mx="auto">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true">
          <ToolsIcon />
        </ThemeIcon>
        <Title order={1} fz={28} data-testid="maintenance-title">
          {t('maintenance.title')}
        </Title>
        <Text size="lg" data-testid="maintenance-body">
          {t('maintenance.body')}
        </Text>
      </Stack>
    </Paper>
  );
};

export default MaintenancePage;
