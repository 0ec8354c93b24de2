// The platform's change log: modules call these inside their transactions; every changelog route
// reads the same table.
import type { ChangeLogEntry } from '@console/core/api/users';
import { changeLogFieldSpec, RECORDED_CHANGE_LOG_ACTIONS } from '@console/core/change-log-fields';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { auditLog, type FieldChange } from '../db/schema/audit.ts';
import { users } from '../db/schema/users.ts';
import { announceChange } from './change-feed.ts';
import { changeLogNames } from './change-log-names.ts';
import { fetchPage, type Page, type PageRequest } from './pagination.ts';
import { userRefOf } from './user-ref.ts';

export type AuditActor = { actorUserId: number | null; effectiveUserId: number | null };

/** Field-level differences between two snapshots; fields absent from `after` are ignored. */
export const diffFields = (before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] =>
  Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));

/**
 * Outside production an unknown action or field name fails the write: every one the change log holds
 * must be in @console/core/change-log-fields, which gives it a label in every language.
 */
const assertKnownFields = (action: string, changes: readonly FieldChange[]) => {
  if (process.env.NODE_ENV === 'production') return;
  if (!(RECORDED_CHANGE_LOG_ACTIONS as readonly string[]).includes(action))
    throw new Error(`The change log action "${action}" is missing from @console/core/change-log-fields.`);
  const unknown = changes.find((change) => !changeLogFieldSpec(change.field));
  if (unknown)
    throw new Error(
      `The change log field "${unknown.field}" is missing from @console/core/change-log-fields.`,
    );
};

export const recordChange = async (
  db: DbOrTx,
  entry: {
    entityType: string;
    entityId: string | number;
    action: string;
    changes: FieldChange[];
  } & AuditActor,
) => {
  if (entry.action === 'update' && entry.changes.length === 0) return;
  assertKnownFields(entry.action, entry.changes);
  await db.insert(auditLog).values({
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    actorUserId: entry.actorUserId,
    effectiveUserId: entry.effectiveUserId,
    changes: entry.changes,
  });
  await announceChange(db, entry.entityType);
};

/**
 * Several entities' change logs as one (an advertiser's campaigns): the audit rows of `entityType`
 * whose id is in `table` under `where`, each entry naming its subject by `name`.
 */
export type ChangeLogSubjects = { table: PgTable; id: PgColumn; name: PgColumn; where: SQL | undefined };

const actor = alias(users, 'actor');
const onBehalf = alias(users, 'on_behalf');
const changeLogColumns = {
  id: auditLog.id,
  action: auditLog.action,
  changes: auditLog.changes,
  createdAt: auditLog.createdAt,
  actorId: actor.id,
  actorEmail: actor.email,
  onBehalfId: onBehalf.id,
  onBehalfEmail: onBehalf.email,
};

type ChangeLogRow = {
  id: number;
  action: string;
  changes: FieldChange[];
  createdAt: Date;
  actorId: number | null;
  actorEmail: string | null;
  onBehalfId: number | null;
  onBehalfEmail: string | null;
  subjectId?: unknown;
  subjectName?: unknown;
};

/** A page of entries with the names of the ids they hold (`names`, keyed 'exchange:12'). */
const withNames = async (db: DbOrTx, page: Page<ChangeLogEntry>): Promise<Page<ChangeLogEntry>> => {
  const names = await changeLogNames(
    db,
    page.items.map((entry) => entry.changes),
  );
  return { ...page, items: page.items.map((entry, index) => ({ ...entry, names: names[index] ?? {} })) };
};

const toChangeLogEntry = (row: ChangeLogRow): ChangeLogEntry => ({
  id: row.id,
  action: row.action,
  changes: row.changes,
  actor: userRefOf(row.actorId, row.actorEmail),
  onBehalfOf: userRefOf(row.onBehalfId, row.onBehalfEmail),
  createdAt: row.createdAt.toISOString(),
  ...(row.subjectId == null ? {} : { subject: { id: Number(row.subjectId), name: String(row.subjectName) } }),
});

/** A change log page of one entity, newest first, optionally one action only. */
export const readChangeLog = async (
  db: DbOrTx,
  entity: { entityType: string; entityId: string | number },
  query: PageRequest & { action?: string | undefined },
): Promise<Page<ChangeLogEntry>> => {
  const where = and(
    eq(auditLog.entityType, entity.entityType),
    eq(auditLog.entityId, String(entity.entityId)),
    query.action ? eq(auditLog.action, query.action) : undefined,
  );
  const page = await fetchPage(
    query,
    (limit, offset) =>
      db
        .select(changeLogColumns)
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .leftJoin(onBehalf, eq(onBehalf.id, auditLog.effectiveUserId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ value: count() }).from(auditLog).where(where),
    toChangeLogEntry,
  );
  return withNames(db, page);
};

/** The change logs of every `entityType` row of `subjects`, as one page, newest first. */
export const readSubjectsChangeLog = async (
  db: DbOrTx,
  entityType: string,
  subjects: ChangeLogSubjects,
  query: PageRequest & { action?: string | undefined },
): Promise<Page<ChangeLogEntry>> => {
  // audit_log.entity_id is text (any entity's key); the cast lets the entity index serve the join.
  const joined = eq(auditLog.entityId, sql`(${subjects.id})::text`);
  const where = and(
    eq(auditLog.entityType, entityType),
    subjects.where,
    query.action ? eq(auditLog.action, query.action) : undefined,
  );
  const page = await fetchPage(
    query,
    (limit, offset) =>
      db
        .select({ ...changeLogColumns, subjectId: subjects.id, subjectName: subjects.name })
        .from(auditLog)
        .innerJoin(subjects.table, joined)
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .leftJoin(onBehalf, eq(onBehalf.id, auditLog.effectiveUserId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ value: count() }).from(auditLog).innerJoin(subjects.table, joined).where(where),
    toChangeLogEntry,
  );
  return withNames(db, page);
};
