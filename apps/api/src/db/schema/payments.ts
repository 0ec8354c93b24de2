import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.ts';
import { users } from './users.ts';

/**
 * Card top-ups through Stripe Checkout: written when the session is created, completed by the
 * verified `checkout.session.completed` webhook, which credits the ledger once (the transfer's
 * dedupe key is the session id). The amount is what we asked Stripe for, never what a client says.
 */
export const cardTopUps = pgTable(
  'card_top_ups',
  {
    /** Stripe's Checkout Session id (cs_...). */
    sessionId: text('session_id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('PENDING'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('card_top_ups_user_idx').on(t.userId, t.createdAt),
    check('card_top_ups_status_check', sql`${t.status} in ('PENDING', 'COMPLETED')`),
    check('card_top_ups_amount_positive', sql`${t.amountMicros} > 0`),
  ],
);
