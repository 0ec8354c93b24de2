// Money for the API tests, moved by the same functions the routes and the bidder use.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerAccounts, ledgerEntries } from '../../src/db/schema/ledger.ts';
import { ensureUserAccount, findPlatformAccount } from '../../src/modules/ledger/ledger-accounts.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { postTransferInTx } from '../../src/modules/ledger/post-transfer.ts';
import { recordSpend } from '../../src/modules/ledger/record-spend.ts';
import type { TestApp } from './test-app.ts';

/** The whole-ledger check: no problem, and every transfer sums to zero. */
export const expectLedgerBalanced = async (t: TestApp) => {
  const check = await checkLedger(t.deps.db);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
  expect(check.total_micros).toBe(0);
};

/** Moves money out of a user's account to the funding account; refused below zero. */
export const debitAccount = (t: TestApp, userId: number, amountMicros: bigint) =>
  t.deps.db.transaction(async (tx) => {
    const account = await ensureUserAccount(tx, userId);
    const funding = await findPlatformAccount(tx, 'FUNDING');
    return postTransferInTx(tx, {
      kind: 'DEBIT',
      method: 'ADJUSTMENT',
      createdBy: null,
      onBehalfOf: null,
      legs: [
        { accountId: account.id, amountMicros: -amountMicros },
        { accountId: funding.id, amountMicros },
      ],
    });
  });

/** A user's ledger entries in the order they changed the balance. */
export const entriesOf = (t: TestApp, userId: number) =>
  t.deps.db
    .select({
      amount: ledgerEntries.amountMicros,
      seq: ledgerEntries.accountSeq,
      after: ledgerEntries.balanceAfterMicros,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(ledgerEntries.accountSeq);

/** Credits a user's account from the platform's funding account (like an admin's wire credit). */
export const creditAccount = (t: TestApp, userId: number, amountMicros: bigint, reference?: string) =>
  t.deps.db.transaction(async (tx) => {
    const account = await ensureUserAccount(tx, userId);
    const funding = await findPlatformAccount(tx, 'FUNDING');
    return postTransferInTx(tx, {
      kind: 'CREDIT',
      method: 'WIRE',
      reference: reference ?? null,
      createdBy: null,
      onBehalfOf: null,
      legs: [
        { accountId: account.id, amountMicros },
        { accountId: funding.id, amountMicros: -amountMicros },
      ],
    });
  });

let spendSerial = 0;

/** Books spend as the bidder does; media cost = advertiser cost unless given; delivered now unless given. */
export const bookSpend = (
  t: TestApp,
  advertiserId: number,
  costs: { mediaCostMicros: bigint; advertiserCostMicros?: bigint; reference?: string; occurredAt?: Date },
) =>
  t.deps.db.transaction((tx) =>
    recordSpend(tx, {
      advertiserId,
      mediaCostMicros: costs.mediaCostMicros,
      advertiserCostMicros: costs.advertiserCostMicros ?? costs.mediaCostMicros,
      occurredAt: costs.occurredAt ?? new Date(),
      reference: costs.reference ?? `test-spend-${process.pid}-${++spendSerial}`,
    }),
  );
