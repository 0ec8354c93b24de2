import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { users } from './users.ts';

/**
 * The money ledger, double entry, in integer micro-units (1 USD = 1,000,000).
 *
 * - An account per agency and per advertiser, and a few platform accounts (money from outside,
 *   media cost, margin). Money enters the system as a transfer from the platform's FUNDING account,
 *   so the whole ledger always sums to zero.
 * - Every movement is one `ledger_transfers` row and two or more `ledger_entries` whose amounts sum
 *   to zero (checked by a deferred trigger at commit).
 * - Transfers and entries are append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): a mistake
 *   is corrected by a reversal transfer that points at the one it undoes.
 * - `ledger_accounts.balance_micros` is the running balance, written only by the database trigger
 *   `ledger_entries_apply` (migration 0012), which adds each new entry in the entry's own transaction
 *   under the account's row lock, so reading a balance is one row however long the history.
 *   Each entry also keeps the balance after it, so a history page needs no window over all rows.
 *   `checkLedger` (modules/ledger/ledger-check.ts) proves both against the sum of the entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The agency or advertiser; null for platform accounts. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    /** FUNDING, MEDIA or MARGIN for platform accounts; null for users' accounts. */
    code: text('code'),
    balanceMicros: bigint('balance_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    /** How many entries the account has; the last entry's `account_seq`. */
    entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
    /** The owner is mailed when a debit takes the balance from at least this to below it. */
    lowBalanceThresholdMicros: bigint('low_balance_threshold_micros', { mode: 'bigint' }),
    /** Set in the debit's transaction when the threshold is crossed; cleared once mailed. */
    lowBalanceAlertDueAt: timestamp('low_balance_alert_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_key').on(t.userId),
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    index('ledger_accounts_alert_due_idx')
      .on(t.lowBalanceAlertDueAt)
      .where(sql`${t.lowBalanceAlertDueAt} is not null`),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('PLATFORM', 'AGENCY', 'ADVERTISER')`),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} = 'PLATFORM') = (${t.userId} is null) and (${t.kind} = 'PLATFORM') = (${t.code} is not null)`,
    ),
  ],
);

/** One movement of money: what, why, who; its entries hold the amounts. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** How money came or went for CREDIT and DEBIT (WIRE, CHEQUE, ...); CARD for card top-ups. */
    method: text('method'),
    /** The bank reference, cheque number, Stripe session or delivery batch the movement refers to. */
    reference: text('reference'),
    note: text('note').notNull().default(''),
    /**
     * What makes a movement happen once: `spend:<reference>`, `stripe:<session id>`,
     * `idem:<actor>:<user>:<Idempotency-Key>`. A second attempt finds the first instead of moving
     * money again, even after a crash between the commit and the answer.
     */
    dedupeKey: text('dedupe_key'),
    /** The transfer this one undoes (a reversal); a transfer is reversed at most once. */
    reversesTransferId: bigint('reverses_transfer_id', { mode: 'number' }).references(
      (): AnyPgColumn => ledgerTransfers.id,
    ),
    campaignId: bigint('campaign_id', { mode: 'number' }).references(() => campaigns.id),
    /** SPEND only: what the exchanges charged, and what the advertiser pays (media cost + margin). */
    mediaCostMicros: bigint('media_cost_micros', { mode: 'bigint' }),
    advertiserCostMicros: bigint('advertiser_cost_micros', { mode: 'bigint' }),
    /** Who pressed the button (the outermost parent when impersonating); null for the system. */
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    /** The effective user of the session that moved the money. */
    onBehalfOf: bigint('on_behalf_of', { mode: 'number' }).references(() => users.id),
    /** When the money moved in the world (the delivery hour for spend); createdAt is when it was booked. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_dedupe_key').on(t.dedupeKey),
    uniqueIndex('ledger_transfers_reverses_key').on(t.reversesTransferId),
    index('ledger_transfers_created_idx').on(t.createdAt),
    check(
      'ledger_transfers_kind_check',
      sql`${t.kind} in ('CREDIT', 'DEBIT', 'CARD_TOP_UP', 'ALLOCATION', 'PULL_BACK', 'SPEND', 'REVERSAL')`,
    ),
    check(
      'ledger_transfers_method_check',
      sql`${t.method} is null or ${t.method} in ('WIRE', 'CHEQUE', 'PROMOTION', 'ADJUSTMENT', 'REFUND', 'CARD')`,
    ),
    check(
      'ledger_transfers_reversal_check',
      sql`(${t.kind} = 'REVERSAL') = (${t.reversesTransferId} is not null)`,
    ),
    check(
      'ledger_transfers_spend_costs_check',
      sql`(${t.kind} = 'SPEND') = (${t.mediaCostMicros} is not null and ${t.advertiserCostMicros} is not null)`,
    ),
  ],
);

/** One leg of a transfer on one account; the legs of a transfer sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    /**
     * 1, 2, 3, ... per account in the order the entries changed its balance (set under the account's
     * row lock by the trigger). Ids do not give that order: an id is drawn before the lock is taken.
     */
    accountSeq: bigint('account_seq', { mode: 'number' }).notNull(),
    /** The account's balance right after this entry (the running balance, kept under the row lock). */
    balanceAfterMicros: bigint('balance_after_micros', { mode: 'bigint' }).notNull(),
    /**
     * When the entry counts in a month or a day: its transfer's occurred_at (the delivery time for
     * spend, the booking time for every other movement). Statements and the history's dates read it,
     * so spend lands in the month it was delivered, as the dashboards count it; created_at is when
     * it was booked (a late notice books October's delivery in November).
     */
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_account_seq_key').on(t.accountId, t.accountSeq),
    index('ledger_entries_account_time_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_account_effective_idx').on(t.accountId, t.effectiveAt),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_amount_nonzero', sql`${t.amountMicros} <> 0`),
  ],
);
