import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Upstream DSP connections (admin only). Credentials are sealed at rest and never sent back. */
export const dsps = pgTable('dsps', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  type: text('type').notNull(),
  endpointUrl: text('endpoint_url').notNull(),
  /** AES-256-GCM sealed JSON of the credential fields of the DSP type. */
  credentialsSealed: text('credentials_sealed').notNull(),
  /** The last characters of each secret, so an admin can tell which credentials are set. */
  credentialsHint: jsonb('credentials_hint').$type<Record<string, string>>().notNull().default({}),
  status: text('status').notNull().default('ACTIVE'),
  exchanges: jsonb('exchanges').$type<string[]>().notNull().default([]),
  qpsLimit: integer('qps_limit').notNull().default(1000),
  lastTestAt: timestamp('last_test_at', { withTimezone: true }),
  lastTestOk: boolean('last_test_ok'),
  lastTestMessage: text('last_test_message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
