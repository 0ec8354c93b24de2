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

const hourlyColumns = sql.raw(
  `select ${['hour', ...ALL_COLUMNS, ...SUM_NAMES].join(', ')} from delivery_hourly`,
);

const hourlyBranch = (fromMs: number, toMs: number) =>
  sql`${hourlyColumns} where hour >= ${iso(fromMs)} and hour < ${iso(toMs)}`;

/**
 * The compaction watermark, read by the query itself (so no round trip of its own, and always the
 * current one): the first UTC day not compacted (before the first compaction, none is), and its start.
 */
const WATERMARK = "coalesce((select compacted_before from rollup_compaction), '-infinity'::date)";
const COMPACTED_DAY = sql.raw(WATERMARK);
const COMPACTED_UNTIL = sql.raw(`(${WATERMARK})::timestamp at time zone 'UTC'`);

/**
 * The FROM item for a query with these needs over this window (see the head of the file). The split
 * between the tier and delivery_hourly is the watermark, in the statement: the tier's part ends there
 * (or at the window's last whole day) and delivery_hourly's begins there, either part empty as it falls.
 */
export const rollupSource = (needs: SourceNeeds, window: SourceWindow): SQL => {
  const plain = sql.raw('delivery_hourly');
  const tier = ROLLUP_TIERS.find((candidate) => usable(candidate, needs, window));
  if (!tier) return plain;
  const start = window.startAt.getTime();
  const end = window.endAt.getTime();
  const branches: SQL[] = [];
  if (tier.grain === 'hour') {
    const split = sql`least(${iso(end)}::timestamptz, ${COMPACTED_UNTIL})`;
    branches.push(branchOf(tier, sql`hour >= ${iso(start)} and hour < ${split}`));
    branches.push(
      sql`${hourlyColumns} where hour >= greatest(${iso(start)}::timestamptz, ${split}) and hour < ${iso(end)}`,
    );
  } else {
    const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
    const endDay = Math.floor(end / DAY_MS) * DAY_MS;
    if (firstDay >= endDay) return plain;
    const split = sql`least(${iso(endDay).slice(0, 10)}::date, ${COMPACTED_DAY})`;
    branches.push(branchOf(tier, sql`day >= ${iso(firstDay).slice(0, 10)} and day < ${split}`));
    if (start < firstDay) branches.push(hourlyBranch(start, firstDay));
    branches.push(
      sql`${hourlyColumns} where hour >= greatest(${iso(firstDay).slice(0, 10)}::date, ${split})::timestamp at time zone 'UTC'
        and hour < ${iso(end)}`,
    );
  }
  return sql`(${sql.join(branches, sql` union all `)}) as delivery_hourly`;
};

type LocalWindow = Pick<SourceWindow, 'startAt' | 'endAt' | 'utcDays'>;

/** Windows read before: each is fixed by its dates and zone (the database's zone rules). */
const windows = new Map<string, LocalWindow>();
const MAX_WINDOWS = 1_000;

/**
 * The window of local dates [from, to] in a time zone: the instants of its ends and whether each of
 * its midnights is a UTC midnight, as the database's zone rules make them. A round trip the first
 * time; then from memory (a dashboard asks for the same few periods all day).
 */
export const readLocalWindow = async (
  db: DbOrTx,
  period: { from: string; to: string },
  tz: string,
): Promise<SourceWindow> => {
  const key = `${period.from} ${period.to} ${tz}`;
  const known = windows.get(key);
  if (known) return known;
  const rows = await preparedRowsOf<{ start_at: string | Date; end_at: string | Date; utc_days: boolean }>(
    db,
    sql`
    select (${period.from}::date)::timestamp at time zone ${tz} as start_at,
      (${period.to}::date + 1)::timestamp at time zone ${tz} as end_at,
      (select bool_and((d::timestamp at time zone ${tz}) = (d::timestamp at time zone 'UTC'))
        from generate_series(${period.from}::date, ${period.to}::date + 1, interval '1 day') d) as utc_days`,
  );
  const row = rows[0]!;
  const window = {
    startAt: new Date(row.start_at),
    endAt: new Date(row.end_at),
    utcDays: row.utc_days === true,
  };
  if (windows.size >= MAX_WINDOWS) windows.clear();
  windows.set(key, window);
  return window;
};
