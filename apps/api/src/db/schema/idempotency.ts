import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * `Idempotency-Key`s of POSTs (platform/idempotency.ts): one row per (effective user, acting user,
 * key). The row is written before the handler runs (the claim), and completed with the answer when
 * it succeeded; a failed first request deletes it. Rows older than 24 hours are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user who really acts (the outermost parent when impersonating); the user itself otherwise. */
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** HMAC-SHA256 of the method, route, params, query and canonical (opened) body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    responseStatus: integer('response_status'),
    /** The first answer's JSON, sealed (it may hold a secret shown once, e.g. a new API key). */
    responseSealed: text('response_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.actorId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
