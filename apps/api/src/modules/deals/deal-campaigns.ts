// The campaigns a deleted deal leaves: a campaign naming the deal id on the deal's exchange loses the
// id from its targeting (in its change log, by whoever deleted the deal), unless the same id is still
// recorded on another of its exchanges. A campaign that buys only through its deals and would lose
// its last one is not turned into an open-auction buyer behind its owner's back: the deletion is
// refused, naming those campaigns, until they get another deal or are opened to the open auction.
import type { Targeting } from '@console/core/api/campaigns';
import { DEAL_MESSAGES } from '@console/core/api/deals';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { campaignExchanges, campaigns } from '../../db/schema/campaigns.ts';
import { deals } from '../../db/schema/reference.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { conflict } from '../../platform/errors.ts';

/** Finished campaigns never bid again: they keep what they named. */
const FINISHED = ['COMPLETED', 'ARCHIVED'] as const;

/** Removes a deal (already deleted in `tx`) from the campaigns that bought it; how many changed. */
export const detachDealFromCampaigns = async (
  tx: Tx,
  principal: Principal,
  deal: { id: number; exchangeId: number; dealId: string; name: string },
): Promise<number> => {
  const naming = await tx
    .select({ id: campaigns.id, name: campaigns.name, targeting: campaigns.targeting })
    .from(campaigns)
    .innerJoin(
      campaignExchanges,
      and(eq(campaignExchanges.campaignId, campaigns.id), eq(campaignExchanges.exchangeId, deal.exchangeId)),
    )
    .where(
      and(
        notInArray(campaigns.status, [...FINISHED]),
        sql`${campaigns.targeting} -> 'deal_ids' ? ${deal.dealId}`,
        // The same id recorded on another of the campaign's exchanges still serves it.
        sql`not exists (select 1 from ${deals} join ${campaignExchanges} other
          on other.exchange_id = ${deals.exchangeId} and other.campaign_id = ${campaigns.id}
          where ${deals.dealId} = ${deal.dealId} and ${deals.id} <> ${deal.id})`,
      ),
    )
    .orderBy(campaigns.id)
    .for('update', { of: campaigns });
  const stranded = naming.filter(({ targeting }) => {
    const { deal_ids: ids = [], deals_only: only = true } = targeting as Partial<Targeting>;
    return only && ids.every((id) => id === deal.dealId);
  });
  if (stranded.length > 0)
    throw conflict(
      DEAL_MESSAGES.onlyDealOf(
        deal.name,
        stranded.map((campaign) => campaign.name),
      ),
    );
  for (const campaign of naming) {
    const before = (campaign.targeting as Partial<Targeting>).deal_ids ?? [];
    const after = before.filter((id) => id !== deal.dealId);
    await tx
      .update(campaigns)
      .set({ targeting: { ...campaign.targeting, deal_ids: after }, updatedAt: new Date() })
      .where(eq(campaigns.id, campaign.id));
    await recordChange(tx, {
      entityType: 'campaign',
      entityId: campaign.id,
      action: 'update',
      ...actorOf(principal),
      changes: diffFields({ 'targeting.deal_ids': before }, { 'targeting.deal_ids': after }),
    });
  }
  return naming.length;
};
