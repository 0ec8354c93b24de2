// The funds API's kinds, methods, limits and messages without its zod schemas (funds.ts), so the
// funds page's history and forms do not load zod to list them.
export const TRANSFER_KINDS = [
  'CREDIT',
  'DEBIT',
  'CARD_TOP_UP',
  'ALLOCATION',
  'PULL_BACK',
  'SPEND',
  'REVERSAL',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** How money came in or went out on an admin credit or debit; CARD is set by card top-ups only. */
export const MOVEMENT_METHODS = ['WIRE', 'CHEQUE', 'PROMOTION', 'ADJUSTMENT', 'REFUND'] as const;
export const TRANSFER_METHODS = [...MOVEMENT_METHODS, 'CARD'] as const;

/** The largest single movement: one billion dollars. */
export const MAX_MOVEMENT_MICROS = 1_000_000_000 * 1_000_000;
export const AMOUNT_REQUIRED_MESSAGE = 'Enter an amount greater than zero.';
export const AMOUNT_TOO_LARGE_MESSAGE = 'This amount is too large.';
export const REFERENCE_MAX = 100;
export const NOTE_MAX = 500;
