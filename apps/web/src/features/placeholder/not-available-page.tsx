// Shown for every route whose feature has not been built yet.
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Group.css';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';

const ClockIcon = () => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" strokeLinecap="round" />
  </svg>
);

const NotAvailablePage = () => {
  const route = useCurrentRoute();
  const { t } = useTranslation(['pages', 'common']);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Paper withBorder radius="md" p="xl" role="status" data-testid="not-available">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden="true">
            <ClockIcon />
          </ThemeIcon>
          <Stack gap={6}>
            <Title order={2} fz="h4">
              {t('common:notAvailable.title')}
            </Title>
            <Text>{t('common:notAvailable.body', { page: t(route.titleKey, { ns: 'pages' }) })}</Text>
            <Text size="sm" c="dimmed">
              {t('common:notAvailable.hint')}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </PageFrame>
  );
};

export default NotAvailablePage;
