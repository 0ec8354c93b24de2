// The outcome of a connection test: ok or failed, the DSP's answer and the latency.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import { Alert, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import type { ConnectionTestResult } from '../api/test-dsp-connection.ts';
import { describeTestMessage } from '../test-message.ts';

/** The server's sentence about a test, translated when it is one of the known ones. */
export const useTestMessageText = () => {
  const { t } = useTranslation('dsp');
  return (message: string) => {
    const described = describeTestMessage(message);
    return 'key' in described ? t(described.key, described.values) : described.text;
  };
};

export const TestResult = ({ result }: { result: ConnectionTestResult }) => {
  const { t } = useTranslation('dsp');
  const messageText = useTestMessageText();
  return (
    <Alert
      color={result.ok ? 'green' : 'red'}
      variant="light"
      role="status"
      icon={
        result.ok ? (
          <IconCircleCheck size={20} aria-hidden="true" />
        ) : (
          <IconCircleX size={20} aria-hidden="true" />
        )
      }
      title={result.ok ? t('test.ok') : t('test.failed')}
      data-testid={result.ok ? 'dsp-test-ok' : 'dsp-test-failed'}
    >
      <Text size="sm">{messageText(result.message)}</Text>
      <Text size="sm" c="dimmed">
        {t('test.latency', { ms: result.latency_ms })}
      </Text>
    </Alert>
  );
};
