// The upload side of list imports (inventory lists and audiences). The request is read as a stream:
// the target is checked from the multipart fields that come before the file, the file is validated
// line by line into a spool file of clean values (list-file-reader.ts), and only then an import row
// is queued for the background worker (list-import-worker.ts), which stores it. The answer is the
// import, which the browser polls for the storing phase: a big file survives a slow network (no
// database transaction waits on the upload) and a restart of the server (the row and spool remain).
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ApplistKind, ImportMode, ListImport } from '@console/core/api/inventory-lists';
import { checkAudienceTransition } from '@console/core/audience-status';
import { formatBytes } from '@console/core/format/bytes';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applists, audiences } from '../../db/schema/campaigns.ts';
import { type ImportPayload, listImports } from '../../db/schema/lists.ts';
import { requireAccess } from '../../platform/access.ts';
import { actorOf, advertiserOwnedScope } from '../../platform/advertiser-scope.ts';
import { recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../reference/index.ts';
import { normaliseAudienceMember, normaliserOf } from './entry-rules.ts';
import { NAME_TAKEN, resolveListOwner } from './list-access.ts';
import { type FileReadStats, readListFile } from './list-file-reader.ts';

export const IMPORT_NOT_FOUND = 'Import not found.';
export const BUSY_MESSAGE = 'An import of this list is still running; wait until it has finished.';
export const tooLargeMessage = (maxBytes: number) =>
  `The file is larger than ${formatBytes(maxBytes, { decimals: 0 })}. Split it and upload the parts one after another (add to the list).`;

type ImportRow = typeof listImports.$inferSelect;

export const toListImport = (row: ImportRow): ListImport => ({
  import_id: row.id,
  kind: row.kind,
  status: row.status,
  applist_id: row.applistId,
  audience_id: row.audienceId,
  mode: row.payload.mode,
  lines: row.payload.lines,
  valid: row.payload.valid,
  rejected: row.payload.rejected,
  rejected_lines: row.payload.rejectedLines,
  progress: { done: row.progressDone, total: row.progressTotal },
  accepted: row.result?.accepted ?? null,
  duplicates: row.result?.duplicates ?? null,
  removed: row.result?.removed ?? null,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

export const spoolDirOf = (deps: AppDeps) => join(deps.config.dataDir, 'list-imports');

/** The file, streamed; `truncated` tells (after reading) whether it went past the size limit. */
export type UploadedFile = { chunks: AsyncIterable<Buffer>; truncated: () => boolean };

const FILE_TOO_LARGE_CODE = 'FST_REQ_FILE_TOO_LARGE';

/** Validates the file into a new spool file; a refused file leaves no spool behind. */
const spoolFile = async (
  deps: AppDeps,
  file: UploadedFile,
  check: (raw: string) => { value?: string; reason?: string },
  column: string | undefined,
): Promise<{ spoolPath: string; stats: FileReadStats }> => {
  const dir = spoolDirOf(deps);
  mkdirSync(dir, { recursive: true });
  const spoolPath = join(dir, `${randomUUID()}.txt`);
  try {
    const stats = await readListFile(file.chunks, {
      check: check as Parameters<typeof readListFile>[1]['check'],
      column,
      spoolPath,
    });
    if (file.truncated()) throw badRequest(tooLargeMessage(deps.config.listUploadMaxBytes));
    return { spoolPath, stats };
  } catch (error) {
    rmSync(spoolPath, { force: true });
    // The multipart limit cuts the file short: whatever the reader made of the cut, say that.
    if (file.truncated() || (error as { code?: string }).code === FILE_TOO_LARGE_CODE)
      throw badRequest(tooLargeMessage(deps.config.listUploadMaxBytes));
    throw error;
  }
};

const assertNoPendingImport = async (db: DbOrTx, where: ReturnType<typeof eq>) => {
  const [pending] = await db
    .select({ id: listImports.id })
    .from(listImports)
    .where(and(where, sql`${listImports.status} in ('QUEUED', 'RUNNING')`))
    .limit(1);
  if (pending) throw badRequest(BUSY_MESSAGE);
};

const payloadOf = (
  stats: FileReadStats,
  mode: ImportMode,
  newList?: ImportPayload['newList'],
): ImportPayload => ({
  ...(newList ? { newList } : {}),
  mode,
  lines: stats.lines,
  valid: stats.valid,
  rejected: stats.rejected,
  rejectedLines: stats.rejectedLines,
});

export type ApplistUploadTarget =
  | { applistId: number; mode: ImportMode }
  | { name: string; kind: ApplistKind; defaultMode: 'ALLOW' | 'BLOCK'; advertiserId: number | undefined };

/** Checks the target (before the file is read), then reads the file and queues the import. */
export const startApplistImport = async (
  deps: AppDeps,
  principal: Principal,
  target: ApplistUploadTarget,
  column: string | undefined,
  file: UploadedFile,
): Promise<ListImport> => {
  const { db } = deps;
  let ownerId: number;
  let kind: ApplistKind;
  let applistId: number | null = null;
  let mode: ImportMode = 'append';
  let newList: ImportPayload['newList'];
  if ('applistId' in target) {
    const list = await requireAccess(db, principal, 'inventoryList', target.applistId);
    await assertNoPendingImport(db, eq(listImports.applistId, list.id));
    ({ ownerId, kind } = list);
    applistId = list.id;
    mode = target.mode;
  } else {
    ownerId = await resolveListOwner(db, principal, target.advertiserId);
    await assertApplistNameFree(db, ownerId, target.name);
    kind = target.kind;
    newList = { name: target.name, kind: target.kind, defaultMode: target.defaultMode };
  }
  const { spoolPath, stats } = await spoolFile(deps, file, normaliserOf(kind), column);
  const [row] = await db
    .insert(listImports)
    .values({
      kind: 'APPLIST_IMPORT',
      ownerId,
      applistId,
      payload: payloadOf(stats, mode, newList),
      spoolPath,
      progressTotal: stats.valid,
      ...actorOf(principal),
    })
    .returning();
  return toListImport(row!);
};

export const assertApplistNameFree = async (db: DbOrTx, ownerId: number, name: string, exceptId?: number) => {
  const [taken] = await db
    .select({ id: applists.id })
    .from(applists)
    .where(and(eq(applists.ownerId, ownerId), sql`lower(${applists.name}) = lower(${name})`))
    .limit(1);
  if (taken && taken.id !== exceptId) throw badRequest(NAME_TAKEN.applist, { name: NAME_TAKEN.applist });
};

export const assertAudienceNameFree = async (
  db: DbOrTx,
  ownerId: number,
  name: string,
  exceptId?: number,
) => {
  const [taken] = await db
    .select({ id: audiences.id })
    .from(audiences)
    .where(and(eq(audiences.ownerId, ownerId), sql`lower(${audiences.name}) = lower(${name})`))
    .limit(1);
  if (taken && taken.id !== exceptId) throw badRequest(NAME_TAKEN.audience, { name: NAME_TAKEN.audience });
};

export type AudienceUploadTarget =
  | { audienceId: number; mode: ImportMode }
  | { name: string; advertiserId: number | undefined };

/**
 * An upload of people: a new audience (created PROCESSING once the file is valid) or more for one
 * (READY or FAILED -> PROCESSING by the lifecycle). Plain e-mails are hashed while the file is read.
 */
export const startAudienceImport = async (
  deps: AppDeps,
  principal: Principal,
  target: AudienceUploadTarget,
  column: string | undefined,
  file: UploadedFile,
): Promise<ListImport> => {
  const { db } = deps;
  let ownerId: number;
  if ('audienceId' in target) {
    const audience = await requireAccess(db, principal, 'audience', target.audienceId);
    if (audience.source !== 'UPLOAD') throw badRequest('A rule audience is computed, not uploaded.');
    const check = checkAudienceTransition(audience.status, 'PROCESSING', 'owner');
    if (!check.ok) throw badRequest(check.message, { status: check.message });
    ownerId = audience.ownerId;
  } else {
    ownerId = await resolveListOwner(db, principal, target.advertiserId);
    await assertAudienceNameFree(db, ownerId, target.name);
  }
  const { spoolPath, stats } = await spoolFile(deps, file, normaliseAudienceMember, column);
  try {
    const row = await db.transaction(async (tx) => {
      let audienceId: number;
      const actor = actorOf(principal);
      if ('audienceId' in target) {
        const audience = await requireAccess(tx, principal, 'audience', target.audienceId, { lock: true });
        const check = checkAudienceTransition(audience.status, 'PROCESSING', 'owner');
        if (!check.ok) throw badRequest(check.message, { status: check.message });
        await tx
          .update(audiences)
          .set({ status: 'PROCESSING', failureReason: null, updatedAt: new Date() })
          .where(eq(audiences.id, audience.id));
        await recordChange(tx, {
          entityType: 'audience',
          entityId: audience.id,
          action: 'status',
          ...actor,
          changes: [{ field: 'status', from: audience.status, to: 'PROCESSING' }],
        });
        audienceId = audience.id;
      } else {
        const [created] = await tx
          .insert(audiences)
          .values({
            ownerId,
            name: target.name,
            source: 'UPLOAD',
            status: 'PROCESSING',
            createdBy: actor.actorUserId,
          })
          .returning();
        audienceId = created!.id;
        await recordChange(tx, {
          entityType: 'audience',
          entityId: audienceId,
          action: 'create',
          ...actor,
          changes: [
            { field: 'name', from: null, to: target.name },
            { field: 'source', from: null, to: 'UPLOAD' },
            { field: 'status', from: null, to: 'PROCESSING' },
          ],
        });
      }
      const mode = 'audienceId' in target ? target.mode : 'append';
      const [inserted] = await tx
        .insert(listImports)
        .values({
          kind: 'AUDIENCE_IMPORT',
          ownerId,
          audienceId,
          payload: payloadOf(stats, mode),
          spoolPath,
          progressTotal: stats.valid,
          ...actor,
        })
        .returning();
      return inserted!;
    });
    return toListImport(row);
  } catch (error) {
    rmSync(spoolPath, { force: true });
    if (isUniqueViolation(error)) throw badRequest(NAME_TAKEN.audience, { name: NAME_TAKEN.audience });
    throw error;
  }
};

/** An import the caller may see (by the owner of its list or audience). */
export const readListImport = async (db: DbOrTx, principal: Principal, id: number): Promise<ListImport> => {
  const [row] = await db
    .select()
    .from(listImports)
    .where(and(eq(listImports.id, id), advertiserOwnedScope(principal, listImports.ownerId)))
    .limit(1);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return toListImport(row);
};

/** The newest unfinished import of a list or audience, if any. */
export const findPendingImportId = async (
  db: DbOrTx,
  where: { applistId: number } | { audienceId: number },
): Promise<number | null> => {
  const [row] = await db
    .select({ id: listImports.id })
    .from(listImports)
    .where(
      and(
        'applistId' in where
          ? eq(listImports.applistId, where.applistId)
          : eq(listImports.audienceId, where.audienceId),
        sql`${listImports.status} in ('QUEUED', 'RUNNING')`,
      ),
    )
    .orderBy(sql`${listImports.id} desc`)
    .limit(1);
  return row?.id ?? null;
};
