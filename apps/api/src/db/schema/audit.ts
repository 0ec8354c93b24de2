import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type FieldChange = { field: string; from: unknown; to: unknown };

/** The one change log of the platform: every create, update and status change, field by field. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    /** Who pressed the button (the outermost parent when impersonating). */
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    /** On whose behalf (the effective user of the session). */
    effectiveUserId: bigint('effective_user_id', { mode: 'number' }),
    changes: jsonb('changes').$type<FieldChange[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);
