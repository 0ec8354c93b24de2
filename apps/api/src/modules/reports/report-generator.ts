// Generating a report: its range is summed slice by slice from the rollups (progress after each
// slice), ids are named (campaign, creative, exchange, advertiser), and the rows are stored in
// report_rows in one transaction that also closes the report READY, but only if it is still the
// generation that was claimed (an edit or a new generate in the meantime wins).
import type { ReportColumn, ReportDimension, ReportMetric } from '@console/core/api/reports';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns } from '../../db/schema/campaigns.ts';
import { creatives } from '../../db/schema/creatives.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { REPORT_ROWS_PER_CHUNK, type ReportTotals, reportRows, reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import type { ReportOwner } from '../../platform/access.ts';
import { readLocalWindow } from '../delivery/index.ts';
import { eventLabelOf, readEventConfig } from './event-config.ts';
import type { ReportRow } from './report-access.ts';
import { aggregateSlice, type DataQuery, type GroupRow, mergeGroups, metricValue } from './report-data.ts';

const DAY_MS = 86_400_000;
/** Days per slice: a progress step. */
const SLICE_DAYS = 7;
const CHUNKS_PER_INSERT = 20;

/** The report's query: its days are cut at its zone's midnights (the database's zone rules). */
export const dataQueryOf = async (db: DbOrTx, report: ReportRow, owner: ReportOwner): Promise<DataQuery> => {
  const window = await readLocalWindow(db, { from: report.dateFrom, to: report.dateTo }, report.timeZone);
  return {
    scope: { userId: owner.id, role: owner.role },
    dimensions: report.dimensions as ReportDimension[],
    eventKeys: report.eventColumns,
    filters: report.filters,
    from: window.startAt,
    to: window.endAt,
    timeZone: report.timeZone,
    utcDays: window.utcDays,
  };
};

/** The sums a report's rows add up to (kept at generation: newer delivery is told against them). */
export const totalsOf = (groups: Iterable<GroupRow>): ReportTotals => {
  const totals: ReportTotals = { impressions: 0, clicks: 0, advertiser_cost_micros: 0 };
  for (const { sums } of groups) {
    totals.impressions += sums.impressions;
    totals.clicks += sums.clicks;
    totals.advertiser_cost_micros += sums.advertiserCostMicros;
  }
  return totals;
};

export const columnsOf = async (db: DbOrTx, report: ReportRow): Promise<ReportColumn[]> => {
  const config = report.eventColumns.length > 0 ? await readEventConfig(db, report.ownerId) : [];
  return [
    ...report.dimensions.map((key) => ({ key, label: key, kind: 'dimension' as const })),
    ...report.metrics.map((key) => ({ key, label: key, kind: 'metric' as const })),
    ...report.eventColumns.map((key) => ({ key, label: eventLabelOf(config, key), kind: 'event' as const })),
  ];
};

/** Names of the ids a dimension holds, as "Name (#id)". */
const nameIds = async (
  db: DbOrTx,
  dimension: ReportDimension,
  ids: number[],
): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows =
    dimension === 'campaign'
      ? await db
          .select({ id: campaigns.id, name: campaigns.name })
          .from(campaigns)
          .where(inArray(campaigns.id, ids))
      : dimension === 'creative'
        ? await db
            .select({ id: creatives.id, name: creatives.name })
            .from(creatives)
            .where(inArray(creatives.id, ids))
        : dimension === 'exchange'
          ? await db
              .select({ id: exchanges.id, name: exchanges.name })
              .from(exchanges)
              .where(inArray(exchanges.id, ids))
          : await db
              .select({
                id: users.id,
                name: sql<string>`coalesce(nullif(${users.companyName}, ''), ${users.email})`,
              })
              .from(users)
              .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [Number(row.id), `${row.name} (#${row.id})`]));
};

const NAMED: ReadonlySet<ReportDimension> = new Set(['campaign', 'creative', 'exchange', 'advertiser']);

/** The rows of a report, sorted by its dimensions, as cells in column order. */
export const buildCells = async (
  db: DbOrTx,
  report: Pick<ReportRow, 'dimensions' | 'metrics' | 'eventColumns'>,
  groups: Iterable<GroupRow>,
): Promise<(string | number)[][]> => {
  const dimensions = report.dimensions as ReportDimension[];
  const sorted = [...groups].sort((a, b) => {
    for (let i = 0; i < a.keys.length; i++) {
      const x = a.keys[i] as string | number;
      const y = b.keys[i] as string | number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  const names = await Promise.all(
    dimensions.map((dimension, i) =>
      NAMED.has(dimension)
        ? nameIds(db, dimension, [...new Set(sorted.map((g) => Number(g.keys[i])))])
        : undefined,
    ),
  );
  return sorted.map((group) => [
    ...group.keys.map((key, i) => names[i]?.get(Number(key)) ?? (key === '' ? '(unknown)' : key)),
    ...(report.metrics as ReportMetric[]).map((metric) => metricValue(metric, group.sums)),
    ...report.eventColumns.map((key) => group.events[key] ?? 0),
  ]);
};

/** Sums the report's range slice by slice; `onProgress` gets 0..99 after each slice. */
export const sumReport = async (
  db: DbOrTx,
  query: DataQuery,
  onProgress: (percent: number) => Promise<void>,
): Promise<Map<string, GroupRow>> => {
  const all = new Map<string, GroupRow>();
  const total = Math.max(1, Math.ceil((query.to.getTime() - query.from.getTime()) / DAY_MS / SLICE_DAYS));
  for (let i = 0; i < total; i++) {
    const from = new Date(query.from.getTime() + i * SLICE_DAYS * DAY_MS);
    const to = new Date(Math.min(query.to.getTime(), from.getTime() + SLICE_DAYS * DAY_MS));
    mergeGroups(all, await aggregateSlice(db, { ...query, from, to }));
    await onProgress(Math.min(99, Math.floor(((i + 1) * 100) / total)));
  }
  return all;
};

/** Stores the rows and closes the report READY, if `attempt` is still its current generation. */
export const storeReportRows = async (
  db: DbOrTx,
  reportId: number,
  attempt: number,
  cells: (string | number)[][],
  totals: ReportTotals,
): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [closed] = await tx
      .update(reports)
      .set({
        status: 'READY',
        progress: 100,
        rowCount: cells.length,
        generatedAt: new Date(),
        generatedTotals: totals,
        failureReason: null,
      })
      .where(and(eq(reports.id, reportId), eq(reports.status, 'RUNNING'), eq(reports.attempts, attempt)))
      .returning({ id: reports.id });
    if (!closed) return false;
    await tx.delete(reportRows).where(eq(reportRows.reportId, reportId));
    // Chunks of REPORT_ROWS_PER_CHUNK rows; each batch of them is one JSON parameter unpacked by the
    // database (a parameter per cell cost more than the sums themselves).
    const chunks: (string | number)[][][] = [];
    for (let start = 0; start < cells.length; start += REPORT_ROWS_PER_CHUNK)
      chunks.push(cells.slice(start, start + REPORT_ROWS_PER_CHUNK));
    for (let first = 0; first < chunks.length; first += CHUNKS_PER_INSERT) {
      const batch = JSON.stringify(chunks.slice(first, first + CHUNKS_PER_INSERT));
      await tx.execute(sql`
        insert into report_rows (report_id, n, cells)
        select ${reportId}::bigint, ${first}::int + r.n::int - 1, r.cells
        from jsonb_array_elements(${batch}::jsonb) with ordinality as r(cells, n)`);
    }
    return true;
  });
