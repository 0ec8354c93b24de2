// What the saver of a campaign must know after a save or status move, as lasting notices:
// - a campaign submitted with a budget above its advertiser's balance is accepted; the answer's
//   `budget_warning` says so with both amounts;
// - a campaign meant to deliver (submitted or active) without an approved creative cannot buy anything
//   until an exchange approves one (the campaign page says so too).
import type { BudgetWarning, CampaignDetail } from '@console/core/api/campaigns';
import { formatMicros } from '@console/core/format/money';
import { showToast } from '../../../components/toast.ts';
import { localeOf } from '../../../lib/format/date-time.ts';
import type { ApiResult } from '../../../lib/http/api-result.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { creativeReadiness } from '../view/view-model.ts';

export const announceSubmitNotices = async (result: ApiResult<CampaignDetail>) => {
  if (!result.success || !result.data) return;
  const campaign = result.data;
  const warning = (result as { budget_warning?: BudgetWarning }).budget_warning;
  const readiness = creativeReadiness(campaign);
  if (!warning && !readiness.cannotDeliver) return;
  // The form that submits may not have loaded this namespace yet.
  await i18n.loadNamespaces('campaigns');
  if (warning)
    showToast(
      'info',
      i18n.t('campaigns:budgetWarning.message', {
        budget: formatMicros(warning.total_budget_micros, localeOf(i18n.language)),
        balance: formatMicros(warning.balance_micros, localeOf(i18n.language)),
      }),
      i18n.t('campaigns:budgetWarning.title'),
    );
  if (readiness.cannotDeliver)
    showToast(
      'info',
      campaign.creatives.length === 0
        ? i18n.t('campaigns:view.cannotDeliverNoCreative')
        : i18n.t('campaigns:view.cannotDeliverPending', readiness),
      i18n.t('campaigns:view.cannotDeliverTitle'),
    );
};
