// Balances are sums of ledger entries. A debit locks the account's user row for the length of its
// transaction, so parallel debits cannot both spend the same money.
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../platform/errors.ts';
import { fetchPage } from '../../platform/pagination.ts';
import { userRefOf } from '../../platform/user-ref.ts';

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

type LedgerQuery = {
  page: number;
  limit: number;
  kind?: LedgerKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  order: 'asc' | 'desc';
};

/** A user's entries with the running balance after each (a window over all of the user's entries). */
export const listLedgerEntries = async (db: DbOrTx, userId: number, query: LedgerQuery) => {
  const creator = alias(users, 'creator');
  const running = db
    .select({
      id: ledgerEntries.id,
      balanceAfter:
        sql<string>`sum(${ledgerEntries.amountMicros}) over (order by ${ledgerEntries.createdAt}, ${ledgerEntries.id})`.as(
          'balance_after',
        ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .as('running');
  const where = and(
    eq(ledgerEntries.userId, userId),
    query.kind ? eq(ledgerEntries.kind, query.kind) : undefined,
    query.from ? gte(ledgerEntries.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to
      ? lt(ledgerEntries.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000))
      : undefined,
  );
  const order = query.order === 'asc' ? asc : desc;
  const page = await fetchPage(
    query,
    (limit, offset) =>
      db
        .select({ entry: ledgerEntries, balanceAfter: running.balanceAfter, creatorEmail: creator.email })
        .from(ledgerEntries)
        .innerJoin(running, eq(running.id, ledgerEntries.id))
        .leftJoin(creator, eq(creator.id, ledgerEntries.createdBy))
        .where(where)
        .orderBy(order(ledgerEntries.createdAt), order(ledgerEntries.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ value: count() }).from(ledgerEntries).where(where),
    (row) => ({
      id: row.entry.id,
      kind: row.entry.kind,
      amount_micros: Number(row.entry.amountMicros),
      balance_after_micros: Number(row.balanceAfter),
      description: row.entry.description,
      reference: row.entry.reference,
      createdBy: userRefOf(row.entry.createdBy, row.creatorEmail),
      createdAt: row.entry.createdAt.toISOString(),
    }),
  );
  return { ...page, balance_micros: Number(await readBalanceMicros(db, userId)) };
};
