// What a page shows while its data loads, or when it could not: a spinner announced to screen
// readers, or an alert with the reason and a "Try again" button.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import { Alert, Button, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import { failureMessage } from './toast.ts';

type LoadStateProps = {
  isError: boolean;
  error?: unknown;
  onRetry?: () => void;
  testId?: string;
};

export const LoadState = ({ isError, error, onRetry, testId = 'load-state' }: LoadStateProps) => {
  const { t } = useTranslation('common');
  if (!isError) {
    return (
      <Center py="xl" role="status" data-testid={`${testId}-loading`}>
        <Loader size="md" aria-hidden="true" />
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
      </Center>
    );
  }
  return (
    <Alert color="red" variant="light" title={t('loadFailed')} role="alert" data-testid={`${testId}-error`}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{failureMessage(error, t('loadFailed'))}</Text>
        {onRetry ? (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
};
