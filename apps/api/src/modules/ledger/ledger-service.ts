// Balances are sums of ledger entries. A debit locks the account's user row for the length of its
// transaction, so parallel debits cannot both spend the same money.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../platform/errors.ts';

export type LedgerKind = 'DEPOSIT' | 'SPEND' | 'REFUND' | 'ADJUSTMENT' | 'TRANSFER';

export const INSUFFICIENT_FUNDS_MESSAGE = 'Insufficient balance for this operation.';

export const readBalanceMicros = async (db: DbOrTx, userId: number): Promise<bigint> => {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMicros}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return BigInt(row?.total ?? '0');
};

export type LedgerEntryInput = {
  userId: number;
  amountMicros: bigint;
  kind: LedgerKind;
  description?: string;
  reference?: string;
  createdBy: number | null;
  /** Debits may not take the balance below zero unless this is set (e.g. spend reconciliation). */
  allowNegative?: boolean;
};

/** Posts one entry atomically and answers the new balance. */
export const postLedgerEntry = async (db: DbOrTx, entry: LedgerEntryInput): Promise<bigint> => {
  if (entry.amountMicros === 0n) throw badRequest('The amount must not be zero.');
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, entry.userId)).for('update');
    const balance = await readBalanceMicros(tx, entry.userId);
    const next = balance + entry.amountMicros;
    if (next < 0n && !entry.allowNegative) throw badRequest(INSUFFICIENT_FUNDS_MESSAGE);
    await tx.insert(ledgerEntries).values({
      userId: entry.userId,
      amountMicros: entry.amountMicros,
      kind: entry.kind,
      description: entry.description ?? '',
      reference: entry.reference ?? null,
      createdBy: entry.createdBy,
    });
    return next;
  });
};
