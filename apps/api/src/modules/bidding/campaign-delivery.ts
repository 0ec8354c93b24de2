// The delivery columns of the campaign list and view: impressions, clicks, CTR, spend today (the
// campaign's local day) and in total, from the rollups and each campaign's totals (never the raw events), and the
// pacing state of active campaigns (pacing.ts describePacing, with the advertiser's balance).
import type { CampaignDelivery } from '@console/core/api/campaigns';
import { readLocalClock } from '@console/core/time/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import type { WithTextTimestamps } from '../../db/aliased-columns.ts';
import { jsonColumn } from '../../db/json-column.ts';
import type { campaigns } from '../../db/schema/campaigns.ts';
import { campaignDeliveryHours, campaignDeliveryTotals } from '../../db/schema/delivery.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { precompiled, renderedOnce } from '../../db/sql-fragment.ts';
import { msOf } from '../../db/timestamp-text.ts';
import { describePacing, planPacing } from './pacing.ts';
import { costOfImpression } from './pricing.ts';

/** A campaign as its delivery is described from: its flight as Dates or as ISO text (a list page's). */
type CampaignRow = WithTextTimestamps<
  Pick<
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
  >
>;

export const NO_DELIVERY: CampaignDelivery = {
  impressions: 0,
  clicks: 0,
  ctr: 0,
  spend_today_micros: 0,
  spend_total_micros: 0,
  pacing_state: null,
};

/** What the delivery columns are computed from, as read from the rollups and the ledger. */
export type DeliveryFacts = {
  totals: Map<number, { impressions: number; clicks: number; spent: number }>;
  /** Spend since the hour that holds each campaign's local midnight, by campaign. */
  today: Map<number, number>;
  balances: Map<number, number>;
};

// The facts come with the statement that reads the campaigns (campaign-queries.ts), not in three
// more statements: that statement names its campaigns in a CTE `page` (c_id, "c_advertiserId",
// "c_timeZone"), deliveryFactCtes reads their facts and DELIVERY_FACT_JOINS brings each row its own.
// The totals are one row a campaign (campaign_delivery_totals, kept with the rollups): summing the
// rollups instead read every rollup row of the page's campaigns, thousands for a campaign a month
// old, on every page (on PGlite with the demo's 30 days, most of the list's time). Today's spend is
// summed in the statement from the spend by hour of each campaign's own local day (from the hour that
// holds its local midnight at the server's `now`): campaign_delivery_hours, one row a campaign and
// hour kept with the rollups, by key; delivery_hourly has a row for every creative, exchange, country,
// OS, device and traffic type of those hours (on PGlite with the demo's 30 days the sum over them was
// about a third of the list's database time). The page's hours are read in one index scan
// (d_hours: every page campaign's last 27 hours, at most 27 rows each), and each campaign's own day is
// taken from those: a lookup per page row (a lateral subquery) rescanned the table's heap once per
// row, and on PGlite each heap scan asks the file system for the table's size (an fstat, most of the
// list's CPU after the rows themselves: measured 20 of a page's 28). Each campaign's local midnight
// is worked out once (d_days), not for each of its hours. The CTEs are materialized: as a
// lateral subquery per row the planner, which
// expects a CTE of one row, ran it once per page row for every page row (121 times for 11 rows).
// It read the last 27 hours of every row before and left the day to the server: the hours before
// the local midnight were most of the rollup rows read, and on PGlite with the demo's history most
// of the list's time (measured: see docs/measuring.md). The local midnight is the database's zone
// rules at the instant the server passes, so the server's clock decides the day, as for the pacing.

/**
 * How far back `d_hours` reads: a local day starts at most 25 hours before now (a day that leaves
 * summer time), and the hour that holds its midnight at most an hour before that.
 */
const HOURS_READ = 27;

/**
 * `d_totals` and `d_today` (after a `with` that defines `page`) at the instant `now` (a timestamptz
 * SQL value): the facts of the page's campaigns.
 */
export const deliveryFactCtes = precompiled<[SQL]>(
  1,
  (now) => sql`d_totals as (
      select ${campaignDeliveryTotals.campaignId} as campaign_id,
        json_build_array(${campaignDeliveryTotals.impressions}::text, ${campaignDeliveryTotals.clicks}::text,
          ${campaignDeliveryTotals.advertiserCostMicros}::text) as facts
      from ${campaignDeliveryTotals} where ${campaignDeliveryTotals.campaignId} in (select c_id from page)),
    d_hours as materialized (
      select ${campaignDeliveryHours.campaignId} as campaign_id, ${campaignDeliveryHours.hour} as hour,
        ${campaignDeliveryHours.advertiserCostMicros} as spent
      from ${campaignDeliveryHours}
      where ${campaignDeliveryHours.campaignId} = any(array(select c_id from page))
        and ${campaignDeliveryHours.hour} >= ${now} - interval '${sql.raw(String(HOURS_READ))} hours'),
    d_days as materialized (
      select page.c_id as campaign_id, date_trunc('hour',
        date_trunc('day', ${now} at time zone page."c_timeZone") at time zone page."c_timeZone", 'UTC') as since
      from page),
    d_today as materialized (
      select d_days.campaign_id, sum(d_hours.spent)::text as spent
      from d_days join d_hours on d_hours.campaign_id = d_days.campaign_id and d_hours.hour >= d_days.since
      group by d_days.campaign_id)`,
);

/**
 * The instant the facts are read at, as deliveryFactCtes takes it, from its parameter
 * (factInstantValueOf): a subquery the planner cannot read, as the searches' patterns
 * (platform/search-walk.ts). As a plain parameter every call's plan knew how few rollup hours follow
 * `now`, which the generic plan cannot, so the generic plan never looked as cheap as the custom ones
 * and PostgreSQL planned the list and the detail again on every call (on PGlite with the demo's 30
 * days, in-process: 3.6 ms of CPU an admin list page planned each time, 2.7 ms with the generic
 * plan). The index walk of campaign_delivery_hours by (campaign, hour) is the plan either way.
 */
export const factInstantFrom = (value: SQL): SQL => sql`(select ${value}::timestamptz)`;

/** Every zone's offset from UTC is a whole number of quarter hours, so each local day starts on one. */
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The value of factInstantFrom's parameter for the instant `nowMs` (for a fixedStatement): the
 * quarter hour it falls in. The facts depend on `now` only through each campaign's local day (which
 * starts on a quarter hour in every zone, so it is the same day) and the lower bound of the hours
 * read (27 hours back: a few minutes earlier reads at most one more hour, which the day's own bound
 * leaves out); the pacing is worked out at the exact instant (describeCampaignDelivery). So the
 * statement's values change four times an hour, not every millisecond, and the embedded database's
 * read cache can answer a page read again (readRows's `cached`).
 */
export const factInstantValueOf = (nowMs: number) =>
  new Date(nowMs - (nowMs % QUARTER_HOUR_MS)).toISOString();

/** The joins (after `from page`, or a join with it) that bring a row its facts. */
export const DELIVERY_FACT_JOINS = renderedOnce(
  sql`left join d_totals on d_totals.campaign_id = page.c_id
    left join d_today on d_today.campaign_id = page.c_id
    left join ${ledgerAccounts} on ${ledgerAccounts.userId} = page."c_advertiserId"`,
);

/** The facts as columns, read back by deliveryFactsOf. */
export const DELIVERY_FACT_COLUMNS = renderedOnce(
  sql`d_totals.facts as d_totals, d_today.spent as d_today, ${ledgerAccounts.balanceMicros}::text as d_balance`,
);

/** The facts of page rows read with DELIVERY_FACT_COLUMNS (raw rows, parallel to `rows`). */
export const deliveryFactsOf = (
  rows: readonly Pick<CampaignRow, 'id' | 'advertiserId'>[],
  raws: readonly Record<string, unknown>[],
): DeliveryFacts => {
  const facts: DeliveryFacts = { totals: new Map(), today: new Map(), balances: new Map() };
  rows.forEach((row, index) => {
    const raw = raws[index]!;
    const [impressions, clicks, spent] = (jsonColumn<(string | null)[] | null>(raw.d_totals) ?? []) as (
      | string
      | null
    )[];
    if (impressions !== null && impressions !== undefined)
      facts.totals.set(row.id, {
        impressions: Number(impressions),
        clicks: Number(clicks),
        spent: Number(spent),
      });
    if (raw.d_today !== null && raw.d_today !== undefined) facts.today.set(row.id, Number(raw.d_today));
    if (raw.d_balance !== null && raw.d_balance !== undefined)
      facts.balances.set(row.advertiserId, Number(raw.d_balance));
  });
  return facts;
};

/** The flight of a campaign delivering at `nowMs` (active, started, not ended), in ms; else null. */
const liveFlightOf = (row: CampaignRow, nowMs: number) => {
  if (row.status !== 'ACTIVE') return null;
  const startMs = msOf(row.startAt);
  const endMs = msOf(row.endAt);
  return startMs <= nowMs && endMs > nowMs ? { startMs, endMs } : null;
};

/** The delivery columns of each row from its facts. */
export const describeCampaignDelivery = (
  rows: readonly CampaignRow[],
  facts: DeliveryFacts,
  nowMs: number,
): Map<number, CampaignDelivery> => {
  const result = new Map<number, CampaignDelivery>();
  for (const row of rows) {
    const total = facts.totals.get(row.id);
    const impressions = total?.impressions ?? 0;
    const clicks = total?.clicks ?? 0;
    const spentTotal = total?.spent ?? 0;
    // An hour counts toward today from the hour that holds local midnight (exact for whole-hour zones).
    const spentToday = facts.today.get(row.id) ?? 0;
    let pacingState: CampaignDelivery['pacing_state'] = null;
    const flight = liveFlightOf(row, nowMs);
    if (flight) {
      const clock = readLocalClock(row.timeZone, nowMs);
      const campaign = {
        ...flight,
        dayParting: row.dayParting ?? null,
        dailyBudgetMicros: row.dailyBudgetMicros,
        totalBudgetMicros: row.totalBudgetMicros,
      };
      pacingState = describePacing({
        totalBudgetMicros: row.totalBudgetMicros,
        dailyBudgetMicros: row.dailyBudgetMicros,
        spentTotalMicros: spentTotal,
        spentTodayMicros: spentToday,
        balanceMicros: facts.balances.get(row.advertiserId) ?? 0,
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
