// Approve or reject campaign exchanges after asking: one dialog for one row or many (the shared
// DecisionDialog: a rejection needs a reason, checked before sending). The server answers per
// item; the outcome is told as a toast with counts and handed to the page, which shows the failures.
import { useState } from 'react';
import { DecisionDialog } from '../../../components/decision/decision-dialog.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useDecideExchanges } from '../api/decide-exchanges.ts';
import {
  type Decision,
  type DecisionOutcome,
  type DecisionTarget,
  describeOutcome,
} from '../approval-model.ts';
import { reportOutcome } from './report-outcome.ts';

type DecisionRequest = { decision: Decision; targets: DecisionTarget[] };

export const useDecisionDialog = (options: { onDecided?: (outcome: DecisionOutcome) => void } = {}) => {
  const { t } = useTranslation('exchange-approval');
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const mutation = useDecideExchanges();

  const ask = (decision: Decision, targets: readonly DecisionTarget[]) => {
    if (targets.length === 0) return;
    setRequest({ decision, targets: [...targets] });
  };

  const confirm = async (reason: string) => {
    if (!request) return;
    const { decision, targets } = request;
    const result = await mutation.mutateAsync({ items: targets, decision, reason });
    const outcome = describeOutcome(decision, result, targets);
    reportOutcome(t, outcome);
    options.onDecided?.(outcome);
  };

  const decision = request?.decision ?? 'APPROVED';
  const count = request?.targets.length ?? 0;
  const single = count === 1 ? request?.targets[0] : undefined;

  const dialog = (
    <DecisionDialog
      opened={request !== null}
      decision={decision}
      onClose={() => setRequest(null)}
      onConfirm={confirm}
      title={t(`decision.title.${decision}`, { count })}
      message={
        single
          ? t(`decision.single.${decision}`, {
              exchange: single.exchange_name ?? `#${single.exchange_id}`,
              campaign: single.campaign_name ?? `#${single.campaign_id}`,
            })
          : t(`decision.many.${decision}`, { count })
      }
      confirmLabel={t(`decision.confirm.${decision}`)}
      failedText={t('errors.decideFailed')}
      testIds={{
        dialog: 'approval-decision',
        reason: 'approval-reason',
        confirm: 'approval-decision-confirm',
        cancel: 'approval-decision-cancel',
      }}
    />
  );

  return { ask, dialog, isPending: mutation.isPending };
};
