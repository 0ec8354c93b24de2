// The platform's change log: modules call these inside their transactions; every changelog route
// reads the same table.
import type { ChangeLogEntry } from '@console/core/api/users';
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { auditLog, type FieldChange } from '../db/schema/audit.ts';
import { users } from '../db/schema/users.ts';
import { fetchPage, type Page, type PageRequest } from './pagination.ts';
import { userRefOf } from './user-ref.ts';

export type AuditActor = { actorUserId: number | null; effectiveUserId: number | null };

/** Field-level differences between two snapshots; fields absent from `after` are ignored. */
export const diffFields = (before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] =>
  Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));

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
  await db.insert(auditLog).values({
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    actorUserId: entry.actorUserId,
    effectiveUserId: entry.effectiveUserId,
    changes: entry.changes,
  });
};

/** A change log page of one entity, newest first, optionally one action only. */
export const readChangeLog = async (
  db: DbOrTx,
  entity: { entityType: string; entityId: string | number },
  query: PageRequest & { action?: string | undefined },
): Promise<Page<ChangeLogEntry>> => {
  const actor = alias(users, 'actor');
  const onBehalf = alias(users, 'on_behalf');
  const where = and(
    eq(auditLog.entityType, entity.entityType),
    eq(auditLog.entityId, String(entity.entityId)),
    query.action ? eq(auditLog.action, query.action) : undefined,
  );
  return fetchPage(
    query,
    (limit, offset) =>
      db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          changes: auditLog.changes,
          createdAt: auditLog.createdAt,
          actorId: actor.id,
          actorEmail: actor.email,
          onBehalfId: onBehalf.id,
          onBehalfEmail: onBehalf.email,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .leftJoin(onBehalf, eq(onBehalf.id, auditLog.effectiveUserId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ value: count() }).from(auditLog).where(where),
    (row) => ({
      id: row.id,
      action: row.action,
      changes: row.changes,
      actor: userRefOf(row.actorId, row.actorEmail),
      onBehalfOf: userRefOf(row.onBehalfId, row.onBehalfEmail),
      createdAt: row.createdAt.toISOString(),
    }),
  );
};
