// The CSV of a generated report: its column labels as the header (event columns E{n}-{name}), its
// stored rows read in batches, money metrics written as dollars with two decimals.

import type { ReportColumn, ReportMetric } from '@console/core/api/reports';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reportRows } from '../../db/schema/reports.ts';
import { MONEY_METRICS } from './report-data.ts';

/** Chunks of stored rows (500 each) read at a time. */
const BATCH_CHUNKS = 4;

const HEADER_OF: Partial<Record<string, string>> = {
  day: 'Day',
  hour: 'Hour (UTC)',
  advertiser: 'Advertiser',
  campaign: 'Campaign',
  creative: 'Creative',
  exchange: 'Exchange',
  country: 'Country',
  os: 'OS',
  device_type: 'Device type',
  traffic_type: 'Inventory',
  impressions: 'Impressions',
  clicks: 'Clicks',
  ctr: 'CTR %',
  conversions: 'Conversions',
  spend: 'Spend (USD)',
  media_cost: 'Media cost (USD)',
  ecpm: 'eCPM (USD)',
  ecpc: 'eCPC (USD)',
  ecpa: 'eCPA (USD)',
  bids: 'Bids',
  wins: 'Wins',
  win_rate: 'Win rate %',
};

export const csvHeaderOf = (columns: readonly ReportColumn[]) =>
  columns.map((column) => (column.kind === 'event' ? column.label : (HEADER_OF[column.key] ?? column.key)));

/** Cells as the CSV writes them: money metrics in dollars with two decimals. */
export const formatCsvCells = (columns: readonly ReportColumn[], rows: (string | number)[][]) => {
  const money = columns.map((c) => c.kind === 'metric' && MONEY_METRICS.has(c.key as ReportMetric));
  return rows.map((cells) =>
    cells.map((cell, i) => (money[i] && typeof cell === 'number' ? (cell / 1_000_000).toFixed(2) : cell)),
  );
};

export async function* reportCsvBatches(
  db: DbOrTx,
  reportId: number,
  columns: readonly ReportColumn[],
): AsyncGenerator<(string | number)[][]> {
  let after = -1;
  for (;;) {
    const chunks = await db
      .select({ n: reportRows.n, cells: reportRows.cells })
      .from(reportRows)
      .where(and(eq(reportRows.reportId, reportId), gt(reportRows.n, after)))
      .orderBy(asc(reportRows.n))
      .limit(BATCH_CHUNKS);
    if (chunks.length === 0) return;
    after = chunks[chunks.length - 1]?.n ?? after;
    yield formatCsvCells(
      columns,
      chunks.flatMap((chunk) => chunk.cells),
    );
    if (chunks.length < BATCH_CHUNKS) return;
  }
}
