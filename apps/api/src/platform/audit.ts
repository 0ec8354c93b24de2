// The platform's change log: modules call these inside their transactions; every changelog route
// reads the same table.
import type { DbOrTx } from '../db/client.ts';
import { auditLog, type FieldChange } from '../db/schema/audit.ts';

export type AuditActor = { actorUserId: number | null; effectiveUserId: number | null };

/** Field-level differences between two snapshots; fields absent from `after` are ignored. */
export const diffFields = (before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] =>
  Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));

export const recordChange = async (
  db: DbOrTx,
  entry: { entityType: string; entityId: string | number; action: string; changes: FieldChange[] } & AuditActor,
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
