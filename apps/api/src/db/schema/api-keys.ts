import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ActorLink } from './sessions.ts';
import { users } from './users.ts';

/** API keys of users with api_access. Only a SHA-256 of the secret is kept; the key is shown once. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The public part of the key (`tdk_<prefix>_...`), for look-up and for showing which key is which. */
    prefix: text('prefix').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    /**
     * The parents who were acting as the owner when the key was made, outermost first; the key works
     * only while that chain still holds (see platform/actor-chain.ts).
     */
    actorChain: jsonb('actor_chain').$type<ActorLink[]>().notNull().default([]),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/** Conversion postback URL template of a user (settings page, when postback_enabled is ENABLED). */
export const postbackSettings = pgTable('postback_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  urlTemplate: text('url_template').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
