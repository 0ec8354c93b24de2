// A campaign submitted with a budget above its advertiser's balance is accepted; the answer's
// `budget_warning` says so with both amounts, and the submitter sees them in a lasting notice.
import type { BudgetWarning, CampaignDetail } from '@console/core/api/campaigns';
import { formatMicros } from '@console/core/format/money';
import { showToast } from '../../../components/toast.ts';
import type { ApiResult } from '../../../lib/http/api-result.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const announceBudgetWarning = async (result: ApiResult<CampaignDetail>) => {
  const warning = (result as { budget_warning?: BudgetWarning }).budget_warning;
  if (!result.success || !warning) return;
  // The form that submits may not have loaded this namespace yet.
  await i18n.loadNamespaces('campaigns');
  showToast(
    'info',
    i18n.t('campaigns:budgetWarning.message', {
      budget: formatMicros(warning.total_budget_micros),
      balance: formatMicros(warning.balance_micros),
    }),
    i18n.t('campaigns:budgetWarning.title'),
  );
};
