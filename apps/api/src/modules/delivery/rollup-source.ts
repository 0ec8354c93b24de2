// Which rollups answer a query: the narrowest compacted tier (rollup-tiers.ts) that keeps every
// column the query groups or filters by, for the whole UTC days of its period that are compacted;
// delivery_hourly for the rest (the partial days at the ends of a period in another time zone, and
// the days not compacted yet). The answer is one FROM item named delivery_hourly with all its
// columns, so the queries read the same whichever tiers are under it, and the numbers are the same
// (every tier is delivery_hourly summed).
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRowsOf } from '../../db/prepared-statement.ts';
import { ROLLUP_TIERS, type RollupColumn, type RollupTier, SUM_NAMES } from './rollup-tiers.ts';

export type SourceNeeds = {
  /** The columns the query groups or filters by. */
  columns: readonly RollupColumn[];
  /** How it buckets time: not at all, by (local) day, or by hour. */
  grain: 'none' | 'day' | 'hour';
};

export type SourceWindow = {
  /** [startAt, endAt): the period as instants. */
  startAt: Date;
  endAt: Date;
  /** Whether the caller's days are UTC days throughout the period (a day tier buckets by UTC day). */
  utcDays: boolean;
  /** Every UTC day before it is in the tiers ('YYYY-MM-DD'; null before the first compaction). */
  compactedBefore: string | null;
};

const COLUMN_TYPES: Record<RollupColumn, string> = {
  advertiser_id: 'bigint',
  campaign_id: 'bigint',
  creative_id: 'bigint',
  exchange_id: 'integer',
  country: 'text',
  os: 'text',
  device_type: 'text',
  traffic_type: 'text',
};
const ALL_COLUMNS = Object.keys(COLUMN_TYPES) as RollupColumn[];
const DAY_MS = 86_400_000;

const usable = (tier: RollupTier, needs: SourceNeeds, window: SourceWindow) =>
  needs.columns.every((column) => tier.columns.includes(column)) &&
  (needs.grain === 'none' || tier.grain === 'hour' || (needs.grain === 'day' && window.utcDays));

const iso = (ms: number) => new Date(ms).toISOString();

const branchOf = (tier: RollupTier, where: SQL) => {
  const columns = ALL_COLUMNS.map((column) =>
    tier.columns.includes(column) ? column : `null::${COLUMN_TYPES[column]} as ${column}`,
  );
  const hour = tier.grain === 'hour' ? 'hour' : "(day::timestamp at time zone 'UTC') as hour";
  return sql`select ${sql.raw([hour, ...columns, ...SUM_NAMES].join(', '))} from ${sql.raw(tier.table)} where ${where}`;
};

const hourlyBranch = (fromMs: number, toMs: number) =>
  sql`select ${sql.raw(['hour', ...ALL_COLUMNS, ...SUM_NAMES].join(', '))} from delivery_hourly
    where hour >= ${iso(fromMs)} and hour < ${iso(toMs)}`;

/** The FROM item for a query with these needs over this window (see the head of the file). */
export const rollupSource = (needs: SourceNeeds, window: SourceWindow): SQL => {
  const plain = sql.raw('delivery_hourly');
  const tier = ROLLUP_TIERS.find((candidate) => usable(candidate, needs, window));
  if (!tier || window.compactedBefore === null) return plain;
  const start = window.startAt.getTime();
  const end = window.endAt.getTime();
  const compactedUntil = Date.parse(window.compactedBefore);
  const branches: SQL[] = [];
  if (tier.grain === 'hour') {
    const split = Math.min(end, compactedUntil);
    if (start >= split) return plain;
    branches.push(branchOf(tier, sql`hour >= ${iso(start)} and hour < ${iso(split)}`));
    if (split < end) branches.push(hourlyBranch(split, end));
  } else {
    const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
    const endDay = Math.min(Math.floor(end / DAY_MS) * DAY_MS, compactedUntil);
    if (firstDay >= endDay) return plain;
    const days = sql`day >= ${iso(firstDay).slice(0, 10)} and day < ${iso(endDay).slice(0, 10)}`;
    branches.push(branchOf(tier, days));
    if (start < firstDay) branches.push(hourlyBranch(start, firstDay));
    if (endDay < end) branches.push(hourlyBranch(endDay, end));
  }
  return sql`(${sql.join(branches, sql` union all `)}) as delivery_hourly`;
};

/**
 * The window of local dates [from, to] in a time zone, in one round trip: the instants of its ends,
 * whether each of its midnights is a UTC midnight, and the compaction watermark.
 */
export const readLocalWindow = async (
  db: DbOrTx,
  period: { from: string; to: string },
  tz: string,
): Promise<SourceWindow> => {
  const rows = await preparedRowsOf<{
    start_at: string | Date;
    end_at: string | Date;
    utc_days: boolean;
    compacted_before: string | null;
  }>(
    db,
    sql`
    select (${period.from}::date)::timestamp at time zone ${tz} as start_at,
      (${period.to}::date + 1)::timestamp at time zone ${tz} as end_at,
      (select bool_and((d::timestamp at time zone ${tz}) = (d::timestamp at time zone 'UTC'))
        from generate_series(${period.from}::date, ${period.to}::date + 1, interval '1 day') d) as utc_days,
      (select compacted_before::text from rollup_compaction) as compacted_before`,
  );
  const row = rows[0]!;
  return {
    startAt: new Date(row.start_at),
    endAt: new Date(row.end_at),
    utcDays: row.utc_days === true,
    compactedBefore: row.compacted_before,
  };
};
