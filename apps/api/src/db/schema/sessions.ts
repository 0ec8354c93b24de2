import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type ActorLink = { id: number; role: string };

/**
 * One row per signed-in session. A token is valid only while its jti is the session's current one:
 * a refresh rotates it, logout or a password change revokes the session.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The parents acting as this user, outermost first (empty when signed in directly). */
    actorChain: jsonb('actor_chain').$type<ActorLink[]>().notNull().default([]),
    /** The parent's session this one was opened from, when impersonating. */
    parentSessionId: uuid('parent_session_id'),
    currentJti: uuid('current_jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_parent_idx').on(t.parentSessionId)],
);

/** One-time passwords for e-mail verification and password reset; stored hashed. */
export const otps = pgTable(
  'otps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** What the code confirms, e.g. the new address of an e-mail change. */
    payload: text('payload'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otps_user_purpose_idx').on(t.userId, t.purpose)],
);
