// Approve or reject campaign exchanges after asking: one dialog for one row or many. A rejection
// needs a reason (core's exchangeDecisionBody, checked before sending: an empty reason changes
// nothing); the server answers per item and the outcome is told as a toast with counts and handed
// to the page, which shows the failures.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/http/api-client.ts';
import { useDecideExchanges } from '../api/decide-exchanges.ts';
import {
  type Decision,
  type DecisionOutcome,
  type DecisionTarget,
  describeOutcome,
  REASON_MAX,
  reasonErrorKey,
} from '../approval-model.ts';
import { reportOutcome } from './report-outcome.ts';

type DecisionRequest = { decision: Decision; targets: DecisionTarget[] };

export const useDecisionDialog = (options: { onDecided?: (outcome: DecisionOutcome) => void } = {}) => {
  const { t } = useTranslation('exchange-approval');
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const mutation = useDecideExchanges();

  const ask = (decision: Decision, targets: readonly DecisionTarget[]) => {
    if (targets.length === 0) return;
    setReason('');
    setReasonError(null);
    setRequest({ decision, targets: [...targets] });
  };

  const confirm = async () => {
    if (!request) return;
    const { decision, targets } = request;
    const errorKey = reasonErrorKey(decision, reason);
    if (errorKey) {
      setReasonError(t(errorKey, { max: REASON_MAX }));
      throw new Error(errorKey); // keeps the dialog open; nothing was sent
    }
    try {
      const result = await mutation.mutateAsync({ items: targets, decision, reason });
      const outcome = describeOutcome(decision, result, targets);
      reportOutcome(t, outcome);
      options.onDecided?.(outcome);
    } catch (error) {
      const reasonMessage = error instanceof ApiError ? error.errors?.reason : undefined;
      if (reasonMessage) {
        const key = reasonErrorKey(decision, reason);
        setReasonError(key ? t(key, { max: REASON_MAX }) : reasonMessage);
      } else {
        showToast('error', failureMessage(error, t('errors.decideFailed')));
      }
      throw error;
    }
  };

  const decision = request?.decision ?? 'APPROVED';
  const count = request?.targets.length ?? 0;
  const single = count === 1 ? request?.targets[0] : undefined;
  const isReject = decision === 'REJECTED';

  const dialog = (
    <ConfirmAction
      opened={request !== null}
      onClose={() => setRequest(null)}
      onConfirm={confirm}
      danger={isReject}
      title={t(`decision.title.${decision}`, { count })}
      message={
        <Stack gap="sm">
          <Text>
            {single
              ? t(`decision.single.${decision}`, {
                  exchange: single.exchange_name ?? `#${single.exchange_id}`,
                  campaign: single.campaign_name ?? `#${single.campaign_id}`,
                })
              : t(`decision.many.${decision}`, { count })}
          </Text>
          {isReject ? (
            <Textarea
              label={t('decision.reasonLabel')}
              description={t('decision.reasonHint', { max: REASON_MAX })}
              required
              autosize
              minRows={3}
              maxRows={8}
              maxLength={REASON_MAX}
              value={reason}
              error={reasonError}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(null);
              }}
              data-autofocus
              data-testid="approval-reason"
            />
          ) : null}
        </Stack>
      }
      confirmLabel={t(`decision.confirm.${decision}`)}
      testId="approval-decision"
    />
  );

  return { ask, dialog, isPending: mutation.isPending };
};
