// Scheduled delivery of reports by e-mail (daily or weekly) through the mailer's outbox. When a
// report is due, its window (as many days as its saved range) is moved to end yesterday (UTC), summed
// from the rollups like a generation, and mailed as CSV text (the mailer sends text only; the first
// MAIL_MAX_ROWS rows, the full file is in the console).
//
// Claiming stamps last_mailed_at before sending (`for update skip locked`, several API processes
// share it): a crash mid-send skips that one mail rather than sending it twice.

import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { reportOwnerColumns } from '../../platform/access.ts';
import { csvText } from '../../platform/csv-writer.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { csvColumnsOf } from './report-csv.ts';
import { buildCells, columnsOf, dataQueryOf, sumReport } from './report-generator.ts';

const DAY_MS = 86_400_000;
const MAIL_MAX_ROWS = 500;
const INTERVAL = { DAILY: '1 day', WEEKLY: '7 days' } as const;

const claimDue = async (db: DbOrTx): Promise<number | undefined> => {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
    update ${reports} set last_mailed_at = now()
    where id = (
      select id from ${reports}
      where (schedule = 'DAILY' and (last_mailed_at is null or last_mailed_at < now() - ${INTERVAL.DAILY}::interval))
         or (schedule = 'WEEKLY' and (last_mailed_at is null or last_mailed_at < now() - ${INTERVAL.WEEKLY}::interval))
      order by last_mailed_at nulls first, id limit 1 for update skip locked
    )
    returning id`,
  );
  const id = rows[0]?.id;
  return id === undefined ? undefined : Number(id);
};

/** The report's window moved to end yesterday (UTC), as long as its saved range. */
export const rollingWindow = (report: { dateFrom: string; dateTo: string }, now: Date) => {
  const days = Math.round((Date.parse(report.dateTo) - Date.parse(report.dateFrom)) / DAY_MS) + 1;
  const end = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS);
  const start = new Date(end.getTime() - (days - 1) * DAY_MS);
  return { dateFrom: start.toISOString().slice(0, 10), dateTo: end.toISOString().slice(0, 10) };
};

/** Mails one due report, if any; answers whether there was one. */
export const mailDueReport = async (db: DbOrTx, mailer: Mailer, now = new Date()): Promise<boolean> => {
  const id = await claimDue(db);
  if (id === undefined) return false;
  const [row] = await db
    .select({ report: reports, owner: reportOwnerColumns })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.ownerId))
    .where(eq(reports.id, id));
  if (!row?.report.scheduleEmail) return true;
  const report = { ...row.report, ...rollingWindow(row.report, now) };
  const groups = await sumReport(db, await dataQueryOf(db, report, row.owner), async () => {});
  const cells = await buildCells(db, report, groups.values());
  const columns = await columnsOf(db, report);
  const csv = csvText(csvColumnsOf(columns, report.timeZone), cells.slice(0, MAIL_MAX_ROWS));
  const more =
    cells.length > MAIL_MAX_ROWS ? `\n… and ${cells.length - MAIL_MAX_ROWS} more rows in the console.\n` : '';
  await mailer.send({
    to: row.report.scheduleEmail,
    subject: `Report: ${report.name} (${report.dateFrom} to ${report.dateTo})`,
    body: `${report.name}, ${report.dateFrom} to ${report.dateTo} (${report.timeZone}), generated ${now.toISOString()}, ${cells.length} rows.\n\n${csv}${more}`,
  });
  return true;
};
