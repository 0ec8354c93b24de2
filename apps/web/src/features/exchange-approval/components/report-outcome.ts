// The toast of a decision's outcome: how many were decided, and how many failed and are unchanged.

import { showToast } from '../../../components/toast.ts';
import type { TFunction } from '../../../lib/i18n/locale-store.ts';
import type { DecisionOutcome } from '../approval-model.ts';

/** `t` of the `exchange-approval` namespace. */
export const reportOutcome = (t: TFunction, outcome: DecisionOutcome): void => {
  if (outcome.failed === 0) {
    showToast('success', t(`toasts.done.${outcome.decision}`, { count: outcome.succeeded }));
    return;
  }
  showToast(
    'error',
    t(`toasts.partial.${outcome.decision}`, {
      succeeded: outcome.succeeded,
      failed: outcome.failed,
      total: outcome.items.length,
    }),
  );
};
