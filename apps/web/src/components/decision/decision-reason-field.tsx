// The reason of a rejection as a form field, with its state: the rule (required, at most
// REASON_MAX) checked before anything is sent, and a server's word about the reason shown under it.
import '@mantine/core/styles/Input.css';
import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/http/api-client.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { type Decision, REASON_MAX, reasonErrorKey, reasonMessageKey } from './decision-reason.ts';

export type DecisionReason = {
  reason: string;
  error: string | null;
  /** Changes the reason and clears its error. */
  setReason: (reason: string) => void;
  clearError: () => void;
  /** Empties the reason and its error. */
  reset: () => void;
  /** True when the reason may be sent with `decision`; otherwise shows why not. */
  check: (decision: Decision) => boolean;
  /** Shows a server's 400 message about the reason; true when `error` had one. */
  takeServerError: (error: unknown) => boolean;
};

export const useDecisionReason = (): DecisionReason => {
  const { t } = useTranslation('components');
  const [reason, setReasonValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textOf = (key: string) => t(key, { max: REASON_MAX });
  return {
    reason,
    error,
    setReason: (value) => {
      setReasonValue(value);
      setError(null);
    },
    clearError: () => setError(null),
    reset: () => {
      setReasonValue('');
      setError(null);
    },
    check: (decision) => {
      const key = reasonErrorKey(decision, reason);
      if (key) setError(textOf(key));
      return key === null;
    },
    takeServerError: (cause) => {
      const message = cause instanceof ApiError ? cause.errors?.reason : undefined;
      if (!message) return false;
      const key = reasonMessageKey(message);
      setError(key ? textOf(key) : message);
      return true;
    },
  };
};

export const DecisionReasonField = ({
  state,
  testId,
  autoFocus = false,
}: {
  state: DecisionReason;
  testId: string;
  /** Focus the field when its dialog opens. */
  autoFocus?: boolean;
}) => {
  const { t } = useTranslation('components');
  return (
    <Textarea
      label={t('decision.reasonLabel')}
      description={t('decision.reasonHint', { max: REASON_MAX })}
      required
      autosize
      minRows={3}
      maxRows={8}
      maxLength={REASON_MAX}
      value={state.reason}
      error={state.error}
      onChange={(event) => state.setReason(event.currentTarget.value)}
      data-autofocus={autoFocus || undefined}
      data-testid={testId}
    />
  );
};
