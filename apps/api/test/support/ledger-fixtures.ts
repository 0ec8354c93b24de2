// Money for the API tests, moved by the same functions the routes and the bidder use.
import { ensureUserAccount, findPlatformAccount } from '../../src/modules/ledger/ledger-accounts.ts';
import { postTransferInTx } from '../../src/modules/ledger/post-transfer.ts';
import { recordSpend } from '../../src/modules/ledger/record-spend.ts';
import type { TestApp } from './test-app.ts';

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

/** Books spend as the bidder does; media cost = advertiser cost unless given. */
export const bookSpend = (
  t: TestApp,
  advertiserId: number,
  costs: { mediaCostMicros: bigint; advertiserCostMicros?: bigint; reference?: string },
) =>
  t.deps.db.transaction((tx) =>
    recordSpend(tx, {
      advertiserId,
      mediaCostMicros: costs.mediaCostMicros,
      advertiserCostMicros: costs.advertiserCostMicros ?? costs.mediaCostMicros,
      occurredAt: new Date(),
      reference: costs.reference ?? `test-spend-${process.pid}-${++spendSerial}`,
    }),
  );
