// The running-apps export (spec sections 3, 7 and 9): the apps and sites where the caller's
// campaigns ran, with their delivery: one row per campaign, exchange, app-or-site and bundle or
// domain (the request's app.bundle or site.domain), from delivery_daily_inventory (UTC days).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { type CsvColumn, type CsvRow, plainColumns } from '../../platform/csv-writer.ts';
import { utcDaysTouched } from '../delivery/index.ts';
import { type DataScope, emptySums, filterSql, type GroupRow, scopeSqlOf } from './report-data.ts';
import { buildCells } from './report-generator.ts';

export const RUNNING_APPS_DEFAULT_DAYS = 30;

export type RunningAppsQuery = { date_from?: string; date_to?: string; campaign_ids?: number[] };

export const RUNNING_APPS_COLUMNS: CsvColumn[] = [
  ...plainColumns(
    'Campaign',
    'Exchange',
    'Inventory',
    'App or site',
    'Impressions',
    'Clicks',
    'CTR %',
    'Conversions',
  ),
  // Exact: a row of one app is often a fraction of a cent, and the column sums to the total.
  { header: 'Spend (USD)', money: 'exact' },
];

const DAY_MS = 86_400_000;

/** The rows of the export, as CSV cells (spend in micro-units, a money column). */
export const runningAppsRows = async (
  db: DbOrTx,
  scope: DataScope,
  query: RunningAppsQuery,
  now = new Date(),
): Promise<CsvRow[]> => {
  const to = query.date_to ? new Date(Date.parse(`${query.date_to}T00:00:00Z`) + DAY_MS) : now;
  const from = query.date_from
    ? new Date(`${query.date_from}T00:00:00Z`)
    : new Date(to.getTime() - RUNNING_APPS_DEFAULT_DAYS * DAY_MS);
  const { fromDay, toDay } = utcDaysTouched(from, to);
  const filters = [
    await scopeSqlOf(db, scope),
    sql`day >= ${fromDay}`,
    sql`day < ${toDay}`,
    ...filterSql({ campaign_ids: query.campaign_ids }),
  ];
  const rows = await rowsOf<Record<string, string | number>>(
    db,
    sql`
    select campaign_id, exchange_id, traffic_type, inventory, sum(impressions)::text as impressions,
      sum(clicks)::text as clicks, sum(conversions)::text as conversions,
      sum(advertiser_cost_micros)::text as spend
    from delivery_daily_inventory where ${sql.join(filters, sql` and `)}
    group by campaign_id, exchange_id, traffic_type, inventory
    order by campaign_id, exchange_id, traffic_type, inventory`,
  );
  const groups: GroupRow[] = rows.map((row) => ({
    keys: [Number(row.campaign_id), Number(row.exchange_id), String(row.traffic_type), String(row.inventory)],
    sums: {
      ...emptySums(),
      impressions: Number(row.impressions),
      clicks: Number(row.clicks),
      conversions: Number(row.conversions),
      advertiserCostMicros: Number(row.spend),
    },
    events: {},
  }));
  const report = {
    dimensions: ['campaign', 'exchange', 'traffic_type', 'inventory'],
    metrics: ['impressions', 'clicks', 'ctr', 'conversions', 'spend'],
    eventColumns: [],
  };
  const cells = await buildCells(db, report, groups.values());
  return cells.map((row) => [
    row[0] as string,
    row[1] as string,
    row[2] === 'APP' ? 'App' : row[2] === 'WEB' ? 'Site' : String(row[2]),
    row[3] as string,
    row[4] as number,
    row[5] as number,
    row[6] as number,
    row[7] as number,
    row[8] as number,
  ]);
};
