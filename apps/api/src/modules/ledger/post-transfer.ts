// Posting a transfer: the one way money moves. Inside one transaction it
// 1. inserts the transfer row, and when the transfer has a dedupe key does so with ON CONFLICT DO
//    NOTHING: a second attempt with the same key (a retried request, a replayed webhook, a spend batch
//    sent twice) waits for the first to commit and then finds it instead of moving money again;
// 2. locks the agency and advertiser accounts of the legs (SELECT ... FOR UPDATE in id order, so two
//    transfers over the same accounts queue instead of deadlocking) and refuses a leg that would take
//    a balance below zero, unless the leg allows it (spend already served);
// 3. inserts the entries: accounts' legs first, platform legs last. Each insert fires the database
//    trigger that adds the amount to the account's running balance and records the balance after it.
//    Platform accounts are not locked up front: every transfer touches them, so their row lock is
//    taken only by that last insert and held for the shortest time (and always after the users'
//    locks, so the lock order stays the same for everyone).
// The database refuses at commit a transfer whose entries do not sum to zero (the deferred triggers
// ledger_*_balanced of migration 0012_funds_ledger.sql).
import { formatMicros } from '@console/core/format/money';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { badRequest } from '../../platform/errors.ts';

export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type EntryRow = typeof ledgerEntries.$inferSelect;
type TransferValues = typeof ledgerTransfers.$inferInsert;

export type TransferLeg = {
  accountId: number;
  amountMicros: bigint;
  /** Spend is booked for impressions already served, so it may take a balance below zero. */
  mayGoNegative?: boolean;
};

export type TransferInput = Omit<TransferValues, 'id' | 'createdAt'> & {
  legs: TransferLeg[];
  /**
   * When history written after the fact (the demo seed) is to read as booked; absent, the
   * database's now. Live movements never set it.
   */
  bookedAt?: Date;
};

export type PostedTransfer = {
  transfer: TransferRow;
  entries: EntryRow[];
  /** True when the dedupe key found an earlier transfer: nothing moved this time. */
  isReplay: boolean;
  /** The agency or advertiser of each entry's account that has one (account id -> user id). */
  holderUserIds?: Map<number, number>;
  /** Whether this transfer made a low-balance alert due (then it is worth sending them). */
  hasAlertDue?: boolean;
};

/** What a refused leg says: which balance, what it holds. */
export type LowBalanceMessage = (account: { id: number; userId: number | null; balance: bigint }) => string;

const defaultLowBalanceMessage: LowBalanceMessage = ({ balance }) =>
  `The balance is too low for this movement: ${formatMicros(balance)} available.`;

const validateLegs = (legs: TransferLeg[]) => {
  if (legs.length < 2) throw new Error('a transfer has at least two legs');
  const accounts = new Set(legs.map((leg) => leg.accountId));
  if (accounts.size !== legs.length) throw new Error('a transfer has one leg per account');
  if (legs.some((leg) => leg.amountMicros === 0n)) throw new Error('a transfer leg is not zero');
  const total = legs.reduce((sum, leg) => sum + leg.amountMicros, 0n);
  if (total !== 0n) throw new Error(`a transfer sums to zero, not ${total}`);
};

const readEntries = (tx: Tx, transferId: number) =>
  tx
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transferId, transferId))
    .orderBy(asc(ledgerEntries.id));

const insertTransferRow = async (tx: Tx, values: TransferValues) => {
  if (values.dedupeKey == null) {
    const [row] = await tx.insert(ledgerTransfers).values(values).returning();
    return { row: row!, isReplay: false };
  }
  const [row] = await tx
    .insert(ledgerTransfers)
    .values(values)
    .onConflictDoNothing({ target: ledgerTransfers.dedupeKey })
    .returning();
  if (row) return { row, isReplay: false };
  const [existing] = await tx
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.dedupeKey, values.dedupeKey))
    .limit(1);
  return { row: existing!, isReplay: true };
};

/**
 * Posts a balanced transfer inside the caller's transaction. Throws a 400 (and the caller's
 * transaction rolls back) when a leg would take a balance below zero.
 */
export const postTransferInTx = async (
  tx: Tx,
  input: TransferInput,
  lowBalanceMessage: LowBalanceMessage = defaultLowBalanceMessage,
): Promise<PostedTransfer> => {
  const { legs, bookedAt, ...values } = input;
  validateLegs(legs);
  const inserted = await insertTransferRow(tx, bookedAt ? { ...values, createdAt: bookedAt } : values);
  if (inserted.isReplay) {
    return { transfer: inserted.row, entries: await readEntries(tx, inserted.row.id), isReplay: true };
  }

  const legAccountIds = legs.map((leg) => leg.accountId);
  const holders = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, legAccountIds), isNotNull(ledgerAccounts.userId)))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const holderById = new Map(holders.map((account) => [account.id, account]));
  const holderLegs = legs
    .filter((leg) => holderById.has(leg.accountId))
    .sort((a, b) => a.accountId - b.accountId);
  const platformLegs = legs
    .filter((leg) => !holderById.has(leg.accountId))
    .sort((a, b) => a.accountId - b.accountId);

  // Every entry counts when its transfer occurred (the delivery time for spend).
  const timing = {
    effectiveAt: inserted.row.occurredAt,
    ...(bookedAt ? { createdAt: bookedAt } : {}),
  };
  const entries: EntryRow[] = [];
  let hasAlertDue = false;
  for (const leg of holderLegs) {
    const account = holderById.get(leg.accountId)!;
    const after = account.balanceMicros + leg.amountMicros;
    if (leg.amountMicros < 0n && after < 0n && !leg.mayGoNegative) {
      throw badRequest(
        lowBalanceMessage({ id: account.id, userId: account.userId, balance: account.balanceMicros }),
      );
    }
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        transferId: inserted.row.id,
        accountId: leg.accountId,
        // The trigger numbers the entry; the balance we computed under the lock is checked by it.
        accountSeq: sql`null`,
        amountMicros: leg.amountMicros,
        balanceAfterMicros: after,
        ...timing,
      })
      .returning();
    entries.push(entry!);
    // A debit that crosses the owner's low-balance threshold: the entry's trigger marked the alert
    // due, in this same transaction, so it is mailed exactly when the movement is real
    // (sendDueLowBalanceAlerts); the caller may send it at once.
    const threshold = account.lowBalanceThresholdMicros;
    if (threshold !== null && account.balanceMicros >= threshold && after < threshold) hasAlertDue = true;
  }
  for (const leg of platformLegs) {
    // The trigger computes the platform account's balance after; null asks it to.
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        transferId: inserted.row.id,
        accountId: leg.accountId,
        accountSeq: sql`null`,
        amountMicros: leg.amountMicros,
        balanceAfterMicros: sql`null`,
        ...timing,
      })
      .returning();
    entries.push(entry!);
  }
  const holderUserIds = new Map(holders.map((account) => [account.id, account.userId!]));
  return { transfer: inserted.row, entries, isReplay: false, holderUserIds, hasAlertDue };
};

/** Accounts whose low-balance alert is due, cleared as they are taken (see low-balance-alerts.ts). */
export const takeDueLowBalanceAlerts = async (tx: Tx, limit: number) => {
  const due = await tx
    .select()
    .from(ledgerAccounts)
    .where(isNotNull(ledgerAccounts.lowBalanceAlertDueAt))
    .orderBy(asc(ledgerAccounts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  await tx
    .update(ledgerAccounts)
    .set({ lowBalanceAlertDueAt: null })
    .where(
      inArray(
        ledgerAccounts.id,
        due.map((account) => account.id),
      ),
    );
  return due;
};
