// The delivery columns of the campaign list and view: impressions, clicks, CTR, spend today (the
// campaign's local day) and in total, from the hourly rollups (never the raw events), and the
// pacing state of active campaigns (pacing.ts describePacing, with the advertiser's balance).
import type { CampaignDelivery } from '@console/core/api/campaigns';
import { and, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { campaigns } from '../../db/schema/campaigns.ts';
import { deliveryHourly } from '../../db/schema/delivery.ts';
import { localMidnightMs, readLocalClock } from '../bidding/local-time.ts';
import { describePacing, planPacing } from '../bidding/pacing.ts';
import { costOfImpression } from '../bidding/pricing.ts';
import { readBalances } from '../ledger/ledger-accounts.ts';

type CampaignRow = Pick<
  typeof campaigns.$inferSelect,
  | 'id'
  | 'advertiserId'
  | 'status'
  | 'timeZone'
  | 'startAt'
  | 'endAt'
  | 'totalBudgetMicros'
  | 'dailyBudgetMicros'
  | 'maxBidMicros'
  | 'dayParting'
>;

export const NO_DELIVERY: CampaignDelivery = {
  impressions: 0,
  clicks: 0,
  ctr: 0,
  spend_today_micros: 0,
  spend_total_micros: 0,
  pacing_state: null,
};

const HOUR_MS = 3_600_000;

export const readCampaignDelivery = async (
  db: DbOrTx,
  rows: readonly CampaignRow[],
  nowMs = Date.now(),
): Promise<Map<number, CampaignDelivery>> => {
  const result = new Map<number, CampaignDelivery>();
  if (rows.length === 0) return result;
  const ids = rows.map((row) => row.id);
  // Hours since the earliest local midnight of the page (zones ahead of UTC start the day earlier).
  const midnights = new Map(
    rows.map((row) => [row.id, localMidnightMs(row.timeZone, readLocalClock(row.timeZone, nowMs).dateKey)]),
  );
  const since = Math.min(...midnights.values()) - (Math.min(...midnights.values()) % HOUR_MS);
  const live = rows.filter(
    (row) => row.status === 'ACTIVE' && row.startAt.getTime() <= nowMs && row.endAt.getTime() > nowMs,
  );
  const advertiserIds = [...new Set(live.map((row) => row.advertiserId))];
  const [totals, recent, balances] = await Promise.all([
    db
      .select({
        campaignId: deliveryHourly.campaignId,
        impressions: sql<string>`sum(${deliveryHourly.impressions})::text`,
        clicks: sql<string>`sum(${deliveryHourly.clicks})::text`,
        spent: sql<string>`sum(${deliveryHourly.advertiserCostMicros})::text`,
      })
      .from(deliveryHourly)
      .where(inArray(deliveryHourly.campaignId, ids))
      .groupBy(deliveryHourly.campaignId),
    db
      .select({
        campaignId: deliveryHourly.campaignId,
        hour: deliveryHourly.hour,
        spent: sql<string>`sum(${deliveryHourly.advertiserCostMicros})::text`,
      })
      .from(deliveryHourly)
      .where(and(inArray(deliveryHourly.campaignId, ids), gte(deliveryHourly.hour, new Date(since))))
      .groupBy(deliveryHourly.campaignId, deliveryHourly.hour),
    readBalances(db, advertiserIds),
  ]);
  const totalOf = new Map(totals.map((row) => [row.campaignId, row]));
  const balanceOf = new Map([...balances].map(([userId, balance]) => [userId, Number(balance)]));
  const liveIds = new Set(live.map((row) => row.id));
  for (const row of rows) {
    const total = totalOf.get(row.id);
    const impressions = Number(total?.impressions ?? 0);
    const clicks = Number(total?.clicks ?? 0);
    const spentTotal = Number(total?.spent ?? 0);
    // An hour counts toward today from the hour that holds local midnight (exact for whole-hour zones).
    const midnight = midnights.get(row.id)!;
    const spentToday = recent
      .filter(
        (entry) => entry.campaignId === row.id && entry.hour.getTime() >= midnight - (midnight % HOUR_MS),
      )
      .reduce((sum, entry) => sum + Number(entry.spent), 0);
    let pacingState: CampaignDelivery['pacing_state'] = null;
    if (liveIds.has(row.id)) {
      const clock = readLocalClock(row.timeZone, nowMs);
      const campaign = {
        startMs: row.startAt.getTime(),
        endMs: row.endAt.getTime(),
        dayParting: row.dayParting ?? null,
        dailyBudgetMicros: row.dailyBudgetMicros,
        totalBudgetMicros: row.totalBudgetMicros,
      };
      pacingState = describePacing({
        totalBudgetMicros: row.totalBudgetMicros,
        dailyBudgetMicros: row.dailyBudgetMicros,
        spentTotalMicros: spentTotal,
        spentTodayMicros: spentToday,
        balanceMicros: balanceOf.get(row.advertiserId) ?? 0,
        // The most one impression can cost at the max bid (margins apart).
        impressionMicros: costOfImpression(row.maxBidMicros, 0).mediaMicros,
        plan: planPacing({ campaign, clock, nowMs, spentBeforeTodayMicros: spentTotal - spentToday }),
      });
    }
    result.set(row.id, {
      impressions,
      clicks,
      ctr: impressions > 0 ? clicks / impressions : 0,
      spend_today_micros: spentToday,
      spend_total_micros: spentTotal,
      pacing_state: pacingState,
    });
  }
  return result;
};
