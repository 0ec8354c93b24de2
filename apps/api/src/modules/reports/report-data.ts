// What a report's numbers are: sums over the delivery rollups (never the raw events, which a rollup
// already counts; the compacted tiers where they keep the report's columns, delivery/rollup-source.ts)
// grouped by the report's dimensions, within the owner's data scope, plus the
// conversion event columns. Event columns come from the raw CONVERSION rows because the rollups count
// conversions without their event name; conversions are a small fraction of the events and this runs
// only when a report is generated in the background, never on a page load.
//
// Scaling seam: this module and modules/delivery are the only readers of the rollups; past one
// PostgreSQL server these queries move with delivery_hourly to a column store (see delivery.ts).
import type { ReportDimension, ReportMetric } from '@console/core/api/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executePrepared, type ReadOptions } from '../../db/prepared-statement.ts';
import type { ReportFilters } from '../../db/schema/reports.ts';
import { agencyAdvertiserIds } from '../../platform/advertiser-scope.ts';
import { type RollupColumn, rollupSource, type SourceNeeds } from '../delivery/index.ts';

/** Whose data: an advertiser its own, an agency its advertisers', admin and co-admin all. */
export type DataScope = { userId: number; role: string };

export type DataQuery = {
  scope: DataScope;
  dimensions: readonly ReportDimension[];
  eventKeys: readonly string[];
  filters: ReportFilters;
  /** [from, to) instants: the report's first and last day's midnights in `timeZone`. */
  from: Date;
  to: Date;
  /** The zone the day and hour dimensions are read in. */
  timeZone: string;
  /** Whether the zone's days are UTC days over the range (then a day tier of the rollups answers). */
  utcDays: boolean;
};

export type Sums = {
  bids: number;
  wins: number;
  impressions: number;
  clicks: number;
  conversions: number;
  mediaCostMicros: number;
  advertiserCostMicros: number;
  /** The agencies' part of the margin (advertiser cost - media cost); the rest is the platform's. */
  agencyMarginMicros: number;
};

export type GroupRow = { keys: (string | number)[]; sums: Sums; events: Record<string, number> };

// Days and hours in the report's zone (an hour of a zone half an hour off UTC reads 05:30).
const dimensionSql = (dimension: ReportDimension, time: SQL, timeZone: string): SQL => {
  switch (dimension) {
    case 'day':
      return sql`to_char(${time} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    case 'hour':
      return sql`to_char(date_trunc('hour', ${time}) at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`;
    case 'advertiser':
      return sql`advertiser_id`;
    case 'campaign':
      return sql`campaign_id`;
    case 'creative':
      return sql`creative_id`;
    case 'exchange':
      return sql`exchange_id`;
    default:
      return sql.raw(dimension);
  }
};

/**
 * The owner's scope as a condition on advertiser_id. An agency's advertisers are looked up first and
 * named as a list: PostgreSQL does not push a condition holding a subquery into the branches of the
 * rollup source (a union), which would then be read whole.
 */
export const scopeSqlOf = async (db: DbOrTx, scope: DataScope): Promise<SQL> => {
  switch (scope.role) {
    case 'ADMIN':
    case 'CO-ADMIN':
      return sql`true`;
    case 'AGENCY': {
      const ids = await agencyAdvertiserIds(db, scope.userId);
      return ids.length > 0 ? sql`advertiser_id in (${idList(ids)})` : sql`false`;
    }
    default:
      return sql`advertiser_id = ${scope.userId}`;
  }
};

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export const filterSql = (filters: ReportFilters): SQL[] => {
  const parts: SQL[] = [];
  if (filters.advertiser_ids?.length) parts.push(sql`advertiser_id in (${idList(filters.advertiser_ids)})`);
  if (filters.campaign_ids?.length) parts.push(sql`campaign_id in (${idList(filters.campaign_ids)})`);
  if (filters.exchange_ids?.length) parts.push(sql`exchange_id in (${idList(filters.exchange_ids)})`);
  if (filters.countries?.length)
    parts.push(
      sql`country in (${sql.join(
        filters.countries.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  return parts;
};

const whereOf = (query: DataQuery, time: SQL, scope: SQL): SQL =>
  sql.join(
    [
      scope,
      sql`${time} >= ${query.from.toISOString()}`,
      sql`${time} < ${query.to.toISOString()}`,
      ...filterSql(query.filters),
    ],
    sql` and `,
  );

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

const selectKeys = (dimensions: readonly ReportDimension[], time: SQL, timeZone: string) =>
  dimensions.length === 0
    ? { select: sql`1 as k_none`, group: sql`` }
    : {
        select: sql.join(
          dimensions.map((d, i) => sql`${dimensionSql(d, time, timeZone)} as ${sql.raw(`k${i}`)}`),
          sql`, `,
        ),
        group: sql`group by ${sql.join(
          dimensions.map((_, i) => sql.raw(String(i + 1))),
          sql`, `,
        )}`,
      };

const keysOf = (row: RawRow, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const value = row[`k${i}`];
    return typeof value === 'string' && !/^\d+$/.test(value)
      ? value
      : typeof value === 'string'
        ? Number(value)
        : (value as number);
  });

/** Keys as text: numeric ids from the rollups and from the events compare equal. */
const keyText = (keys: readonly (string | number)[]) => keys.map(String).join('\u0001');

const COLUMN_OF: Partial<Record<ReportDimension, RollupColumn>> = {
  advertiser: 'advertiser_id',
  campaign: 'campaign_id',
  creative: 'creative_id',
  exchange: 'exchange_id',
  country: 'country',
  os: 'os',
  device_type: 'device_type',
  traffic_type: 'traffic_type',
};

/** What a report reads: its dimensions' and filters' columns, and its time grain. */
const needsOf = (query: DataQuery): SourceNeeds => {
  const { filters } = query;
  const columns: RollupColumn[] = [
    'advertiser_id',
    ...query.dimensions.flatMap((dimension) => COLUMN_OF[dimension] ?? []),
    ...(filters.campaign_ids?.length ? (['campaign_id'] as const) : []),
    ...(filters.exchange_ids?.length ? (['exchange_id'] as const) : []),
    ...(filters.countries?.length ? (['country'] as const) : []),
  ];
  const grain = query.dimensions.includes('hour')
    ? 'hour'
    : query.dimensions.includes('day')
      ? 'day'
      : 'none';
  return { columns, grain };
};

/**
 * The grouped sums of one time slice. Merge slices with mergeGroups (the worker walks a long range in
 * slices to report progress).
 */
export const aggregateSlice = async (
  db: DbOrTx,
  query: DataQuery,
  options: ReadOptions = {},
): Promise<Map<string, GroupRow>> => {
  const hour = sql.raw('hour');
  const keys = selectKeys(query.dimensions, hour, query.timeZone);
  const scope = await scopeSqlOf(db, query.scope);
  const source = rollupSource(needsOf(query), {
    startAt: query.from,
    endAt: query.to,
    utcDays: query.utcDays,
  });
  // Prepared (named): a report's detail sums its range on every read to tell whether it changed.
  const result = await executePrepared(
    db,
    sql`
    select ${keys.select},
      coalesce(sum(bids), 0)::text as bids, coalesce(sum(wins), 0)::text as wins,
      coalesce(sum(impressions), 0)::text as impressions, coalesce(sum(clicks), 0)::text as clicks,
      coalesce(sum(conversions), 0)::text as conversions,
      coalesce(sum(media_cost_micros), 0)::text as media, coalesce(sum(advertiser_cost_micros), 0)::text as spend,
      coalesce(sum(agency_margin_micros), 0)::text as agency_margin
    from ${source}
    where ${whereOf(query, hour, scope)}
    ${keys.group}`,
    options,
  );
  const groups = new Map<string, GroupRow>();
  for (const row of rowsOf(result)) {
    const sums: Sums = {
      bids: Number(row.bids),
      wins: Number(row.wins),
      impressions: Number(row.impressions),
      clicks: Number(row.clicks),
      conversions: Number(row.conversions),
      mediaCostMicros: Number(row.media),
      advertiserCostMicros: Number(row.spend),
      agencyMarginMicros: Number(row.agency_margin),
    };
    // A query without dimensions answers one row even over no data; skip it when empty.
    if (query.dimensions.length === 0 && Object.values(sums).every((v) => v === 0)) continue;
    const keyValues = keysOf(row, query.dimensions.length);
    groups.set(keyText(keyValues), { keys: keyValues, sums, events: {} });
  }
  if (query.eventKeys.length > 0) {
    const occurred = sql.raw('occurred_at');
    const eventKeys = selectKeys(query.dimensions, occurred, query.timeZone);
    const events = await db.execute(sql`
      select ${eventKeys.select}, detail, count(*)::text as n
      from delivery_events
      where type = 'CONVERSION' and detail in (${sql.join(
        query.eventKeys.map((k) => sql`${k}`),
        sql`, `,
      )})
        and ${whereOf(query, occurred, scope)}
      ${query.dimensions.length === 0 ? sql`group by detail` : sql`${eventKeys.group}, detail`}`);
    for (const row of rowsOf(events)) {
      const keyValues = keysOf(row, query.dimensions.length);
      const key = keyText(keyValues);
      let group = groups.get(key);
      if (!group) {
        group = { keys: keyValues, sums: emptySums(), events: {} };
        groups.set(key, group);
      }
      group.events[String(row.detail)] = Number(row.n);
    }
  }
  return groups;
};

export const emptySums = (): Sums => ({
  bids: 0,
  wins: 0,
  impressions: 0,
  clicks: 0,
  conversions: 0,
  mediaCostMicros: 0,
  advertiserCostMicros: 0,
  agencyMarginMicros: 0,
});

/** Adds `slice` into `into` (same dimensions). */
export const mergeGroups = (into: Map<string, GroupRow>, slice: Map<string, GroupRow>) => {
  for (const [key, row] of slice) {
    const existing = into.get(key);
    if (!existing) {
      into.set(key, row);
      continue;
    }
    for (const name of Object.keys(existing.sums) as (keyof Sums)[]) existing.sums[name] += row.sums[name];
    for (const [event, n] of Object.entries(row.events))
      existing.events[event] = (existing.events[event] ?? 0) + n;
  }
};

const ratio = (a: number, b: number, times: number) => (b === 0 ? 0 : (a * times) / b);
const percent = (a: number, b: number) => Math.round(ratio(a, b, 100) * 100) / 100;

/** One metric from the sums: counts and micro-unit money as integers, rates in percent (2 decimals). */
export const metricValue = (metric: ReportMetric, s: Sums): number => {
  switch (metric) {
    case 'impressions':
      return s.impressions;
    case 'clicks':
      return s.clicks;
    case 'conversions':
      return s.conversions;
    case 'bids':
      return s.bids;
    case 'wins':
      return s.wins;
    case 'spend':
      return s.advertiserCostMicros;
    case 'media_cost':
      return s.mediaCostMicros;
    case 'margin':
      return s.advertiserCostMicros - s.mediaCostMicros;
    case 'agency_margin':
      return s.agencyMarginMicros;
    case 'platform_margin':
      return s.advertiserCostMicros - s.mediaCostMicros - s.agencyMarginMicros;
    case 'ctr':
      return percent(s.clicks, s.impressions);
    case 'win_rate':
      return percent(s.wins, s.bids);
    case 'ecpm':
      return Math.round(ratio(s.advertiserCostMicros, s.impressions, 1000));
    case 'ecpc':
      return Math.round(ratio(s.advertiserCostMicros, s.clicks, 1));
    case 'ecpa':
      return Math.round(ratio(s.advertiserCostMicros, s.conversions, 1));
  }
};
