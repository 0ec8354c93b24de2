import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import type { ApiResult } from '../../../lib/http/api-result.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { describeFailure } from '../form-rules.ts';

/** The server's refusal (or a network failure), announced to screen readers. */
export const FailureAlert = ({ result, title }: { result: ApiResult<unknown> | null; title: string }) => {
  const { t } = useTranslation('auth');
  if (!result || result.success) return null;
  const failure = describeFailure(result);
  return (
    <Alert color="red" variant="light" title={title} role="alert" data-testid="auth-error">
      {'key' in failure ? t(failure.key) : failure.text}
    </Alert>
  );
};
