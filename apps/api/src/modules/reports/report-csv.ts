// The CSV of a generated report: its column labels as the header (event columns E{n}-{name}), its
// stored rows read in batches; money metrics are money columns of the CSV writer (dollars, written
// as the screens round them).

import type { ReportColumn } from '@console/core/api/reports';
import { REPORT_MONEY_METRICS } from '@console/core/api/reports-constants';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reportRows } from '../../db/schema/reports.ts';
import type { CsvColumn, CsvRow } from '../../platform/csv-writer.ts';

/** Chunks of stored rows (500 each) read at a time. */
const BATCH_CHUNKS = 4;

const HEADER_OF: Partial<Record<string, string>> = {
  day: 'Day',
  hour: 'Hour',
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
  margin: 'Margin (USD)',
  agency_margin: 'Agency margin (USD)',
  platform_margin: 'Platform margin (USD)',
  ecpm: 'eCPM (USD)',
  ecpc: 'eCPC (USD)',
  ecpa: 'eCPA (USD)',
  bids: 'Bids',
  wins: 'Wins',
  win_rate: 'Win rate %',
};

/** The columns whose values are read in the report's time zone: their headers name it. */
const ZONED = new Set(['day', 'hour']);

/**
 * The CSV columns of a report's columns: their headers (Day and Hour with the report's time zone,
 * as a spreadsheet has no other place to say it), money metrics as money.
 */
export const csvColumnsOf = (columns: readonly ReportColumn[], timeZone: string): CsvColumn[] =>
  columns.map((column) => {
    const header = column.kind === 'event' ? column.label : (HEADER_OF[column.key] ?? column.key);
    return {
      header: column.kind !== 'event' && ZONED.has(column.key) ? `${header} (${timeZone})` : header,
      money: column.kind === 'metric' && REPORT_MONEY_METRICS.has(column.key),
    };
  });

/** A generated report's stored rows, in order, read a few chunks at a time. */
export async function* reportCsvRows(db: DbOrTx, reportId: number): AsyncGenerator<CsvRow> {
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
    for (const chunk of chunks) yield* chunk.cells;
    if (chunks.length < BATCH_CHUNKS) return;
  }
}
