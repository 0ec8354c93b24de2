// Hourly rollups of the raw delivery events. Kept current incrementally (the recorder's statement
// that inserts a batch adds that batch's rollup rows in the same statement) and rebuilt from the raw events by
// `npm run rollups:rebuild` (rebuildRollups), which must give the same numbers. The compacted tiers
// (compaction.ts) follow: a rollup row of an hour already compacted is added to them in the same
// statement, so they never drift from delivery_hourly either.
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { recompactRange, rollupTierCtes, utcDaysTouched } from './rollup-tiers.ts';

const KEY = 'hour, campaign_id, creative_id, exchange_id, country, os, device_type, traffic_type';
const SUMS =
  'bids, wins, impressions, clicks, conversions, media_cost_micros, advertiser_cost_micros, agency_margin_micros';
const ROLLUP_COLUMNS = sql.raw(`hour, campaign_id, creative_id, advertiser_id, exchange_id, country, os,
  device_type, traffic_type, ${SUMS}`);

/**
 * The rollup rows of a set of raw events (`source`: a table or a CTE with delivery_events' columns),
 * by UTC hour and in key order (so concurrent writers lock rows in one order). BILLING adds the
 * costs; other types than these are raw-only. The one definition the incremental path and the
 * rebuild share, so both give the same numbers.
 */
const rollupRowsOf = (source: SQL, where: SQL = sql`true`) => sql`
  select date_trunc('hour', occurred_at, 'UTC') as hour, campaign_id, creative_id,
    min(advertiser_id) as advertiser_id, exchange_id, country, os, device_type, traffic_type,
    count(*) filter (where type = 'BID') as bids,
    count(*) filter (where type = 'WIN') as wins,
    count(*) filter (where type = 'IMPRESSION') as impressions,
    count(*) filter (where type = 'CLICK') as clicks,
    count(*) filter (where type = 'CONVERSION') as conversions,
    coalesce(sum(media_cost_micros), 0) as media_cost_micros,
    coalesce(sum(advertiser_cost_micros), 0) as advertiser_cost_micros,
    coalesce(sum(agency_margin_micros), 0) as agency_margin_micros
  from ${source}
  where ${where} and type in ('BID', 'WIN', 'IMPRESSION', 'CLICK', 'CONVERSION', 'BILLING')
  group by 1, campaign_id, creative_id, exchange_id, country, os, device_type, traffic_type
  order by 1, campaign_id, creative_id, exchange_id, country, os, device_type, traffic_type`;

const added = (column: string) => sql.raw(`"${column}" = delivery_hourly."${column}" + excluded."${column}"`);

/** Adding rows to existing rollup rows: the sums grow. */
const ADD_ON_CONFLICT = sql`
  on conflict (${sql.raw(KEY)})
  do update set ${sql.join(SUMS.split(', ').map(added), sql`, `)}`;

const TOTAL_SUMS = ['impressions', 'clicks', 'conversions', 'advertiser_cost_micros'];

/**
 * Adds rows of delivery_hourly's columns (`rows`: a CTE or a subquery, with the sign of their sums:
 * -1 for rows taken out) to each campaign's lifetime totals (campaign_delivery_totals), in campaign
 * order so that concurrent writers lock its rows in one order.
 */
const addToCampaignTotals = (rows: SQL, sign: 1 | -1 = 1) => sql`
  insert into campaign_delivery_totals (campaign_id, ${sql.raw(TOTAL_SUMS.join(', '))})
  select campaign_id, ${sql.raw(TOTAL_SUMS.map((name) => `${sign === 1 ? '' : '-'}sum(${name})`).join(', '))}
  from ${rows} as summed group by campaign_id order by campaign_id
  on conflict (campaign_id) do update set ${sql.raw(
    TOTAL_SUMS.map((name) => `"${name}" = campaign_delivery_totals."${name}" + excluded."${name}"`).join(
      ', ',
    ),
  )}`;

/**
 * Adds rows of delivery_hourly's columns (`rows`, signed as for addToCampaignTotals) to each
 * campaign's spend by hour (campaign_delivery_hours), in key order.
 */
const addToCampaignHours = (rows: SQL, sign: 1 | -1 = 1) => sql`
  insert into campaign_delivery_hours (campaign_id, hour, advertiser_cost_micros)
  select campaign_id, hour, ${sql.raw(sign === 1 ? '' : '-')}sum(advertiser_cost_micros)
  from ${rows} as summed group by campaign_id, hour order by campaign_id, hour
  on conflict (campaign_id, hour) do update
  set advertiser_cost_micros = campaign_delivery_hours.advertiser_cost_micros + excluded.advertiser_cost_micros`;

const INVENTORY_KEY = 'day, campaign_id, exchange_id, traffic_type, inventory';
// The output's day: by position, as delivery_events has a day column of its own (the auction's).
const INVENTORY_GROUP = sql.raw('1, campaign_id, exchange_id, traffic_type, inventory');
const INVENTORY_SUMS =
  'wins, impressions, clicks, conversions, media_cost_micros, advertiser_cost_micros, agency_margin_micros';

/** The delivery_daily_inventory rows of a set of raw events (by UTC day of occurrence; no bids). */
const inventoryRowsOf = (source: SQL, where: SQL = sql`true`) => sql`
  select (occurred_at at time zone 'UTC')::date as day, min(advertiser_id), campaign_id, exchange_id,
    traffic_type, inventory,
    count(*) filter (where type = 'WIN'),
    count(*) filter (where type = 'IMPRESSION'),
    count(*) filter (where type = 'CLICK'),
    count(*) filter (where type = 'CONVERSION'),
    coalesce(sum(media_cost_micros), 0),
    coalesce(sum(advertiser_cost_micros), 0),
    coalesce(sum(agency_margin_micros), 0)
  from ${source}
  where ${where} and type in ('WIN', 'IMPRESSION', 'CLICK', 'CONVERSION', 'BILLING')
  group by ${INVENTORY_GROUP} order by ${INVENTORY_GROUP}`;

const INVENTORY_COLUMNS = sql.raw(
  `day, advertiser_id, campaign_id, exchange_id, traffic_type, inventory, ${INVENTORY_SUMS}`,
);

/**
 * The CTEs that add the rollup rows of `source` (the events a statement just inserted) to the
 * hourly rollups, those of compacted hours to the tiers, and the events' delivery by app or site:
 * `rollup_rows as (...), ...`.
 */
export const addRollupCtesOf = (source: SQL) => sql`
  by_inventory as (
    insert into delivery_daily_inventory (${INVENTORY_COLUMNS}) ${inventoryRowsOf(source)}
    on conflict (${sql.raw(INVENTORY_KEY)}) do update set ${sql.raw(
      INVENTORY_SUMS.split(', ')
        .map((name) => `"${name}" = delivery_daily_inventory."${name}" + excluded."${name}"`)
        .join(', '),
    )}),
  rollup_rows as (${rollupRowsOf(source)}),
  rolled_up as (
    insert into delivery_hourly (${ROLLUP_COLUMNS})
    select ${ROLLUP_COLUMNS} from rollup_rows order by ${sql.raw(KEY)}
    ${ADD_ON_CONFLICT}),
  campaign_totals as (${addToCampaignTotals(sql`rollup_rows`)}),
  campaign_hours as (${addToCampaignHours(sql`rollup_rows`)}),
  ${rollupTierCtes(sql`rollup_rows`)}`;

/**
 * The CTE that appends the rollup rows of `source` to delivery_hourly_pending instead: no row of
 * delivery_hourly is locked, so batches of bids written side by side never wait on each other
 * (foldPendingRollups adds them within a second).
 */
export const appendPendingRollupCteOf = (source: SQL) => sql`
  rolled_up as (insert into delivery_hourly_pending (${ROLLUP_COLUMNS}) ${rollupRowsOf(source)})`;

/**
 * Moves every pending rollup row into delivery_hourly (and the tiers, for compacted hours), in one
 * statement: rows another process folds at the same time are deleted (and added) by one of them
 * only. Answers the rollup rows written.
 */
export const foldPendingRollups = async (db: DbOrTx): Promise<number> => {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`
    with moved as (delete from delivery_hourly_pending returning *),
    rollup_rows as (
      select hour, campaign_id, creative_id, min(advertiser_id) as advertiser_id, exchange_id, country, os,
        device_type, traffic_type, sum(bids) as bids, sum(wins) as wins, sum(impressions) as impressions,
        sum(clicks) as clicks, sum(conversions) as conversions, sum(media_cost_micros) as media_cost_micros,
        sum(advertiser_cost_micros) as advertiser_cost_micros, sum(agency_margin_micros) as agency_margin_micros
      from moved group by ${sql.raw(KEY)}),
    rolled_up as (
      insert into delivery_hourly (${ROLLUP_COLUMNS})
      select ${ROLLUP_COLUMNS} from rollup_rows order by ${sql.raw(KEY)}
      ${ADD_ON_CONFLICT}),
    campaign_totals as (${addToCampaignTotals(sql`rollup_rows`)}),
    campaign_hours as (${addToCampaignHours(sql`rollup_rows`)}),
    ${rollupTierCtes(sql`rollup_rows`)}
    select count(*)::int as n from rollup_rows`,
  );
  return Number(rows[0]?.n ?? 0);
};

/**
 * Rebuilds the rollups of [from, to) (whole hours; default: everything) from the raw events, and the
 * compacted tiers of the days they touch, in one transaction. Answers the number of rollup rows
 * written.
 */
export const rebuildRollups = async (db: DbOrTx, range: { from?: Date; to?: Date } = {}): Promise<number> => {
  const from = range.from ?? new Date(0);
  const to = range.to ?? new Date('9999-01-01T00:00:00Z');
  return db.transaction(async (tx) => {
    await tx.execute(sql`with gone as (
        delete from delivery_hourly where hour >= ${from.toISOString()} and hour < ${to.toISOString()}
        returning hour, campaign_id, ${sql.raw(TOTAL_SUMS.join(', '))}),
      gone_totals as (${addToCampaignTotals(sql`gone`, -1)})
      ${addToCampaignHours(sql`gone`, -1)}`);
    // Rows not folded yet are counted again from the raw events below.
    await tx.execute(
      sql`delete from delivery_hourly_pending where hour >= ${from.toISOString()} and hour < ${to.toISOString()}`,
    );
    const rows = await rowsOf<{ n: number }>(
      tx,
      sql`
      with rebuilt as (
        insert into delivery_hourly (${ROLLUP_COLUMNS})
        ${rollupRowsOf(
          sql`delivery_events`,
          sql`occurred_at >= ${from.toISOString()} and occurred_at < ${to.toISOString()}`,
        )}
        returning hour, campaign_id, ${sql.raw(TOTAL_SUMS.join(', '))}),
      campaign_totals as (${addToCampaignTotals(sql`rebuilt`)}),
      campaign_hours as (${addToCampaignHours(sql`rebuilt`)})
      select count(*)::int as n from rebuilt`,
    );
    await recompactRange(tx, from, to);
    await rebuildInventoryDays(tx, from, to);
    return Number(rows[0]?.n ?? 0);
  });
};

/** Rows of `expected` and `actual` (two selects of the same columns) that differ, as a count. */
const differing = (expected: SQL, actual: SQL) => sql`with expected as (${expected}), actual as (${actual})
    select count(*)::int as n from ((select * from expected except all select * from actual)
      union all (select * from actual except all select * from expected)) d`;

/**
 * Each campaign's lifetime totals and its spend by hour checked against delivery_hourly: the
 * campaigns whose totals differ plus the campaign hours whose spend differs (0 when they agree to the
 * micro). `npm run rollups:rebuild` and the tests use it.
 */
export const campaignTotalsDrift = async (db: DbOrTx): Promise<number> => {
  const sums = sql.raw(TOTAL_SUMS.map((name) => `sum(${name})::bigint as ${name}`).join(', '));
  const [totals] = await rowsOf<{ n: number }>(
    db,
    differing(
      sql`select campaign_id, ${sums} from delivery_hourly group by campaign_id`,
      sql`select campaign_id, ${sql.raw(TOTAL_SUMS.join(', '))} from campaign_delivery_totals
      where ${sql.raw(TOTAL_SUMS.map((name) => `${name} <> 0`).join(' or '))}
        or campaign_id in (select campaign_id from delivery_hourly)`,
    ),
  );
  const [hours] = await rowsOf<{ n: number }>(
    db,
    differing(
      sql`select campaign_id, hour, sum(advertiser_cost_micros)::bigint as spent from delivery_hourly
      group by campaign_id, hour`,
      sql`select h.campaign_id, h.hour, h.advertiser_cost_micros as spent from campaign_delivery_hours h
      where h.advertiser_cost_micros <> 0 or exists (select 1 from delivery_hourly d
        where d.campaign_id = h.campaign_id and d.hour = h.hour)`,
    ),
  );
  return Number(totals?.n ?? 0) + Number(hours?.n ?? 0);
};

/** Rewrites every campaign's lifetime totals and spend by hour from delivery_hourly (in one transaction). */
export const rewriteCampaignTotals = async (db: DbOrTx): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from campaign_delivery_totals`);
    await tx.execute(addToCampaignTotals(sql`delivery_hourly`));
    await tx.execute(sql`delete from campaign_delivery_hours`);
    await tx.execute(addToCampaignHours(sql`delivery_hourly`));
  });
};

/** Rebuilds delivery_daily_inventory for the whole UTC days that [from, to) touches. */
const rebuildInventoryDays = async (tx: DbOrTx, from: Date, to: Date) => {
  const { fromDay, toDay } = utcDaysTouched(from, to);
  await tx.execute(sql`delete from delivery_daily_inventory where day >= ${fromDay} and day < ${toDay}`);
  await tx.execute(sql`insert into delivery_daily_inventory (${INVENTORY_COLUMNS})
    ${inventoryRowsOf(
      sql`delivery_events`,
      sql`occurred_at >= (${fromDay}::date)::timestamp at time zone 'UTC'
        and occurred_at < (${toDay}::date)::timestamp at time zone 'UTC'`,
    )}`);
};
