// Funds: the double-entry ledger as the console and API clients see it. Every amount is integer
// micro-units (1 USD = 1,000,000); formatting happens at the edge (format/money.ts).
import { z } from 'zod';
import { timeZoneSchema } from '../validation/time-zone.ts';
import { pageQuery } from './common.ts';
import {
  AMOUNT_REQUIRED_MESSAGE,
  AMOUNT_TOO_LARGE_MESSAGE,
  MAX_MOVEMENT_MICROS,
  MOVEMENT_METHODS,
  NOTE_MAX,
  REFERENCE_MAX,
  TRANSFER_KINDS,
  TRANSFER_METHODS,
} from './funds-constants.ts';
import { int8IdParam } from './ids.ts';

export * from './funds-constants.ts';

/** Transfers and accounts (users) have `bigint` ids. */
const idSchema = (what: string) => int8IdParam(what);

export const fundsIdParams = z.object({ id: idSchema('id').describe('The transfer id.') });

const amountMicros = z
  .number()
  .int('The amount is a whole number of micro-units.')
  .min(1, AMOUNT_REQUIRED_MESSAGE)
  .max(MAX_MOVEMENT_MICROS, AMOUNT_TOO_LARGE_MESSAGE)
  .describe('The amount in micro-units (1 USD = 1,000,000), greater than zero.');

const noteField = z
  .string()
  .trim()
  .max(NOTE_MAX, `The note can be at most ${NOTE_MAX} characters.`)
  .default('')
  .describe('Why the money moved, shown in every history.');

/** Admin and co-admin: money in (credit) or out (debit) of an agency's or advertiser's account. */
export const movementBody = z.object({
  user_primary_id: idSchema('account').describe('The agency or advertiser whose account moves.'),
  direction: z
    .enum(['CREDIT', 'DEBIT'], 'Choose credit or debit.')
    .describe('CREDIT adds money to the account, DEBIT takes it out.'),
  method: z.enum(MOVEMENT_METHODS, 'Choose how the money moved.').describe('How the money moved.'),
  amount_micros: amountMicros,
  reference: z
    .string()
    .trim()
    .max(REFERENCE_MAX, `The reference can be at most ${REFERENCE_MAX} characters.`)
    .default('')
    .describe('The bank reference, cheque number or promotion code.'),
  note: noteField,
});
export type MovementBody = z.infer<typeof movementBody>;

/** Agency: money to one of its advertisers (ALLOCATE) or back from it (PULL_BACK). */
export const allocationBody = z.object({
  advertiser_id: idSchema('advertiser').describe("The agency's advertiser (user_primary_id)."),
  direction: z
    .enum(['ALLOCATE', 'PULL_BACK'], 'Choose allocate or pull back.')
    .describe('ALLOCATE moves money from the agency to the advertiser; PULL_BACK moves it back.'),
  amount_micros: amountMicros,
  note: noteField,
});
export type AllocationBody = z.infer<typeof allocationBody>;

export const reversalBody = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'Say why this movement is reversed.')
    .max(NOTE_MAX, `The note can be at most ${NOTE_MAX} characters.`)
    .describe('Why the movement is undone.'),
});

export const lowBalanceAlertBody = z.object({
  threshold_micros: z
    .number()
    .int('The threshold is a whole number of micro-units.')
    .min(0, 'The threshold cannot be negative.')
    .max(MAX_MOVEMENT_MICROS, AMOUNT_TOO_LARGE_MESSAGE)
    .nullable()
    .describe('Mail me when my balance falls below this (micro-units); null turns the alert off.'),
});

export const cardTopUpBody = z.object({
  amount_micros: z
    .number()
    .int('The amount is a whole number of micro-units.')
    .min(1_000_000, 'A card top-up is at least $1.00.')
    .max(100_000 * 1_000_000, 'A card top-up is at most $100,000.00.')
    .multipleOf(10_000, 'A card top-up is a whole number of cents.')
    .describe('The top-up in micro-units (1 USD = 1,000,000), whole cents, $1.00 to $100,000.00.'),
});

const accountQuery = z.object({
  user_primary_id: idSchema('account')
    .optional()
    .describe("The agency or advertiser whose funds to read; the caller's own account when absent."),
});

export const fundsSummaryQuery = accountQuery;

/** The zone an account's days and months are read in: the reader's, as the dashboards take it. */
const zoneField = timeZoneSchema
  .max(64)
  .default('UTC')
  .describe('The IANA time zone the days and months are in (the dashboards take the same).');

export const historyFilters = accountQuery.extend({
  kind: z
    .enum(TRANSFER_KINDS, 'Choose a kind of movement.')
    .optional()
    .describe('Only this kind of movement.'),
  method: z.enum(TRANSFER_METHODS, 'Choose a method.').optional().describe('Only this method.'),
  from: z.iso
    .date('Use a date like 2026-01-31.')
    .optional()
    .describe(
      'From this day (in `tz`), inclusive: the day a movement occurred (spend: the day it was delivered).',
    ),
  to: z.iso.date('Use a date like 2026-01-31.').optional().describe('To this day (in `tz`), inclusive.'),
  tz: zoneField,
  q: z.string().trim().max(200).optional().describe('Text in the reference or note.'),
  order: z.enum(['asc', 'desc']).default('desc').describe('Oldest or newest first.'),
});
export const historyQuery = pageQuery.omit({ q: true }).extend(historyFilters.shape);
export type HistoryQuery = z.infer<typeof historyQuery>;

export const statementQuery = accountQuery.extend({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-01.')
    .describe('The calendar month (in `tz`), YYYY-MM.'),
  tz: zoneField,
});

const userRef = z.object({
  user_primary_id: z.number().int(),
  email: z.string(),
  companyName: z.string(),
  role: z.string(),
});

export const fundsEntrySchema = z.object({
  id: z.number().int().describe('The entry id (one leg of the transfer, on this account).'),
  transfer_id: z.number().int(),
  kind: z.enum(TRANSFER_KINDS).describe('What kind of movement.'),
  method: z.enum(TRANSFER_METHODS).nullable(),
  amount_micros: z.number().int().describe('Signed: positive into this account, negative out (micro-units).'),
  balance_after_micros: z.number().int().describe("This account's balance right after the entry."),
  counterparty: userRef.nullable().describe('The other account of the movement; null for the platform.'),
  reference: z.string().nullable(),
  note: z.string(),
  createdBy: z.object({ user_primary_id: z.number().int(), email: z.string() }).nullable(),
  occurredAt: z.string().describe('When the money moved (the delivery hour for spend).'),
  createdAt: z.string().describe('When it was booked.'),
  campaign_id: z.number().int().nullable(),
  reverses_transfer_id: z.number().int().nullable().describe('Set on a reversal: the transfer it undoes.'),
  reversed_by_transfer_id: z.number().int().nullable().describe('Set when a reversal undid this transfer.'),
  media_cost_micros: z
    .number()
    .int()
    .nullable()
    .describe('SPEND: what the exchanges charged; shown to admins and co-admins only (null otherwise).'),
  advertiser_cost_micros: z.number().int().nullable().describe('SPEND: media cost plus margin.'),
  agency_margin: z
    .boolean()
    .describe("SPEND on an agency's account: its part of the margin on its advertiser's spend (income)."),
  impressions: z
    .number()
    .int()
    .nullable()
    .describe('SPEND: how many billed impressions the transfer holds, when its reference says (else null).'),
  repricing: z.boolean().describe("SPEND: a repriced impression's difference."),
  campaign_name: z.string().nullable().describe('The campaign the transfer names, if any.'),
  can_reverse: z.boolean().describe('Whether the caller may reverse this transfer.'),
});
export type FundsEntry = z.infer<typeof fundsEntrySchema>;

export const fundsAccountSchema = z.object({
  user_primary_id: z.number().int(),
  email: z.string(),
  companyName: z.string(),
  role: z.enum(['AGENCY', 'ADVERTISER']),
  agency: z.object({ user_primary_id: z.number().int(), companyName: z.string() }).nullable(),
  balance_micros: z.number().int().describe('The running balance (micro-units).'),
  margin_bps: z
    .number()
    .int()
    .nullable()
    .describe('Markup on media cost in basis points; shown to admins and co-admins only.'),
});

export const fundsSummarySchema = z.object({
  account: fundsAccountSchema,
  balance_micros: z.number().int(),
  pending_spend_micros: z
    .number()
    .int()
    .describe('Spend the bidder has committed but not yet booked (0 until the bidder reports it).'),
  available_micros: z.number().int().describe('Balance minus pending spend.'),
  low_balance_threshold_micros: z.number().int().nullable(),
  margin_bps: z.number().int().nullable().describe('Effective margin; admins and co-admins only.'),
});
export type FundsSummary = z.infer<typeof fundsSummarySchema>;

export const historyPage = z.object({
  items: z.array(fundsEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  balance_micros: z.number().int(),
});
export type HistoryPage = z.infer<typeof historyPage>;

/**
 * A month's statement in figures (the PDF's summary). Movements count in the month they occurred:
 * spend in the month it was delivered, as the dashboards and reports count it.
 */
export const statementSummarySchema = z.object({
  month: z.string().describe('The calendar month (in `time_zone`), YYYY-MM.'),
  time_zone: z.string().describe('The IANA time zone the month is read in.'),
  opening_micros: z
    .number()
    .int()
    .describe('The balance before the month: everything that occurred before it.'),
  money_in_micros: z.number().int().describe("The month's movements into the account."),
  money_out_micros: z.number().int().describe("The month's movements out of it (negative)."),
  closing_micros: z.number().int().describe("Opening plus the month's movements."),
  spend_micros: z
    .number()
    .int()
    .describe("Spend delivered in the month (advertiser cost, net of repricing), the dashboards' spend."),
  margin_income_micros: z
    .number()
    .int()
    .describe(
      "An agency's part of the margin on its advertisers' spend delivered in the month (0 for an advertiser).",
    ),
  revision: z
    .object({
      revised_on: z.string().describe('The UTC day the last late booking was made, YYYY-MM-DD.'),
      late_spend_micros: z
        .number()
        .int()
        .describe(
          'Spend of the month booked after it closed (late notices); negative when repricing lowered it.',
        ),
    })
    .nullable()
    .describe('Set when movements of the month were booked after it closed: the statement changed since.'),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const accountsQuery = pageQuery.extend({
  role: z.enum(['AGENCY', 'ADVERTISER']).optional().describe('Only agencies or only advertisers.'),
  sort: z.enum(['companyName', 'email', 'balance']).default('companyName'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const movementResult = z.object({
  transfer_id: z.number().int(),
  kind: z.enum(TRANSFER_KINDS),
  amount_micros: z.number().int().describe('The amount moved (micro-units, positive).'),
  balance_micros: z
    .number()
    .int()
    .describe('The balance of the account named in the request right after the movement.'),
  createdAt: z.string(),
});
export type MovementResult = z.infer<typeof movementResult>;

export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  accounts: z.number().int().describe('Accounts checked.'),
  transfers: z.number().int().describe('Transfers checked.'),
  entries: z.number().int().describe('Entries checked.'),
  total_micros: z.number().int().describe('The sum of every entry: zero in a sound ledger.'),
  problems: z.array(z.string()).describe('What does not hold (at most 100), empty when ok.'),
  checkedAt: z.string(),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

export const fundsOverviewSchema = z.object({
  funding_micros: z.number().int().describe('Money received from outside (negative: owed to accounts).'),
  media_micros: z.number().int().describe('Media cost booked from spend.'),
  margin_micros: z.number().int().describe('Margin earned on spend.'),
  accounts_micros: z.number().int().describe('The sum of every agency and advertiser balance.'),
});

export const stripeConfigSchema = z.object({
  enabled: z
    .boolean()
    .describe('Whether card top-ups are offered (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set).'),
  bank_transfer_instructions: z
    .string()
    .nullable()
    .describe("How to pay by bank transfer (the console's BANK_TRANSFER_INSTRUCTIONS); null when not set."),
});
export type StripeConfig = z.infer<typeof stripeConfigSchema>;

export const checkoutSessionSchema = z.object({
  id: z.string().describe("Stripe's Checkout Session id."),
  url: z.string().describe('Where to send the browser to pay.'),
});
