// The background worker of report generation, in the API process. The report row is the queue:
// generate sets it QUEUED; the worker claims the oldest (RUNNING, attempts + 1, started_at as its
// heartbeat, renewed with every progress step), sums it from the rollups and stores its rows.
//
// Surviving a restart: a RUNNING row is claimed again when its heartbeat is older than LEASE_MS (its
// worker died) or, on embedded PGlite (one process only), at the first claim after start. Running a
// generation again is safe: the rows are replaced in one transaction. After MAX_ATTEMPTS it fails
// with a message instead of looping. Several API processes share the queue (`for update skip locked`).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { reportOwnerColumns } from '../../platform/access.ts';
import { createJobLoop, type JobLoop } from '../../platform/job-loop.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { buildCells, dataQueryOf, storeReportRows, sumReport, totalsOf } from './report-generator.ts';
import { mailDueReport } from './report-schedule.ts';

const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 3;
const IDLE_POLL_MS = 2000;
export const GENERATE_FAILED = 'The report could not be generated. Try again.';

export type ReportWorker = JobLoop;

const claimNext = async (db: DbOrTx, takeAllRunning: boolean): Promise<number | undefined> => {
  const stale = takeAllRunning
    ? sql`${reports.status} = 'RUNNING'`
    : sql`(${reports.status} = 'RUNNING' and ${reports.startedAt} < now() - ${`${LEASE_MS} milliseconds`}::interval)`;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
    update ${reports} set status = 'RUNNING', started_at = now(), attempts = attempts + 1, progress = 0
    where id = (
      select id from ${reports}
      where ${reports.status} = 'QUEUED' or ${stale}
      order by updated_at, id limit 1 for update skip locked
    )
    returning id`,
  );
  const id = rows[0]?.id;
  return id === undefined ? undefined : Number(id);
};

export const generateClaimedReport = async (db: DbOrTx, id: number): Promise<void> => {
  const [row] = await db
    .select({ report: reports, owner: reportOwnerColumns })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.ownerId))
    .where(eq(reports.id, id));
  if (!row) return;
  const { report, owner } = row;
  const current = and(
    eq(reports.id, id),
    eq(reports.status, 'RUNNING'),
    eq(reports.attempts, report.attempts),
  );
  if (report.attempts > MAX_ATTEMPTS) {
    await db.update(reports).set({ status: 'FAILED', failureReason: GENERATE_FAILED }).where(current);
    return;
  }
  const groups = await sumReport(db, await dataQueryOf(db, report, owner), async (progress) => {
    await db.update(reports).set({ progress, startedAt: new Date() }).where(current);
  });
  const cells = await buildCells(db, report, groups.values());
  await storeReportRows(db, id, report.attempts, cells, totalsOf(groups.values()));
};

export const createReportWorker = (options: {
  db: DbOrTx;
  mailer: Mailer;
  driver: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
}): ReportWorker => {
  // Embedded PGlite belongs to one process: a RUNNING row at start was left by a crash of this one.
  let takeAllRunning = options.driver === 'pglite';
  const runOne = async (): Promise<boolean> => {
    const id = await claimNext(options.db, takeAllRunning);
    if (id === undefined) {
      takeAllRunning = false;
      // No generation waiting: a scheduled mail that is due, if any.
      return mailDueReport(options.db, options.mailer);
    }
    try {
      await generateClaimedReport(options.db, id);
    } catch (error) {
      options.log.error({ err: error, report_id: id }, 'report generation failed');
      await options.db
        .update(reports)
        .set({ status: 'FAILED', failureReason: GENERATE_FAILED })
        .where(and(eq(reports.id, id), eq(reports.status, 'RUNNING')))
        .catch((failure: unknown) =>
          options.log.error({ err: failure, report_id: id }, 'could not mark the report failed'),
        );
    }
    return true;
  };
  return createJobLoop({ name: 'report worker', log: options.log, idlePollMs: IDLE_POLL_MS, runOne });
};
