// Dashboard numbers, read from the rollups only (never the raw events on a page load): the compacted
// tiers where they keep what a query needs, delivery_hourly for the rest (delivery/rollup-source.ts). A calendar day in the caller's time zone is the rollup hours from its local midnight to
// the next: exact for whole-hour offsets; in a zone with a half-hour offset an hour counts on the
// day it starts in. Totals come back as sums; the ratios (CTR, eCPM, eCPC, eCPA) are made from them
// once, here, so a tile, a chart point and a table row agree.
import type {
  ChartPoint,
  DashboardChart,
  DashboardDimension,
  DashboardOverview,
  DashboardQuery,
  DashboardTotals,
  PerformancePage,
  PerformanceSort,
} from '@console/core/api/dashboard';
import { maySeeCost, maySeeCostBreakdown } from '@console/core/cost-visibility';
import type { Role } from '@console/core/roles';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRowsOf, readRows } from '../../db/prepared-statement.ts';
import { deliveryHourly } from '../../db/schema/delivery.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import { advertiserOwnedScope, resolvedAdvertiserScope } from '../../platform/advertiser-scope.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { windowedTotal } from '../../platform/pagination.ts';
import type { RollupColumn } from '../delivery/index.ts';
import { readLocalWindow, rollupSource, type SourceNeeds } from '../delivery/index.ts';

const DAY_MS = 86_400_000;

/**
 * Every read here is answered from the embedded database's read cache while nothing has run on it
 * since (db/prepared-statement.ts): its answer is the rollups', the ledger's and its values alone.
 */
const CACHED = { cached: true } as const;

type Sums = {
  spend: number;
  media: number;
  agency_margin: number;
  impressions: number;
  clicks: number;
  conversions: number;
  bids: number;
  wins: number;
};

const SUM_COLUMNS = sql.raw(`
  coalesce(sum(delivery_hourly.advertiser_cost_micros), 0)::float8 as spend,
  coalesce(sum(delivery_hourly.media_cost_micros), 0)::float8 as media,
  coalesce(sum(delivery_hourly.agency_margin_micros), 0)::float8 as agency_margin,
  coalesce(sum(delivery_hourly.impressions), 0)::float8 as impressions,
  coalesce(sum(delivery_hourly.clicks), 0)::float8 as clicks,
  coalesce(sum(delivery_hourly.conversions), 0)::float8 as conversions,
  coalesce(sum(delivery_hourly.bids), 0)::float8 as bids,
  coalesce(sum(delivery_hourly.wins), 0)::float8 as wins`);

/** The names SUM_COLUMNS answers, for selecting them again from a grouped subquery. */
const SUM_NAMES = sql.raw('spend, media, agency_margin, impressions, clicks, conversions, bids, wins');

const NO_SUMS: Sums = {
  spend: 0,
  media: 0,
  agency_margin: 0,
  impressions: 0,
  clicks: 0,
  conversions: 0,
  bids: 0,
  wins: 0,
};

const ratio = (part: number, whole: number, scale = 1) =>
  whole > 0 ? Math.round((part * scale) / whole) : 0;

/**
 * One row's figures for a viewer of this role (cost-visibility.ts): admins and co-admins get the
 * media cost, the margin and its two parts behind the spend, an agency the agencies' part; a figure
 * the role may not see is not in the answer at all.
 */
export const totalsOf = (row: Sums, role: Role): DashboardTotals => ({
  spend: Number(row.spend),
  ...(maySeeCostBreakdown(role)
    ? {
        media_cost: Number(row.media),
        margin: Number(row.spend) - Number(row.media),
        platform_margin: Number(row.spend) - Number(row.media) - Number(row.agency_margin),
      }
    : {}),
  ...(maySeeCost(role, 'agency_margin') ? { agency_margin: Number(row.agency_margin) } : {}),
  impressions: Number(row.impressions),
  clicks: Number(row.clicks),
  ctr: Number(row.impressions) > 0 ? Number(row.clicks) / Number(row.impressions) : 0,
  conversions: Number(row.conversions),
  ecpm: ratio(Number(row.spend), Number(row.impressions), 1000),
  ecpc: ratio(Number(row.spend), Number(row.clicks)),
  ecpa: ratio(Number(row.spend), Number(row.conversions)),
  bids: Number(row.bids),
  wins: Number(row.wins),
});

/** The same ratios in SQL, for sorting a table by them. */
const SORT_EXPRESSIONS: Record<PerformanceSort, string> = {
  label: 'label',
  spend: 'spend',
  impressions: 'impressions',
  clicks: 'clicks',
  conversions: 'conversions',
  bids: 'bids',
  wins: 'wins',
  ctr: 'case when impressions > 0 then clicks / impressions else 0 end',
  ecpm: 'case when impressions > 0 then spend * 1000 / impressions else 0 end',
  ecpc: 'case when clicks > 0 then spend / clicks else 0 end',
  ecpa: 'case when conversions > 0 then spend / conversions else 0 end',
};

type Period = { from: string; to: string };

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period of the same length just before. */
export const previousPeriodOf = (period: Period): Period => {
  const days = Math.round((Date.parse(period.to) - Date.parse(period.from)) / DAY_MS) + 1;
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
};

/** The rollup rows a caller may read, narrowed by the query's filters (without the period). */
export const dashboardScope = async (
  db: DbOrTx,
  principal: Principal,
  query: Pick<DashboardQuery, 'advertiser_id' | 'campaign_ids' | 'exchange_ids' | 'countries'>,
): Promise<SQL | undefined> => {
  const conditions: (SQL | undefined)[] = [];
  if (query.advertiser_id !== undefined) {
    // Another tenant's advertiser, or none at all, answers "Advertiser not found."
    const advertiser = await requireAccess(db, principal, 'advertiser', query.advertiser_id);
    conditions.push(eq(deliveryHourly.advertiserId, advertiser.id));
  } else {
    conditions.push(await resolvedAdvertiserScope(db, principal, deliveryHourly.advertiserId));
  }
  if (query.campaign_ids?.length) conditions.push(inArray(deliveryHourly.campaignId, query.campaign_ids));
  if (query.exchange_ids?.length) conditions.push(inArray(deliveryHourly.exchangeId, query.exchange_ids));
  if (query.countries?.length) conditions.push(inArray(deliveryHourly.country, query.countries));
  return and(...conditions);
};

type Filters = Pick<DashboardQuery, 'campaign_ids' | 'exchange_ids' | 'countries'>;

/** The rollup columns a query's filters read (the scope reads the advertiser). */
const filterColumnsOf = (query: Filters): RollupColumn[] => [
  'advertiser_id',
  ...(query.campaign_ids?.length ? (['campaign_id'] as const) : []),
  ...(query.exchange_ids?.length ? (['exchange_id'] as const) : []),
  ...(query.countries?.length ? (['country'] as const) : []),
];

/** The rollups for a query over a period: its needs, plus the columns its filters read. */
const sourceOf = async (db: DbOrTx, period: Period, tz: string, query: Filters, needs: SourceNeeds) =>
  rollupSource(
    { columns: [...needs.columns, ...filterColumnsOf(query)], grain: needs.grain },
    await readLocalWindow(db, period, tz),
  );

const periodCondition = (period: Period, tz: string) =>
  sql`delivery_hourly.hour >= (${period.from}::date)::timestamp at time zone ${tz}
    and delivery_hourly.hour < (${period.to}::date + 1)::timestamp at time zone ${tz}`;

const whereOf = (scope: SQL | undefined, period: Period, tz: string) =>
  scope ? sql`${periodCondition(period, tz)} and ${scope}` : periodCondition(period, tz);

// Drizzle writes the scope's columns as "delivery_hourly"."x": every source is named delivery_hourly.
const TOTALS: SourceNeeds = { columns: [], grain: 'none' };

/** The totals of a period as a subquery answering one row of SUM_COLUMNS. */
const totalsQuery = async (db: DbOrTx, scope: SQL | undefined, period: Period, query: DashboardQuery) => {
  const from = await sourceOf(db, period, query.tz, query, TOTALS);
  return sql`select ${SUM_COLUMNS} from ${from} where ${whereOf(scope, period, query.tz)}`;
};

/** The summed balance of the advertisers in scope, as a scalar subquery (text). */
const scopeBalanceQuery = (principal: Principal, advertiserId: number | undefined) => {
  const scope =
    advertiserId !== undefined ? eq(users.id, advertiserId) : advertiserOwnedScope(principal, users.id);
  return sql`select coalesce(sum(${ledgerAccounts.balanceMicros}), 0)::text
      from ${ledgerAccounts} inner join ${users} on ${users.id} = ${ledgerAccounts.userId}
      where ${and(eq(users.role, 'ADVERTISER'), scope)}`;
};

/** SUM_NAMES of the subquery `alias`, as <prefix><name>. */
const sumsAs = (alias: string, prefix: string) =>
  sql.raw(
    ['spend', 'media', 'agency_margin', 'impressions', 'clicks', 'conversions', 'bids', 'wins']
      .map((name) => `${alias}.${name} as ${prefix}${name}`)
      .join(', '),
  );

const sumsOf = (row: Record<string, unknown>, prefix: string): Sums => ({
  spend: Number(row[`${prefix}spend`]),
  media: Number(row[`${prefix}media`]),
  agency_margin: Number(row[`${prefix}agency_margin`]),
  impressions: Number(row[`${prefix}impressions`]),
  clicks: Number(row[`${prefix}clicks`]),
  conversions: Number(row[`${prefix}conversions`]),
  bids: Number(row[`${prefix}bids`]),
  wins: Number(row[`${prefix}wins`]),
});

/** The tiles in one statement: the period's totals, the previous period's (with compare) and the balance. */
export const readOverview = async (
  db: DbOrTx,
  principal: Principal,
  query: DashboardQuery,
): Promise<DashboardOverview> => {
  const scope = await dashboardScope(db, principal, query);
  const period = { from: query.from, to: query.to };
  const previousPeriod = query.compare ? previousPeriodOf(period) : null;
  const role = principal.role;
  const current = await totalsQuery(db, scope, period, query);
  const previous = previousPeriod ? await totalsQuery(db, scope, previousPeriod, query) : null;
  const [row] = await preparedRowsOf<Record<string, unknown>>(
    db,
    sql`select ${sumsAs('t', 't_')}, ${previous ? sql`${sumsAs('p', 'p_')}, ` : sql``}
      (${scopeBalanceQuery(principal, query.advertiser_id)}) as balance
      from (${current}) t ${previous ? sql`cross join (${previous}) p` : sql``}`,
    CACHED,
  );
  return {
    period,
    totals: totalsOf(row ? sumsOf(row, 't_') : NO_SUMS, role),
    previous:
      previousPeriod && row ? { period: previousPeriod, totals: totalsOf(sumsOf(row, 'p_'), role) } : null,
    balance: Number(row?.balance ?? 0),
  };
};

/** Every bucket of a period, so the chart shows quiet hours and days as zero. */
const bucketsOf = (period: Period, granularity: 'hour' | 'day'): string[] => {
  const buckets: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    if (granularity === 'day') buckets.push(day);
    else for (let hour = 0; hour < 24; hour++) buckets.push(`${day}T${String(hour).padStart(2, '0')}:00`);
  }
  return buckets;
};

const readSeries = async (
  db: DbOrTx,
  scope: SQL | undefined,
  period: Period,
  query: DashboardQuery & { granularity: 'hour' | 'day' },
  role: Role,
): Promise<ChartPoint[]> => {
  const { tz, granularity } = query;
  const format = granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM-DD"T"HH24:00';
  const from = await sourceOf(db, period, tz, query, { columns: [], grain: granularity });
  // Grouped by the truncated instant, formatted once per bucket (to_char on every row cost more).
  // Read as one JSON text on PGlite (readRows): a month by day is 30 rows of 9 fields, and PGlite's
  // reader copies each field on its own (the sums are float8 either way, so the same numbers).
  const rows = (await readRows(
    db,
    sql`select to_char(bucket at time zone ${tz}, ${format}) as bucket, ${SUM_NAMES}
      from (select date_trunc(${granularity}, delivery_hourly.hour, ${tz}) as bucket, ${SUM_COLUMNS}
        from ${from} where ${whereOf(scope, period, tz)} group by 1) g`,
    sql`r.bucket`,
    CACHED,
  )) as (Sums & { bucket: string })[];
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return bucketsOf(period, granularity).map((bucket) => ({
    bucket,
    ...totalsOf(byBucket.get(bucket) ?? NO_SUMS, role),
  }));
};

export const readChart = async (
  db: DbOrTx,
  principal: Principal,
  query: DashboardQuery & { granularity: 'hour' | 'day' },
): Promise<DashboardChart> => {
  const scope = await dashboardScope(db, principal, query);
  const period = { from: query.from, to: query.to };
  const [points, previous] = await Promise.all([
    readSeries(db, scope, period, query, principal.role),
    query.compare ? readSeries(db, scope, previousPeriodOf(period), query, principal.role) : null,
  ]);
  return { granularity: query.granularity, points, previous };
};

/**
 * What one table row is: its key and label expressions, the joins the label needs, what it reads;
 * keyText makes the grouped key the text the API answers (the key itself when it is text).
 */
const DIMENSIONS: Record<
  DashboardDimension,
  (tz: string) => { key: SQL; keyText?: SQL; label: SQL; join: SQL; needs: SourceNeeds }
> = {
  campaign: () => ({
    needs: { columns: ['campaign_id'], grain: 'none' },
    // Grouped by the id (hashed), made text once per row of the table.
    key: sql`delivery_hourly.campaign_id`,
    keyText: sql`key::text`,
    label: sql`coalesce(min(c.name), '#' || delivery_hourly.campaign_id::text)`,
    join: sql`left join campaigns c on c.id = delivery_hourly.campaign_id`,
  }),
  creative: () => ({
    needs: { columns: ['creative_id'], grain: 'none' },
    // Grouped by the id (hashed), made text once per row of the table.
    key: sql`delivery_hourly.creative_id`,
    keyText: sql`key::text`,
    label: sql`coalesce(min(cr.name), '#' || delivery_hourly.creative_id::text)`,
    join: sql`left join creatives cr on cr.id = delivery_hourly.creative_id`,
  }),
  exchange: () => ({
    needs: { columns: ['exchange_id'], grain: 'none' },
    // Grouped by the id (hashed), made text once per row of the table.
    key: sql`delivery_hourly.exchange_id`,
    keyText: sql`key::text`,
    label: sql`coalesce(min(e.name), '#' || delivery_hourly.exchange_id::text)`,
    join: sql`left join exchanges e on e.id = delivery_hourly.exchange_id`,
  }),
  os: () => ({
    needs: { columns: ['os'], grain: 'none' },
    key: sql`delivery_hourly.os`,
    label: sql`delivery_hourly.os`,
    join: sql``,
  }),
  country: () => ({
    needs: { columns: ['country'], grain: 'none' },
    key: sql`delivery_hourly.country`,
    label: sql`delivery_hourly.country`,
    join: sql``,
  }),
  day: (tz) => ({
    needs: { columns: [], grain: 'day' },
    // Grouped by the local date, formatted once per row of the table.
    key: sql`(delivery_hourly.hour at time zone ${tz})::date`,
    keyText: sql`to_char(key, 'YYYY-MM-DD')`,
    // An aggregate: the time zone is a separate parameter here, so it is not the grouped expression.
    label: sql`to_char(min((delivery_hourly.hour at time zone ${tz})::date), 'YYYY-MM-DD')`,
    join: sql``,
  }),
};

/** The sums of the rows in `from` and `where` by a dimension's key (as text), with its label if given. */
const groupedBy = (
  dimension: { key: SQL; keyText?: SQL; label: SQL | null; join: SQL },
  from: SQL,
  where: SQL,
) => {
  const { key, keyText, label, join } = dimension;
  return sql`select ${keyText ?? sql.raw('key')} as key${label ? sql.raw(', label') : sql``}, ${SUM_NAMES}
    from (select ${key} as key${label ? sql`, ${label} as label` : sql``}, ${SUM_COLUMNS}
      from ${from} ${join} where ${where} group by 1) g0`;
};

/**
 * With compare on, the previous period's totals of the rows on the page (by campaign, creative,
 * exchange, OS or country; a day has no counterpart, so null there, as without compare).
 */
const readPreviousOfRows = async (
  db: DbOrTx,
  scope: SQL | undefined,
  dimension: DashboardDimension,
  query: DashboardQuery,
  keys: string[],
  role: Role,
): Promise<Map<string, DashboardTotals> | null> => {
  if (!query.compare || dimension === 'day') return null;
  if (keys.length === 0) return new Map();
  const { key, keyText, needs } = DIMENSIONS[dimension](query.tz);
  const period = previousPeriodOf({ from: query.from, to: query.to });
  const from = await sourceOf(db, period, query.tz, query, needs);
  const where = whereOf(scope, period, query.tz);
  const rows = await preparedRowsOf<Sums & { key: string }>(
    db,
    sql`select * from (${groupedBy({ key, keyText, label: null, join: sql`` }, from, where)}) g
      where key in (${sql.join(
        keys.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    CACHED,
  );
  return new Map(rows.map((row) => [row.key, totalsOf(row, role)]));
};

export const readPerformance = async (
  db: DbOrTx,
  principal: Principal,
  dimension: DashboardDimension,
  query: DashboardQuery & { page: number; limit: number; sort: PerformanceSort; order: 'asc' | 'desc' },
): Promise<PerformancePage> => {
  const scope = await dashboardScope(db, principal, query);
  const period = { from: query.from, to: query.to };
  const { key, keyText, label, join, needs } = DIMENSIONS[dimension](query.tz);
  const from = await sourceOf(db, period, query.tz, query, needs);
  const where = whereOf(scope, period, query.tz);
  const grouped = groupedBy({ key, keyText, label, join }, from, where);
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  // The page and the count of all rows in one pass over the rollups; a page past the end has no row
  // to carry the count, so only then is it counted on its own.
  // As one JSON text on PGlite (readRows, in the page's order: the sort expressions name the
  // columns, which are r's there too).
  const order = sql`${sql.raw(SORT_EXPRESSIONS[query.sort])} ${direction}, key asc`;
  const rows = (await readRows(
    db,
    sql`select *, count(*) over ()::int as total from (${grouped}) g
      order by ${order} limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    order,
    CACHED,
  )) as (Sums & { key: string; label: string; total: number })[];
  const total = await windowedTotal(
    rows,
    query.page,
    async () =>
      (
        await preparedRowsOf<{ total: number }>(
          db,
          sql`select count(*)::int as total from (${grouped}) g`,
          CACHED,
        )
      )[0]?.total,
  );
  const role = principal.role;
  const previous = await readPreviousOfRows(
    db,
    scope,
    dimension,
    query,
    rows.map((row) => row.key),
    role,
  );
  return {
    items: rows.map((row) => ({
      key: row.key,
      label: row.label,
      ...totalsOf(row, role),
      previous: previous ? (previous.get(row.key) ?? totalsOf(NO_SUMS, role)) : null,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
};
