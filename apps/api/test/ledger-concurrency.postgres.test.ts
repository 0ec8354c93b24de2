// The ledger under concurrency: parallel debits never overspend,
// parallel credits never lose a micro-unit, and each entry's balance after is exact. PostgreSQL only:
// PGlite has one connection, so parallel transactions there run one after another and these tests
// would pass even without the row lock that makes them true. The api project leaves this file out;
// the api-postgres project runs it, and in CI that project always runs (without TEST_DATABASE_URL it
// fails, it is not skipped). The 1,000-movement burst is in funds-concurrency.postgres.test.ts.
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findPlatformAccount, readBalanceMicros } from '../src/modules/ledger/ledger-accounts.ts';
import { AppError } from '../src/platform/errors.ts';
import { insertUser } from './support/accounts.ts';
import { creditAccount, debitAccount, entriesOf, expectLedgerBalanced } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Proves nothing on PGlite (see above): refuse to pass there.
if (process.env.TEST_DB !== 'postgres')
  throw new Error('The ledger concurrency tests run on PostgreSQL only: the api-postgres project.');

const USD = 1_000_000n;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => expectLedgerBalanced(t));

const debit = (userId: number, amountMicros: bigint) => debitAccount(t, userId, amountMicros);

describe('ledger concurrency', () => {
  it('60 parallel 3 USD debits on 100 USD: exactly 33 succeed, 1 USD is left, the chain is exact', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    await creditAccount(t, user.id, 100n * USD);
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => debit(user.id, 3n * USD)));
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(33);
    expect(rejected).toHaveLength(27);
    for (const { reason } of rejected) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).statusCode).toBe(400);
      expect((reason as AppError).message).toBe('The balance is too low for this movement: $1.00 available.');
    }
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(USD);
    const entries = await entriesOf(t, user.id);
    expect(entries).toHaveLength(34);
    // Each entry's balance after is the one before plus its amount: 100, 97, 94, ... 1.
    expect(entries.map((entry) => entry.after)).toEqual([
      100n * USD,
      ...Array.from({ length: 33 }, (_, i) => 100n * USD - 3n * USD * BigInt(i + 1)),
    ]);
    expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
  });

  it('200 parallel credits of random amounts sum exactly, and the funding account mirrors them', async () => {
    const user = await insertUser(t, { role: 'AGENCY' });
    const fundingBefore = (await findPlatformAccount(t.deps.db, 'FUNDING')).balanceMicros;
    const amounts = Array.from({ length: 200 }, () => BigInt(randomInt(1, 2 ** 47)));
    const expected = amounts.reduce((sum, amount) => sum + amount, 0n);
    await Promise.all(amounts.map((amount) => creditAccount(t, user.id, amount)));
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(expected);
    const fundingAfter = (await findPlatformAccount(t.deps.db, 'FUNDING')).balanceMicros;
    // Other tests of this file may credit meanwhile only when run in parallel; they are not.
    expect(fundingBefore - fundingAfter).toBe(expected);
  });
});
