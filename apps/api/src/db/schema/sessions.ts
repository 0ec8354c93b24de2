import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type ActorLink = { id: number; role: string };

/**
 * One row per signed-in session. A token is valid only while its jti is the session's current one:
 * a refresh rotates it, logout or a password change revokes the session. A signed token of the
 * session whose jti is no longer current is a rotated one being replayed: the session ends.
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
    /** SESSION_MAX_HOURS after sign-in (never later than the parent's): no refresh goes past it. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '12 hours'`),
    /** When the jti last changed; a replay just after it is a client race, not a theft. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
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

/**
 * Failed sign-ins per key: an account (a hash of the e-mail, known or not, so that unknown addresses
 * are answered alike), a client address, and the pair of both. See modules/auth/login-throttle.ts.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    /** Attempts counted in the current window (an attempt is counted before its password is checked). */
    failures: integer('failures').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_throttles_last_failure_idx').on(t.lastFailureAt)],
);
