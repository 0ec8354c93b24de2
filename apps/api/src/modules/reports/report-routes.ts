// HTTP of /api/report (spec section 7: create, delete, update, getSingle, generate, generatebasic,
// CSV, get) and the running-apps export. Every signed-in role; scope as campaigns (404 outside).
import { messageResponse, okResponse, pageOf } from '@console/core/api/common';
import {
  csvDownload,
  eventConfigBody,
  eventConfigView,
  RUNNING_APPS_FILE_NAME,
  reportCreateBody,
  reportDetail,
  reportIdParams,
  reportListItem,
  reportListQuery,
  reportRowsPage,
  reportRowsQuery,
  reportSummary,
  reportUpdateBody,
  runningAppsBody,
} from '@console/core/api/reports';
import { zonedPartsOf } from '@console/core/time/zoned-time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth-guard.ts';
import { type CsvColumn, type CsvRow, csvStream } from '../../platform/csv-writer.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { readEventConfig, saveEventConfig } from './event-config.ts';
import { csvColumnsOf, reportCsvRows } from './report-csv.ts';
import { attachmentOf, createDownloadSigner, downloadUrlOf } from './report-download.ts';
import { columnsOf } from './report-generator.ts';
import {
  createReport,
  deleteReport,
  listReports,
  queueGeneration,
  readReport,
  readReportRows,
  summariseReport,
  updateReport,
} from './report-service.ts';
import type { ReportWorker } from './report-worker.ts';
import { RUNNING_APPS_COLUMNS, type RunningAppsQuery, runningAppsRows } from './running-apps.ts';

const schemaBase = { tags: ['reports'], security: bearer };
const DOWNLOAD_GONE = 'This download link has expired or is not yours. Ask for the file again.';

export type ReportRouteDeps = AppDeps & { reportWorker: ReportWorker };

/**
 * A report's file name: its name and when it was generated, in its time zone ('Weekly 2026-11-27
 * 0930.csv'), so two downloads of a report regenerated in between are told apart.
 */
const fileNameOf = (name: string, generatedAt: Date | null, timeZone: string) => {
  const base = name.replace(/[^\w\- ]+/g, '').trim() || 'report';
  if (!generatedAt) return `${base}.csv`;
  const { date, time } = zonedPartsOf(generatedAt.toISOString(), timeZone);
  return `${base} ${date} ${time.replace(':', '')}.csv`;
};

export const reportRoutes =
  (deps: ReportRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signer = createDownloadSigner(deps.config.jwtSecret);

    app.get(
      '/get',
      {
        config: { access: 'report.read' },
        schema: {
          ...schemaBase,
          operationId: 'listReports',
          summary: 'Reports the caller may see, paged, sorted and filtered',
          description:
            'Sorted by name, report_type, status, created_at or updated_at; filtered by report_type, status and q (part of the name).',
          querystring: reportListQuery,
          response: withErrors(okResponse(pageOf(reportListItem))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listReports(deps.db, principalOf(request), request.query),
      }),
    );

    app.post(
      '/create',
      {
        config: { access: 'report.create' },
        schema: {
          ...schemaBase,
          operationId: 'createReport',
          summary: 'Save a report: type, dimensions, metrics, date range, filters and event columns',
          description:
            'Dates are UTC days. An optional e-mail schedule (DAILY, WEEKLY). The multi-dimensional type is for admin and co-admin.',
          body: reportCreateBody,
          response: withErrors(okResponse(reportDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Report saved.',
        data: await createReport(deps.db, principalOf(request), request.body),
      }),
    );

    app.get(
      '/getSingle/:id',
      {
        config: { access: 'report.read' },
        schema: {
          ...schemaBase,
          operationId: 'getReport',
          summary: 'One report: its query, its generation status and progress, its columns',
          params: reportIdParams,
          response: withErrors(okResponse(reportDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readReport(deps.db, principalOf(request), request.params.id),
      }),
    );

    app.put(
      '/update/:id',
      {
        config: { access: 'report.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateReport',
          summary: 'Change a report; its old result is dropped (generate it again)',
          params: reportIdParams,
          body: reportUpdateBody,
          response: withErrors(okResponse(reportDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Report saved.',
        data: await updateReport(deps.db, principalOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/delete/:id',
      {
        config: { access: 'report.delete' },
        schema: {
          ...schemaBase,
          operationId: 'deleteReport',
          summary: 'Delete a report and its result',
          params: reportIdParams,
          response: withErrors(messageResponse),
        },
      },
      async (request) => {
        await deleteReport(deps.db, principalOf(request), request.params.id);
        return { success: true as const, message: 'Report deleted.' };
      },
    );

    app.post(
      '/generate/:id',
      {
        config: { access: 'report.generate' },
        schema: {
          ...schemaBase,
          operationId: 'startReportGeneration',
          summary: 'Generate a report in the background from the hourly rollups (poll getSingle)',
          description:
            'QUEUED, then RUNNING with progress, then READY or FAILED. A generation survives a restart.',
          params: reportIdParams,
          response: withErrors(okResponse(reportDetail)),
        },
      },
      async (request) => {
        const data = await queueGeneration(deps.db, principalOf(request), request.params.id);
        deps.reportWorker.wake();
        return { success: true as const, message: 'The report is being generated.', data };
      },
    );

    app.post(
      '/generatebasic/:id',
      {
        config: { access: 'report.generate' },
        schema: {
          ...schemaBase,
          operationId: 'getReportSummary',
          summary: "A quick summary of a report's range and filters: totals, answered at once",
          params: reportIdParams,
          response: withErrors(okResponse(reportSummary)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await summariseReport(deps.db, principalOf(request), request.params.id),
      }),
    );

    app.get(
      '/rows/:id',
      {
        config: { access: 'report.read' },
        schema: {
          ...schemaBase,
          operationId: 'listReportRows',
          summary: "A page of a generated report's rows, in its column order (money in micro-units)",
          params: reportIdParams,
          querystring: reportRowsQuery,
          response: withErrors(okResponse(reportRowsPage)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readReportRows(deps.db, principalOf(request), request.params.id, request.query),
      }),
    );

    app.post(
      '/csv/:id',
      {
        config: { access: 'report.export' },
        schema: {
          ...schemaBase,
          operationId: 'requestReportCsv',
          summary: "A download link for a generated report's CSV",
          description: "The link holds for 10 minutes and only with the caller's own bearer token.",
          params: reportIdParams,
          response: withErrors(okResponse(csvDownload)),
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { report } = await requireAccess(deps.db, principal, 'report', request.params.id);
        if (report.status !== 'READY') throw conflict('Generate the report before downloading it.');
        const fileName = fileNameOf(report.name, report.generatedAt, report.timeZone);
        const token = signer.sign(principal.userId, fileName, { kind: 'report', reportId: report.id });
        return {
          success: true as const,
          data: { csv_download_url: downloadUrlOf(token), file_name: fileName },
        };
      },
    );

    app.post(
      '/running-apps',
      {
        config: { access: 'report.export' },
        schema: {
          ...schemaBase,
          operationId: 'requestRunningAppsCsv',
          summary: "A CSV download link of where the caller's campaigns ran, with their delivery",
          description: `One row per campaign, exchange and app or site. Default file name ${RUNNING_APPS_FILE_NAME}; default range the last 30 days.`,
          body: runningAppsBody,
          response: withErrors(okResponse(csvDownload)),
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { file_name: name, ...query } = request.body;
        const fileName = name ?? RUNNING_APPS_FILE_NAME;
        const token = signer.sign(principal.userId, fileName, {
          kind: 'running-apps',
          query: JSON.stringify(query),
        });
        return {
          success: true as const,
          data: { csv_download_url: downloadUrlOf(token), file_name: fileName },
        };
      },
    );

    app.get(
      '/download/:token',
      {
        config: { access: 'report.export' },
        schema: {
          ...schemaBase,
          operationId: 'getCsvDownload',
          summary: 'The CSV behind a csv_download_url, streamed (UTF-8 with a byte order mark)',
          description: 'Only for the user it was made for, with their bearer token; anyone else gets 404.',
          params: z.object({ token: z.string().max(1024) }),
          produces: ['text/csv'],
          response: withErrors(z.unknown().describe('CSV')),
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const body = signer.verify(request.params.token, principal.userId);
        if (!body) throw notFound(DOWNLOAD_GONE);
        let columns: CsvColumn[];
        let rows: AsyncIterable<CsvRow> | Iterable<CsvRow>;
        if (body.subject.kind === 'report') {
          // Still in scope now (an advertiser moved to another agency loses its reports).
          const { report } = await requireAccess(deps.db, principal, 'report', body.subject.reportId);
          columns = csvColumnsOf(await columnsOf(deps.db, report), report.timeZone);
          rows = reportCsvRows(deps.db, report.id);
        } else {
          const query = JSON.parse(body.subject.query) as RunningAppsQuery;
          columns = RUNNING_APPS_COLUMNS;
          rows = await runningAppsRows(deps.db, { userId: principal.userId, role: principal.role }, query);
        }
        const csv = await csvStream(columns, rows, { bom: true });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachmentOf(body.name))
          .send(csv);
      },
    );

    app.get(
      '/event-config',
      {
        config: { access: 'eventConfig.read' },
        schema: {
          ...schemaBase,
          operationId: 'getEventConfig',
          summary: "The caller's conversion events with their report column labels E{n}-{name}",
          response: withErrors(okResponse(eventConfigView)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readEventConfig(deps.db, principalOf(request).userId),
      }),
    );

    app.put(
      '/event-config',
      {
        config: { access: 'eventConfig.update' },
        schema: {
          ...schemaBase,
          operationId: 'saveEventConfig',
          summary: "Replace the caller's conversion events; their order numbers the columns (E1, E2, ...)",
          body: eventConfigBody,
          response: withErrors(okResponse(eventConfigView)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Events saved.',
        data: await saveEventConfig(deps.db, principalOf(request).userId, request.body.events),
      }),
    );
  };
