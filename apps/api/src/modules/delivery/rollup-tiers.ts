// The compacted tiers of the rollups (schema/delivery.ts): delivery_hourly summed over fewer columns
// for whole UTC days before rollup_compaction.compacted_before. At ten million events the hourly
// rollups hold about one row per auction (campaign x creative x exchange x country x OS x device x
// app-or-site x hour is that sparse), so a month of everyone's delivery is millions of rows; the
// tiers hold a month of everyone in a few hundred thousand. Written three ways, all exact:
//   - compactDays: a day's tier rows are rewritten from delivery_hourly (compaction.ts, a rebuild);
//   - rollupTierCtes: a rollup row for an hour already compacted (a straggler: a journal replayed
//     after a crash, a batch written across the compaction) is added to the tiers in the statement
//     that adds it to delivery_hourly;
//   - nothing else writes them.
// rollup-source.ts decides which tier answers a query.
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';

export type RollupColumn =
  | 'advertiser_id'
  | 'campaign_id'
  | 'creative_id'
  | 'exchange_id'
  | 'country'
  | 'os'
  | 'device_type'
  | 'traffic_type';

export type RollupTier = {
  table: string;
  /** Hours (any time zone's days and hours) or UTC days. */
  grain: 'hour' | 'day';
  /** The rollup columns it keeps (the others it sums over). */
  columns: readonly RollupColumn[];
  /** Its unique key, for adding to existing rows. */
  key: readonly string[];
};

/** Narrowest first: a query reads the first tier that keeps what it needs. */
export const ROLLUP_TIERS: readonly RollupTier[] = [
  {
    table: 'delivery_daily_advertiser',
    grain: 'day',
    columns: ['advertiser_id'],
    key: ['day', 'advertiser_id'],
  },
  {
    table: 'delivery_daily_campaign_total',
    grain: 'day',
    columns: ['advertiser_id', 'campaign_id'],
    key: ['day', 'campaign_id'],
  },
  {
    table: 'delivery_daily_campaign',
    grain: 'day',
    columns: ['advertiser_id', 'campaign_id', 'creative_id', 'exchange_id'],
    key: ['day', 'campaign_id', 'creative_id', 'exchange_id'],
  },
  {
    table: 'delivery_daily_geo',
    grain: 'day',
    columns: ['advertiser_id', 'country', 'os'],
    key: ['day', 'advertiser_id', 'country', 'os'],
  },
  {
    table: 'delivery_hourly_advertiser',
    grain: 'hour',
    columns: ['advertiser_id'],
    key: ['hour', 'advertiser_id'],
  },
];

export const SUM_NAMES = [
  'bids',
  'wins',
  'impressions',
  'clicks',
  'conversions',
  'media_cost_micros',
  'advertiser_cost_micros',
  'agency_margin_micros',
] as const;

const SUMS = SUM_NAMES.join(', ');
const SUMMED = SUM_NAMES.map((name) => `sum(${name})`).join(', ');

/**
 * How a tier sums rows of delivery_hourly's columns: the select list (in the tier's column order) and
 * the grouping. advertiser_id follows the campaign: carried with min() where it is not in the key.
 */
const tierSumOf = (tier: RollupTier) => {
  const time = tier.grain === 'hour' ? 'hour' : "(hour at time zone 'UTC')::date";
  const carried = tier.columns.map((column) =>
    column === 'advertiser_id' && !tier.key.includes(column) ? 'min(advertiser_id)' : column,
  );
  const grouped = tier.columns.filter((column) => tier.key.includes(column));
  return { select: [time, ...carried, SUMMED].join(', '), group: [time, ...grouped].join(', ') };
};

/** A tier's rows summed from rollup rows of `source` (delivery_hourly's columns) matching `where`. */
const tierInsert = (tier: RollupTier, source: SQL, where: SQL) => {
  const { select, group } = tierSumOf(tier);
  const added = SUM_NAMES.map((name) => `"${name}" = ${tier.table}."${name}" + excluded."${name}"`);
  return sql`insert into ${sql.raw(tier.table)} (${sql.raw([tier.grain, ...tier.columns, SUMS].join(', '))})
    select ${sql.raw(select)} from ${source} where ${where}
    group by ${sql.raw(group)} order by ${sql.raw(group)}
    on conflict (${sql.raw(tier.key.join(', '))}) do update set ${sql.raw(added.join(', '))}`;
};

/** The first instant not compacted yet (null before the first compaction), as SQL. */
const COMPACTED_UNTIL = sql`(select compacted_before::timestamp at time zone 'UTC' from rollup_compaction)`;

/**
 * CTEs adding the rollup rows of `rows` (a CTE of delivery_hourly's columns) for compacted hours to
 * every tier. Almost always they find no row: compaction waits until a day has been closed a while.
 */
export const rollupTierCtes = (rows: SQL) =>
  sql.join(
    ROLLUP_TIERS.map(
      (tier, index) =>
        sql`${sql.raw(`late_${index}`)} as (${tierInsert(tier, rows, sql`hour < ${COMPACTED_UNTIL}`)})`,
    ),
    sql`, `,
  );

const DAY_MS = 86_400_000;
/** The UTC date of an instant in milliseconds, 'YYYY-MM-DD'. */
export const utcDateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The whole UTC days [fromDay, toDay) that the instants [from, to) touch. */
export const utcDaysTouched = (from: Date, to: Date) => ({
  fromDay: utcDateOf(Math.floor(Math.max(from.getTime(), 0) / DAY_MS) * DAY_MS),
  toDay: utcDateOf(Math.min(Math.ceil(to.getTime() / DAY_MS) * DAY_MS, Date.parse('9999-01-01'))),
});

/** Every UTC day before this is in the tiers (null: nothing compacted yet). */
export const readCompactedBefore = async (db: DbOrTx): Promise<string | null> => {
  const rows = await rowsOf<{ before: string }>(
    db,
    sql`select compacted_before::text as before from rollup_compaction`,
  );
  return rows[0]?.before ?? null;
};

/** Rewrites every tier's rows of the UTC days [fromDay, toDay) from delivery_hourly (in a transaction). */
export const rewriteTierDays = async (tx: DbOrTx, fromDay: string, toDay: string) => {
  const hours = sql`hour >= (${fromDay}::date)::timestamp at time zone 'UTC'
    and hour < (${toDay}::date)::timestamp at time zone 'UTC'`;
  for (const tier of ROLLUP_TIERS) {
    await tx.execute(
      tier.grain === 'hour'
        ? sql`delete from ${sql.raw(tier.table)} where ${hours}`
        : sql`delete from ${sql.raw(tier.table)} where day >= ${fromDay} and day < ${toDay}`,
    );
    await tx.execute(tierInsert(tier, sql`delivery_hourly`, hours));
  }
};

/**
 * After delivery_hourly was rebuilt for [from, to): rewrites the tiers of the UTC days it touches
 * that were already compacted (in the rebuild's transaction).
 */
export const recompactRange = async (tx: DbOrTx, from: Date, to: Date) => {
  const compactedBefore = await readCompactedBefore(tx);
  if (compactedBefore === null) return;
  const { fromDay, toDay } = utcDaysTouched(from, to);
  const until = utcDateOf(Math.min(Date.parse(toDay), Date.parse(compactedBefore)));
  if (fromDay < until) await rewriteTierDays(tx, fromDay, until);
};

/**
 * The tiers checked against delivery_hourly over the compacted days: for each, the rows that differ
 * either way (0 when they agree). `npm run rollups:rebuild` and the tests use it.
 */
export const tierDrift = async (db: DbOrTx): Promise<{ table: string; rows: number }[]> => {
  const drift: { table: string; rows: number }[] = [];
  for (const tier of ROLLUP_TIERS) {
    const { select, group } = tierSumOf(tier);
    const columns = [tier.grain, ...tier.columns].join(', ');
    const rows = await rowsOf<{ n: number }>(
      db,
      sql`
      with bound as (select compacted_before::timestamp at time zone 'UTC' as until from rollup_compaction),
      expected as (
        select ${sql.raw(select)} from delivery_hourly
        where hour < (select until from bound) group by ${sql.raw(group)}),
      actual as (
        select ${sql.raw([columns, SUMS].join(', '))} from ${sql.raw(tier.table)}
        where ${sql.raw(tier.grain === 'hour' ? 'hour' : "(day::timestamp at time zone 'UTC')")}
          < (select until from bound))
      select count(*)::int as n from ((select * from expected except all select * from actual)
        union all (select * from actual except all select * from expected)) d`,
    );
    drift.push({ table: tier.table, rows: Number(rows[0]?.n ?? 0) });
  }
  return drift;
};
