import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Money ledger in integer micro-units (1 USD = 1,000,000). A balance is the sum of a user's entries;
 * nothing stores a balance that could drift.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    reference: text('reference'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.createdAt),
    check('ledger_kind_check', sql`${t.kind} in ('DEPOSIT', 'SPEND', 'REFUND', 'ADJUSTMENT', 'TRANSFER')`),
    check('ledger_amount_nonzero', sql`${t.amountMicros} <> 0`),
  ],
);
