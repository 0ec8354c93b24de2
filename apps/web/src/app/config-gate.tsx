// Spec section 2: a spinner until the company config from the server has an agency_primary_id. The
// copy stored from an earlier answer of this origin's server counts: with one, the console (and a
// signed-in user's frame) shows at once while the fresh config is fetched, and follows it when it
// comes. If the server cannot be reached and nothing is stored, the visitor gets a retry button
// rather than an endless spinner.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isConfigReady } from '../lib/config/company-config.ts';
import { loadCompanyConfig, useCompanyConfig } from '../lib/config/use-company-config.ts';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import { PageSpinner } from './page-spinner.tsx';

export const ConfigGate = ({ children }: { children: ReactNode }) => {
  const { config, isError } = useCompanyConfig();
  const { t } = useTranslation('common');
  if (isConfigReady(config)) return children;
  if (isError) {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" role="alert">
          <Text fw={600}>{t('config.failedTitle')}</Text>
          <Text c="dimmed">{t('config.failedBody')}</Text>
          <Button onClick={() => void loadCompanyConfig()}>{t('actions.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  return <PageSpinner fullScreen />;
};
