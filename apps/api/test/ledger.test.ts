// The money ledger under concurrency (issue 2 parts 2 and 10): parallel debits never overspend,
// parallel deposits never lose a cent. Runs against the real database of the suite (PGlite or
// PostgreSQL) through the service the routes use.
import { randomInt } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../src/db/schema/ledger.ts';
import { postLedgerEntry, readBalanceMicros } from '../src/modules/ledger/ledger-service.ts';
import { AppError } from '../src/platform/errors.ts';
import { dataOf, insertUser } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const USD = 1_000_000n;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const entriesOf = async (userId: number) => {
  const [row] = await t.deps.db
    .select({ value: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return row?.value ?? 0;
};

describe('ledger concurrency', () => {
  it('60 parallel 3 USD debits on 100 USD: exactly 33 succeed and 1 USD is left', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    await postLedgerEntry(t.deps.db, {
      userId: user.id,
      amountMicros: 100n * USD,
      kind: 'DEPOSIT',
      createdBy: null,
    });

    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        postLedgerEntry(t.deps.db, {
          userId: user.id,
          amountMicros: -3n * USD,
          kind: 'SPEND',
          reference: `debit-${i}`,
          createdBy: null,
        }),
      ),
    );
    const fulfilled = results.filter((r): r is PromiseFulfilledResult<bigint> => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(fulfilled).toHaveLength(33);
    expect(rejected).toHaveLength(27);
    for (const { reason } of rejected) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).statusCode).toBe(400);
      expect((reason as AppError).message).toBe('Insufficient balance for this operation.');
    }
    // Each success saw the balance left by the one before it: 97, 94, ... 1 USD, each exactly once.
    const balances = fulfilled.map((r) => r.value).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    expect(balances).toEqual(Array.from({ length: 33 }, (_, i) => 100n * USD - 3n * USD * BigInt(i + 1)));

    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(1_000_000n);
    expect(await entriesOf(user.id)).toBe(34);

    // The API answers the same figure.
    const token = await t.loginAs(user.email, user.password);
    const balance = await t.call('GET', '/api/campaning/getAdvertiserBalance', { token });
    expect(dataOf(balance)).toBe(1_000_000);
  });

  it('200 parallel deposits of random amounts sum exactly', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    const amounts = Array.from({ length: 200 }, () => BigInt(randomInt(1, 2 ** 47)));
    const expected = amounts.reduce((sum, amount) => sum + amount, 0n);
    await Promise.all(
      amounts.map((amountMicros) =>
        postLedgerEntry(t.deps.db, { userId: user.id, amountMicros, kind: 'DEPOSIT', createdBy: null }),
      ),
    );
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(expected);
    expect(await entriesOf(user.id)).toBe(200);
  });

  it('parallel writes for different users do not mix', async () => {
    const a = await insertUser(t, { role: 'ADVERTISER' });
    const b = await insertUser(t, { role: 'ADVERTISER' });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postLedgerEntry(t.deps.db, {
          userId: i % 2 === 0 ? a.id : b.id,
          amountMicros: i % 2 === 0 ? 7n : 11n,
          kind: 'DEPOSIT',
          createdBy: null,
        }),
      ),
    );
    expect(await readBalanceMicros(t.deps.db, a.id)).toBe(140n);
    expect(await readBalanceMicros(t.deps.db, b.id)).toBe(220n);
  });

  it('keeps amounts beyond 2^53 exact', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    const big = 9_007_199_254_740_993n;
    await postLedgerEntry(t.deps.db, {
      userId: user.id,
      amountMicros: big,
      kind: 'DEPOSIT',
      createdBy: null,
    });
    await postLedgerEntry(t.deps.db, {
      userId: user.id,
      amountMicros: big,
      kind: 'DEPOSIT',
      createdBy: null,
    });
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(2n * big);
  });

  it('refuses a zero amount and a debit below zero, and writes nothing', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    await expect(
      postLedgerEntry(t.deps.db, { userId: user.id, amountMicros: 0n, kind: 'DEPOSIT', createdBy: null }),
    ).rejects.toThrow('The amount must not be zero.');
    await expect(
      postLedgerEntry(t.deps.db, { userId: user.id, amountMicros: -1n, kind: 'SPEND', createdBy: null }),
    ).rejects.toThrow('Insufficient balance for this operation.');
    expect(await entriesOf(user.id)).toBe(0);
    // Reconciliation may go below zero when it says so.
    await postLedgerEntry(t.deps.db, {
      userId: user.id,
      amountMicros: -5n,
      kind: 'ADJUSTMENT',
      createdBy: null,
      allowNegative: true,
    });
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(-5n);
  });
});
