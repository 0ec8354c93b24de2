// The background worker of list imports, in the API process. It takes the oldest unfinished import
// row, streams its spool file into a private staging table (COPY on PostgreSQL), then merges that
// into the list or audience in one short transaction that also writes the change log and closes the
// row. It runs one import at a time (two CPU cores serve the API too).
//
// Surviving a restart: the row is the queue. At start the worker takes up every unfinished row; a
// RUNNING row is taken again when its heartbeat is older than LEASE_MS (another process died with
// it) or, on embedded PGlite (one process only), at once. Running an import again is safe: the
// staging table is dropped and refilled, and the merge is one transaction. After MAX_ATTEMPTS the
// import fails with a message instead of looping on a poisoned file.
//
// Several API processes on one PostgreSQL share the queue (`for update skip locked`) and must share
// DATA_DIR (the spool files), as they share the media directory.
import { createReadStream, rmSync } from 'node:fs';
import type { ImportMode } from '@console/core/api/inventory-lists';
import { checkAudienceTransition } from '@console/core/audience-status';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { applists, audiences } from '../../db/schema/campaigns.ts';
import { type ImportResult, listImports } from '../../db/schema/lists.ts';
import { recordChange } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { createJobLoop, type JobLoop } from '../../platform/job-loop.ts';
import { isUniqueViolation } from '../reference/index.ts';
import { DEVICE_ID_LENGTH } from './entry-rules.ts';
import { type EntryChange, entryChangeFields, mergeStaged } from './entry-store.ts';
import { NAME_TAKEN } from './list-access.ts';
import { computeRuleAudience, queueDailyRecounts } from './rule-audience.ts';

type ImportRow = typeof listImports.$inferSelect;

const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 3;
const ANALYZE_FROM = 10_000;
const IDLE_POLL_MS = 2000;
const RECOUNT_CHECK_MS = 10 * 60_000;
const STORE_FAILED = 'The entries could not be stored. Upload the file again.';

export type ListImportWorker = JobLoop;

/** The next import to run, marked RUNNING, or undefined. */
const claimNext = async (db: DbOrTx, takeAllRunning: boolean): Promise<ImportRow | undefined> => {
  const stale = takeAllRunning
    ? sql`${listImports.status} = 'RUNNING'`
    : sql`(${listImports.status} = 'RUNNING' and ${listImports.startedAt} < now() - ${`${LEASE_MS} milliseconds`}::interval)`;
  const [claimed] = await rowsOf<{ id: number }>(
    db,
    sql`
    update ${listImports} set status = 'RUNNING', started_at = now(), attempts = attempts + 1
    where id = (
      select id from ${listImports}
      where ${listImports.status} = 'QUEUED' or ${stale}
      order by created_at, id limit 1 for update skip locked
    )
    returning id`,
  );
  const id = claimed?.id;
  if (id === undefined) return undefined;
  const [row] = await db
    .select()
    .from(listImports)
    .where(eq(listImports.id, Number(id)));
  return row;
};

const closeImport = (db: DbOrTx, id: number, values: Partial<typeof listImports.$inferInsert>) =>
  db
    .update(listImports)
    .set({ ...values, spoolPath: null, finishedAt: new Date() })
    .where(eq(listImports.id, id));

const actorOfRow = (row: ImportRow) => ({
  actorUserId: row.actorUserId,
  effectiveUserId: row.effectiveUserId,
});

/**
 * Counts of a stored import. Duplicates are the lines that changed nothing: repeats within the file,
 * and entries already in the list (append), kept by the new set (replace) or not in it (remove).
 */
const resultOf = (
  change: EntryChange,
  written: number,
  mode: ImportMode,
  countBefore: number,
): ImportResult => {
  const unchanged =
    mode === 'remove'
      ? written - change.removed
      : mode === 'replace'
        ? written - change.added - (countBefore - change.removed)
        : written - change.added;
  return { accepted: change.added, removed: change.removed, duplicates: Math.max(0, unchanged) };
};

/** Stores an inventory-list import (creating the list when the import makes a new one). */
const storeApplistImport = async (deps: AppDeps, row: ImportRow, staging: string, written: number) =>
  deps.db.transaction(async (tx) => {
    const payload = row.payload;
    let applistId = row.applistId;
    let countBefore = 0;
    if (applistId === null) {
      const newList = payload.newList!;
      const [created] = await tx
        .insert(applists)
        .values({
          ownerId: row.ownerId,
          name: newList.name,
          kind: newList.kind,
          defaultMode: newList.defaultMode,
          createdBy: row.actorUserId,
        })
        .returning({ id: applists.id });
      applistId = created!.id;
      await recordChange(tx, {
        entityType: 'applist',
        entityId: applistId,
        action: 'create',
        ...actorOfRow(row),
        changes: [
          { field: 'name', from: null, to: newList.name },
          { field: 'kind', from: null, to: newList.kind },
          { field: 'default_mode', from: null, to: newList.defaultMode },
        ],
      });
    } else {
      const [list] = await tx.select().from(applists).where(eq(applists.id, applistId)).for('update');
      if (!list) throw new AppError(404, 'The inventory list was deleted before its entries were stored.');
      countBefore = list.entryCount;
    }
    const change = await mergeStaged(
      tx,
      { table: 'applist_entries', key: 'applist_id', id: applistId },
      staging,
      payload.mode,
      countBefore,
    );
    const countAfter = countBefore + change.added - change.removed;
    await tx
      .update(applists)
      .set({ entryCount: countAfter, updatedAt: new Date() })
      .where(eq(applists.id, applistId));
    await recordChange(tx, {
      entityType: 'applist',
      entityId: applistId,
      action: 'entries',
      ...actorOfRow(row),
      changes: [
        {
          field: 'import',
          from: null,
          to: { import_id: row.id, mode: payload.mode, rejected: payload.rejected },
        },
        ...entryChangeFields(change, countBefore),
      ],
    });
    await closeImport(tx, row.id, {
      status: 'DONE',
      applistId,
      result: resultOf(change, written, payload.mode, countBefore),
      progressDone: written,
    });
  });

/** The member counts of an audience (device ids are 36 characters, e-mail hashes 64). */
export const countAudienceMembers = async (db: DbOrTx, audienceId: number) => {
  const [row] = await rowsOf<{ devices: number; emails: number }>(
    db,
    sql`
    select count(*) filter (where length(value) = ${DEVICE_ID_LENGTH})::int as devices,
           count(*) filter (where length(value) <> ${DEVICE_ID_LENGTH})::int as emails
    from audience_members where audience_id = ${audienceId}`,
  );
  return { devices: Number(row?.devices ?? 0), emails: Number(row?.emails ?? 0) };
};

/** Moves an audience out of PROCESSING by the lifecycle (the worker is the 'system' side). */
const finishAudience = async (
  tx: DbOrTx,
  row: ImportRow,
  to: 'READY' | 'FAILED',
  values: Partial<typeof audiences.$inferInsert>,
  changes: { field: string; from: unknown; to: unknown }[] = [],
) => {
  const [audience] = await tx.select().from(audiences).where(eq(audiences.id, row.audienceId!)).for('update');
  if (!audience) return;
  const check = checkAudienceTransition(audience.status, to, 'system', values.failureReason);
  if (!check.ok) throw new AppError(400, check.message);
  await tx
    .update(audiences)
    .set({ ...values, status: to, updatedAt: new Date() })
    .where(eq(audiences.id, audience.id));
  await recordChange(tx, {
    entityType: 'audience',
    entityId: audience.id,
    action: 'status',
    ...actorOfRow(row),
    changes: [{ field: 'status', from: audience.status, to }, ...changes],
  });
};

const storeAudienceImport = async (deps: AppDeps, row: ImportRow, staging: string, written: number) =>
  deps.db.transaction(async (tx) => {
    const [audience] = await tx
      .select()
      .from(audiences)
      .where(eq(audiences.id, row.audienceId!))
      .for('update');
    if (!audience) throw new AppError(404, 'The audience was deleted before its members were stored.');
    const countBefore = audience.matchedSize ?? 0;
    const change = await mergeStaged(
      tx,
      { table: 'audience_members', key: 'audience_id', id: audience.id },
      staging,
      row.payload.mode,
      countBefore,
    );
    const counts = await countAudienceMembers(tx, audience.id);
    const size = counts.devices + counts.emails;
    // Samples of hashed e-mails and device ids are identifiers of people: the change log keeps counts only.
    await finishAudience(
      tx,
      row,
      'READY',
      {
        matchedSize: size,
        deviceIdCount: counts.devices,
        emailHashCount: counts.emails,
        processedAt: new Date(),
        failureReason: null,
      },
      entryChangeFields(
        { ...change, addedSample: [], removedSample: [] },
        countBefore,
        'matched_size',
      ).filter((field) => !field.field.endsWith('_sample')),
    );
    await closeImport(tx, row.id, {
      status: 'DONE',
      result: resultOf(change, written, row.payload.mode, countBefore),
      progressDone: written,
    });
  });

const storeRuleAudience = async (deps: AppDeps, row: ImportRow) =>
  deps.db.transaction(async (tx) => {
    const [audience] = await tx
      .select()
      .from(audiences)
      .where(eq(audiences.id, row.audienceId!))
      .for('update');
    if (!audience) return closeImport(tx, row.id, { status: 'FAILED', error: 'The audience was deleted.' });
    if (audience.status === 'ARCHIVED')
      return closeImport(tx, row.id, { status: 'FAILED', error: 'The audience was archived.' });
    const size = await computeRuleAudience(tx, audience);
    const counted = { matchedSize: size, deviceIdCount: size, emailHashCount: 0, processedAt: new Date() };
    const sizeChange = [{ field: 'matched_size', from: audience.matchedSize, to: size }];
    if (audience.status === 'READY') {
      // The daily recount: the audience stays ready, its members and size move on.
      await tx
        .update(audiences)
        .set({ ...counted, updatedAt: new Date() })
        .where(eq(audiences.id, audience.id));
      if (audience.matchedSize !== size)
        await recordChange(tx, {
          entityType: 'audience',
          entityId: audience.id,
          action: 'recount',
          ...actorOfRow(row),
          changes: sizeChange,
        });
    } else await finishAudience(tx, row, 'READY', { ...counted, failureReason: null }, sizeChange);
    await closeImport(tx, row.id, { status: 'DONE', result: { accepted: size, duplicates: 0, removed: 0 } });
  });

const failImport = async (deps: AppDeps, row: ImportRow, message: string) =>
  deps.db.transaction(async (tx) => {
    if (row.audienceId !== null) {
      await finishAudience(tx, row, 'FAILED', { failureReason: message }).catch(() => {});
    }
    await closeImport(tx, row.id, { status: 'FAILED', error: message });
  });

const runImport = async (deps: AppDeps, row: ImportRow) => {
  if (row.kind === 'AUDIENCE_RULE') return storeRuleAudience(deps, row);
  if (!row.spoolPath) throw new AppError(400, STORE_FAILED);
  const staging = `list_import_rows_${row.id}`;
  const stagingId = sql.identifier(staging);
  await deps.db.execute(sql`drop table if exists ${stagingId}`);
  // Unlogged: the rows are a copy of the spool file, and writing them twice (WAL) would cost time.
  await deps.db.execute(sql`create unlogged table ${stagingId} (value text collate "C" not null)`);
  try {
    // The spool file is COPY's text format already (one clean value a line): it goes as it is.
    const spool = createReadStream(row.spoolPath, { highWaterMark: 256 * 1024 });
    const written = await deps.copyRows(staging, spool, async (done) => {
      await deps.db
        .update(listImports)
        .set({ progressDone: done, startedAt: new Date() })
        .where(eq(listImports.id, row.id));
    });
    // The planner's row count of the staging table: with it, the merge's distinct is one sort (which
    // the insert in key order needs anyway) instead of a hash aggregate followed by that sort.
    await deps.db.execute(sql`analyze ${stagingId}`);
    if (row.kind === 'APPLIST_IMPORT') await storeApplistImport(deps, row, staging, written);
    else await storeAudienceImport(deps, row, staging, written);
    // Fresh statistics after a large change, so that pages of the list use its index at once
    // (autovacuum would get there, but only after a while).
    if (written >= ANALYZE_FROM)
      await deps.db.execute(
        sql`analyze ${sql.identifier(row.kind === 'APPLIST_IMPORT' ? 'applist_entries' : 'audience_members')}`,
      );
  } finally {
    await deps.db.execute(sql`drop table if exists ${stagingId}`);
  }
  rmSync(row.spoolPath, { force: true });
};

export const createListImportWorker = (
  deps: AppDeps,
  options: { driver: 'pglite' | 'postgres'; log: FastifyBaseLogger },
): ListImportWorker => {
  // Embedded PGlite belongs to one process: a RUNNING row at start was left by a crash of this one.
  let takeAllRunning = options.driver === 'pglite';

  // Between jobs, at most every RECOUNT_CHECK_MS: the rule audiences due for their daily recount.
  let recountCheckedAt = 0;
  const runOne = async (): Promise<boolean> => {
    const row = await claimNext(deps.db, takeAllRunning);
    if (!row) {
      takeAllRunning = false;
      if (Date.now() - recountCheckedAt < RECOUNT_CHECK_MS) return false;
      recountCheckedAt = Date.now();
      return (await queueDailyRecounts(deps.db)) > 0;
    }
    try {
      if (row.attempts > MAX_ATTEMPTS) throw new AppError(400, STORE_FAILED);
      await runImport(deps, row);
    } catch (error) {
      const message =
        error instanceof AppError
          ? error.message
          : isUniqueViolation(error) && row.payload.newList
            ? NAME_TAKEN.applist
            : STORE_FAILED;
      if (!(error instanceof AppError))
        options.log.error({ err: error, import_id: row.id }, 'list import failed');
      await failImport(deps, row, message).catch((failure: unknown) =>
        options.log.error({ err: failure, import_id: row.id }, 'could not mark the list import failed'),
      );
      if (row.spoolPath) rmSync(row.spoolPath, { force: true });
    }
    return true;
  };

  return createJobLoop({ name: 'list import worker', log: options.log, idlePollMs: IDLE_POLL_MS, runOne });
};
