// A campaign submitted with a total budget above its advertiser's balance: allowed (funds may come
// before delivery), but the submitter is told, with both amounts.
import type { BudgetWarning, CampaignDetail } from '@console/core/api/campaigns';
import type { DbOrTx } from '../../db/client.ts';
import { readBalances } from '../ledger/index.ts';

/** The warning for a campaign this request submitted, or undefined when its balance covers it. */
export const budgetWarningOf = async (
  db: DbOrTx,
  campaign: CampaignDetail,
): Promise<BudgetWarning | undefined> => {
  if (campaign.status !== 'PENDING_APPROVAL') return undefined;
  const advertiserId = campaign.advertiser.user_primary_id;
  const balance = (await readBalances(db, [advertiserId])).get(advertiserId) ?? 0n;
  if (BigInt(campaign.total_budget_micros) <= balance) return undefined;
  return { total_budget_micros: campaign.total_budget_micros, balance_micros: Number(balance) };
};
