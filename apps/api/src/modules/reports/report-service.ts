// Reports: create, update, list, read, delete, queue a generation, read its result rows and the
// quick summary (generatebasic). Scope as campaigns (the report rule of platform/access.ts); the
// data of a report is its owner's (an agency's report covers its advertisers; one made for an
// advertiser covers that one).
import type {
  ReportCreateBody,
  ReportDetail,
  ReportListItem,
  ReportListQuery,
  ReportRowsPage,
  ReportSummary,
  ReportType,
  ReportUpdateBody,
} from '@console/core/api/reports';
import { isCostFigure, maySeeCost } from '@console/core/cost-visibility';
import { and, count, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonColumn } from '../../db/json-column.ts';
import { executePrepared, preparedRowsOf } from '../../db/prepared-statement.ts';
import { REPORT_ROWS_PER_CHUNK, type ReportTotals, reportRows, reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import {
  decodeReportWithOwner,
  type ReportOwner,
  reportWithOwnerAs,
  requireAccess,
} from '../../platform/access.ts';
import { actorOf, resolveNewOwnerAdvertiser } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { likePattern, type Page, pageSlice, windowedTotal } from '../../platform/pagination.ts';
import { canMakeMultiDimensional, type ReportRow } from './report-access.ts';
import { aggregateSlice, emptySums, metricValue } from './report-data.ts';
import { columnsOf, dataQueryOf, totalsOf } from './report-generator.ts';

const ENTITY = 'report';
const MULTI_ONLY = 'Only an admin or co-admin makes multi-dimensional reports.';

const toListItem = (report: ReportRow, owner: ReportOwner): ReportListItem => ({
  report_id: report.id,
  name: report.name,
  report_type: report.reportType as ReportType,
  status: report.status as ReportListItem['status'],
  progress: report.progress,
  date_from: report.dateFrom,
  date_to: report.dateTo,
  time_zone: report.timeZone,
  row_count: report.rowCount,
  owner: { user_primary_id: owner.id, email: owner.email, companyName: owner.companyName },
  generated_at: report.generatedAt?.toISOString() ?? null,
  created_at: report.createdAt.toISOString(),
  updated_at: report.updatedAt.toISOString(),
});

/**
 * The reads of a report's list, totals and rows are answered from the embedded database's read cache
 * while nothing but reads has run on it since (db/prepared-statement.ts): the data's answers alone.
 * (Not the generator's slices: their answers are large and read once.)
 */
const CACHED = { cached: true } as const;

/** The report's totals as the rollups answer them now. */
const currentTotals = async (db: DbOrTx, report: ReportRow, owner: ReportOwner): Promise<ReportTotals> => {
  const query = await dataQueryOf(db, report, owner);
  return totalsOf((await aggregateSlice(db, { ...query, dimensions: [], eventKeys: [] }, CACHED)).values());
};

const sameTotals = (a: ReportTotals, b: ReportTotals) =>
  a.impressions === b.impressions &&
  a.clicks === b.clicks &&
  a.advertiser_cost_micros === b.advertiser_cost_micros;

/**
 * For a READY report: the totals it was generated with and the rollups' totals now, when they differ
 * (hours delivered since, late notices booked into its days). Reports generated before totals were
 * kept answer null.
 */
const dataChangedOf = async (
  db: DbOrTx,
  report: ReportRow,
  owner: ReportOwner,
): Promise<ReportDetail['data_changed']> => {
  if (report.status !== 'READY' || !report.generatedTotals) return null;
  const now = await currentTotals(db, report, owner);
  return sameTotals(now, report.generatedTotals) ? null : { in_report: report.generatedTotals, now };
};

const toDetail = async (db: DbOrTx, report: ReportRow, owner: ReportOwner): Promise<ReportDetail> => ({
  ...toListItem(report, owner),
  dimensions: report.dimensions as ReportDetail['dimensions'],
  metrics: report.metrics as ReportDetail['metrics'],
  event_columns: report.eventColumns,
  filters: report.filters,
  schedule: report.schedule as ReportDetail['schedule'],
  schedule_email: report.scheduleEmail,
  failure_reason: report.failureReason,
  columns: await columnsOf(db, report),
  data_changed: await dataChangedOf(db, report, owner),
});

const SORTS = {
  name: sql`lower(${reports.name})`,
  report_type: reports.reportType,
  status: reports.status,
  created_at: reports.createdAt,
  updated_at: reports.updatedAt,
} as const;

/** Reports the caller may see: its own, an agency's advertisers', everything for admin and co-admin. */
const visibleScope = (principal: Principal) => {
  switch (principal.role) {
    case 'ADMIN':
      return undefined;
    case 'CO-ADMIN':
      return sql`(${reports.ownerId} = ${principal.userId} or ${users.role} in ('AGENCY', 'ADVERTISER'))`;
    case 'AGENCY':
      return sql`(${reports.ownerId} = ${principal.userId} or ${users.agencyId} = ${principal.userId})`;
    default:
      return eq(reports.ownerId, principal.userId);
  }
};

/**
 * A page of reports and the count of all that match in one prepared statement (the count as a window
 * over the matches); a page past the end has no row to carry it, so only then is it counted alone.
 */
export const listReports = async (
  db: DbOrTx,
  principal: Principal,
  query: ReportListQuery,
): Promise<Page<ReportListItem>> => {
  const where =
    and(
      visibleScope(principal),
      query.report_type ? eq(reports.reportType, query.report_type) : undefined,
      query.status ? eq(reports.status, query.status) : undefined,
      query.q ? ilike(reports.name, likePattern(query.q)) : undefined,
    ) ?? sql`true`;
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const matching = sql`from ${reports} inner join ${users} on ${users.id} = ${reports.ownerId} where ${where}`;
  const rows = (
    await executePrepared(
      db,
      sql`select ${reportWithOwnerAs}, count(*) over ()::int as total ${matching}
        order by ${SORTS[query.sort]} ${direction}, ${reports.id} ${direction} ${pageSlice(query)}`,
      CACHED,
    )
  ).rows;
  const total = await windowedTotal(
    rows,
    query.page,
    async () =>
      (
        await db
          .select({ value: count() })
          .from(reports)
          .innerJoin(users, eq(users.id, reports.ownerId))
          .where(where)
      )[0]?.value,
  );
  return {
    items: rows.map((raw) => {
      const { report, owner } = decodeReportWithOwner(raw);
      return toListItem(report, owner);
    }),
    total,
    page: query.page,
    limit: query.limit,
  };
};

export const readReport = async (db: DbOrTx, principal: Principal, id: number): Promise<ReportDetail> => {
  const { report, owner } = await requireAccess(db, principal, 'report', id);
  return toDetail(db, report, owner);
};

const snapshotOf = (
  report: Pick<
    ReportRow,
    'name' | 'reportType' | 'dateFrom' | 'dateTo' | 'timeZone' | 'dimensions' | 'metrics' | 'schedule'
  >,
) => ({
  name: report.name,
  report_type: report.reportType,
  date_from: report.dateFrom,
  date_to: report.dateTo,
  time_zone: report.timeZone,
  dimensions: report.dimensions,
  metrics: report.metrics,
  schedule: report.schedule,
});

const fieldsOf = (body: ReportUpdateBody) => ({
  name: body.name,
  reportType: body.report_type,
  dimensions: body.dimensions,
  metrics: body.metrics,
  eventColumns: body.event_columns,
  filters: body.filters,
  dateFrom: body.date_from,
  dateTo: body.date_to,
  timeZone: body.time_zone,
  schedule: body.schedule,
  scheduleEmail: body.schedule === 'NONE' ? null : (body.schedule_email ?? null),
});

/** The multi-dimensional type and the advertiser dimension (across advertisers) are the admin's. */
const checkTypeAllowed = (principal: Principal, body: ReportUpdateBody) => {
  if (body.report_type === 'multi-dimensional' && !canMakeMultiDimensional(principal.role))
    throw badRequest(MULTI_ONLY, { report_type: MULTI_ONLY });
};

const MEDIA_COST_STAFF_ONLY =
  'Media cost and margin are shown in admin and co-admin reports of their own only.';
const AGENCY_MARGIN_OWN_ONLY =
  "The agency's margin is shown in agency, admin and co-admin reports of their own only.";
/**
 * The figures behind the advertiser cost (cost-visibility.ts): media cost, margin and the platform's
 * margin are the platform's to see, the agencies' margin the agencies' too. A report carrying one is
 * owned by whoever made it and may see it, so no advertiser (nor, for the platform's figures, an
 * agency) can ever open one.
 */
const checkMetricsAllowed = (principal: Principal, ownerId: number, body: ReportUpdateBody) => {
  const figures = body.metrics.flatMap((metric) => (isCostFigure(metric) ? [metric] : []));
  if (figures.every((figure) => maySeeCost(principal.role, figure)) && ownerId === principal.userId) return;
  const message = figures.every((figure) => figure === 'agency_margin')
    ? AGENCY_MARGIN_OWN_ONLY
    : MEDIA_COST_STAFF_ONLY;
  if (figures.length > 0) throw badRequest(message, { metrics: message });
};

export const createReport = async (
  db: DbOrTx,
  principal: Principal,
  body: ReportCreateBody,
): Promise<ReportDetail> => {
  checkTypeAllowed(principal, body);
  // An advertiser's report is its own; an agency, admin or co-admin makes one for itself (its whole
  // scope) or for one of its advertisers (that advertiser's data only).
  const ownerId =
    principal.role !== 'ADVERTISER' && body.advertiser_id === undefined
      ? principal.userId
      : await resolveNewOwnerAdvertiser(db, principal, body.advertiser_id, {
          ownOnly: 'An advertiser makes reports of its own data only.',
          chooseAdvertiser: 'Choose the advertiser.',
          chooseYourAdvertiser: 'Choose one of your advertisers.',
        });
  checkMetricsAllowed(principal, ownerId, body);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reports)
      .values({ ownerId, ...fieldsOf(body) })
      .returning({ id: reports.id });
    const reportId = Number(created?.id);
    await recordChange(tx, {
      ...actorOf(principal),
      entityType: ENTITY,
      entityId: reportId,
      action: 'create',
      changes: diffFields(
        {},
        { name: body.name, report_type: body.report_type, date_from: body.date_from, date_to: body.date_to },
      ),
    });
    return reportId;
  });
  return readReport(db, principal, id);
};

export const updateReport = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  body: ReportUpdateBody,
): Promise<ReportDetail> => {
  const { report } = await requireAccess(db, principal, 'report', id);
  checkTypeAllowed(principal, body);
  checkMetricsAllowed(principal, report.ownerId, body);
  if (report.reportType === 'multi-dimensional' && body.report_type !== 'multi-dimensional')
    throw badRequest('A multi-dimensional report stays multi-dimensional.', {
      report_type: 'A multi-dimensional report stays multi-dimensional.',
    });
  await db.transaction(async (tx) => {
    // A changed query makes the old result wrong: it is dropped and the report is a draft again.
    await tx.delete(reportRows).where(eq(reportRows.reportId, id));
    await tx
      .update(reports)
      .set({
        ...fieldsOf(body),
        status: 'DRAFT',
        progress: 0,
        rowCount: null,
        generatedAt: null,
        generatedTotals: null,
        failureReason: null,
        updatedAt: new Date(),
      })
      .where(eq(reports.id, id));
    await recordChange(tx, {
      ...actorOf(principal),
      entityType: ENTITY,
      entityId: id,
      action: 'update',
      changes: diffFields(snapshotOf(report), snapshotOf({ ...report, ...fieldsOf(body) })),
    });
  });
  return readReport(db, principal, id);
};

export const deleteReport = async (db: DbOrTx, principal: Principal, id: number): Promise<void> => {
  const { report } = await requireAccess(db, principal, 'report', id);
  await db.transaction(async (tx) => {
    await tx.delete(reports).where(eq(reports.id, id));
    await recordChange(tx, {
      ...actorOf(principal),
      entityType: ENTITY,
      entityId: id,
      action: 'delete',
      changes: Object.entries(snapshotOf(report)).map(([field, from]) => ({ field, from, to: null })),
    });
  });
};

/** Queues a generation (the worker picks it up); a generation already queued or running stays. */
export const queueGeneration = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
): Promise<ReportDetail> => {
  const { report } = await requireAccess(db, principal, 'report', id);
  if (report.status === 'QUEUED' || report.status === 'RUNNING')
    throw conflict('This report is already being generated.');
  await db
    .update(reports)
    .set({ status: 'QUEUED', progress: 0, attempts: 0, failureReason: null, updatedAt: new Date() })
    .where(eq(reports.id, id));
  return readReport(db, principal, id);
};

export const readReportRows = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  page: { page: number; limit: number },
): Promise<ReportRowsPage> => {
  const { report } = await requireAccess(db, principal, 'report', id);
  // Result rows [start, end) from the chunks that hold them.
  const start = (page.page - 1) * page.limit;
  const end = start + page.limit;
  const firstChunk = Math.floor(start / REPORT_ROWS_PER_CHUNK);
  // A prepared statement (db/prepared-statement.ts): every page of a report's rows reads its chunks
  // this way, and sent unnamed it was parsed and planned again on each read.
  const chunks =
    report.status === 'READY'
      ? await preparedRowsOf<{ cells: unknown }>(
          db,
          sql`select ${reportRows.cells} as cells from ${reportRows}
            where ${reportRows.reportId} = ${id}
              and ${reportRows.n} between ${firstChunk} and ${Math.floor((end - 1) / REPORT_ROWS_PER_CHUNK)}
            order by ${reportRows.n}`,
          CACHED,
        )
      : [];
  const offset = firstChunk * REPORT_ROWS_PER_CHUNK;
  return {
    columns: await columnsOf(db, report),
    rows: chunks
      .flatMap((chunk) => jsonColumn<ReportRowsPage['rows']>(chunk.cells))
      .slice(start - offset, end - offset),
    total: report.status === 'READY' ? (report.rowCount ?? 0) : 0,
    page: page.page,
    limit: page.limit,
  };
};

/** generatebasic: the totals of the report's range and filters, one pass over the rollups. */
export const summariseReport = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
): Promise<ReportSummary> => {
  const { report, owner } = await requireAccess(db, principal, 'report', id);
  const groups = await aggregateSlice(
    db,
    { ...(await dataQueryOf(db, report, owner)), dimensions: [], eventKeys: [] },
    CACHED,
  );
  const sums = [...groups.values()][0]?.sums ?? emptySums();
  return {
    impressions: sums.impressions,
    clicks: sums.clicks,
    conversions: sums.conversions,
    bids: sums.bids,
    wins: sums.wins,
    spend_micros: sums.advertiserCostMicros,
    media_cost_micros: maySeeCost(principal.role, 'media_cost') ? sums.mediaCostMicros : null,
    margin_micros: maySeeCost(principal.role, 'margin') ? metricValue('margin', sums) : null,
    agency_margin_micros: maySeeCost(principal.role, 'agency_margin') ? sums.agencyMarginMicros : null,
    platform_margin_micros: maySeeCost(principal.role, 'platform_margin')
      ? metricValue('platform_margin', sums)
      : null,
    ctr: metricValue('ctr', sums),
    ecpm_micros: metricValue('ecpm', sums),
  };
};
