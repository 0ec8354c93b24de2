// How to call the API with a key: a curl line with the Bearer header and the API reference link.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import { Anchor, Code, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

/** The curl example for this console's own address. */
export const buildCurlExample = (origin: string, placeholder: string): string =>
  `curl -H "Authorization: Bearer <${placeholder}>" \\\n  ${origin}/api/auth/profile`;

export const ApiUsage = () => {
  const { t } = useTranslation('settings');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-api-usage">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="settings-api-usage">
          {t('usage.title')}
        </Title>
        <Text size="sm">{t('usage.body')}</Text>
        <Code block data-testid="api-usage-curl">
          {buildCurlExample(window.location.origin, t('usage.placeholder'))}
        </Code>
        <Text size="sm">{t('usage.scope')}</Text>
        <Anchor href="/docs" target="_blank" rel="noopener noreferrer" size="sm" data-testid="api-docs-link">
          {t('usage.docs')}{' '}
          <IconExternalLink size={14} aria-hidden="true" style={{ verticalAlign: 'middle' }} />
          <VisuallyHidden>{t('usage.newTab')}</VisuallyHidden>
        </Anchor>
      </Stack>
    </Paper>
  );
};
