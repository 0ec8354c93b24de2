// The running-apps export (spec sections 3, 7 and 9): where the caller's campaigns ran, with their
// delivery, from the hourly rollups: one row per campaign, exchange and inventory kind (app or site).
// The raw events record the kind of inventory but not the app bundle or site domain, so that is the
// finest grain the delivery data holds.
import type { DbOrTx } from '../../db/client.ts';
import { aggregateSlice, type DataScope } from './report-data.ts';
import { buildCells } from './report-generator.ts';

export const RUNNING_APPS_DEFAULT_DAYS = 30;

export type RunningAppsQuery = { date_from?: string; date_to?: string; campaign_ids?: number[] };

export const RUNNING_APPS_HEADER = [
  'Campaign',
  'Exchange',
  'Inventory',
  'Impressions',
  'Clicks',
  'CTR %',
  'Conversions',
  'Spend (USD)',
];

const DAY_MS = 86_400_000;

/** The rows of the export, as CSV cells (money in dollars). */
export const runningAppsRows = async (
  db: DbOrTx,
  scope: DataScope,
  query: RunningAppsQuery,
  now = new Date(),
): Promise<(string | number)[][]> => {
  const to = query.date_to ? new Date(Date.parse(`${query.date_to}T00:00:00Z`) + DAY_MS) : now;
  const from = query.date_from
    ? new Date(`${query.date_from}T00:00:00Z`)
    : new Date(to.getTime() - RUNNING_APPS_DEFAULT_DAYS * DAY_MS);
  const groups = await aggregateSlice(db, {
    scope,
    dimensions: ['campaign', 'exchange', 'traffic_type'],
    eventKeys: [],
    filters: { campaign_ids: query.campaign_ids },
    from,
    to,
  });
  const report = {
    dimensions: ['campaign', 'exchange', 'traffic_type'],
    metrics: ['impressions', 'clicks', 'ctr', 'conversions', 'spend'],
    eventColumns: [],
  };
  const cells = await buildCells(db, report, groups.values());
  return cells.map((row) => [
    row[0] as string,
    row[1] as string,
    row[2] === 'APP' ? 'App' : row[2] === 'WEB' ? 'Site' : String(row[2]),
    row[3] as number,
    row[4] as number,
    row[5] as number,
    row[6] as number,
    ((row[7] as number) / 1_000_000).toFixed(2),
  ]);
};
