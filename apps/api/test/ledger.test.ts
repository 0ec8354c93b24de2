// The double-entry ledger under its own rules: balanced transfers, running
// balances equal to the sum of the entries, append-only history enforced by the database, spend
// booked once per reference with its margin, and parallel debits that never overspend. Runs on the
// suite's database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) through the services the
// routes and the bidder use; the whole-ledger check runs after each test.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransfers } from '../src/db/schema/ledger.ts';
import { userConfigs } from '../src/db/schema/users.ts';
import {
  ensureUserAccount,
  findPlatformAccount,
  readBalanceMicros,
  readBalances,
} from '../src/modules/ledger/ledger-accounts.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { advertiserCostOf, readMarginBps } from '../src/modules/ledger/margin.ts';
import { recordSpend } from '../src/modules/ledger/record-spend.ts';
import { insertUser } from './support/accounts.ts';
import {
  bookSpend,
  creditAccount,
  debitAccount,
  entriesOf,
  expectLedgerBalanced,
} from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const USD = 1_000_000n;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => expectLedgerBalanced(t));

const debit = (userId: number, amountMicros: bigint) => debitAccount(t, userId, amountMicros);

const rawQuery = (query: ReturnType<typeof sql>) => t.deps.db.execute(query);

describe('balances and transfers', () => {
  it('keeps amounts beyond 2^53 exact', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    const big = 9_007_199_254_740_993n;
    await creditAccount(t, user.id, big);
    await creditAccount(t, user.id, big);
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(2n * big);
    await debit(user.id, 2n * big);
  });

  it('reads many balances in one query for the bidder', async () => {
    const a = await insertUser(t, { role: 'ADVERTISER' });
    const b = await insertUser(t, { role: 'ADVERTISER' });
    const none = await insertUser(t, { role: 'ADVERTISER' });
    await creditAccount(t, a.id, 7n);
    await creditAccount(t, b.id, 11n);
    const balances = await readBalances(t.deps.db, [a.id, b.id, none.id]);
    expect(balances.get(a.id)).toBe(7n);
    expect(balances.get(b.id)).toBe(11n);
    expect(balances.has(none.id)).toBe(false);
  });
});

describe('the database guards the ledger', () => {
  it('refuses to update, delete or truncate entries and transfers', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    const { transfer } = await creditAccount(t, user.id, 5n * USD);
    const attempts = [
      sql`update ledger_entries set amount_micros = 1 where transfer_id = ${transfer.id}`,
      sql`delete from ledger_entries where transfer_id = ${transfer.id}`,
      sql`update ledger_transfers set note = 'edited' where id = ${transfer.id}`,
      sql`delete from ledger_transfers where id = ${transfer.id}`,
      sql`truncate ledger_entries cascade`,
      sql`truncate ledger_transfers cascade`,
    ];
    for (const attempt of attempts) {
      await expect(rawQuery(attempt)).rejects.toThrow();
    }
    const [row] = await t.deps.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transfer.id));
    expect(row?.note).toBe('');
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(5n * USD);
    await debit(user.id, 5n * USD);
  });

  it('refuses at commit a transfer whose entries do not sum to zero, or that has one entry', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    const account = await ensureUserAccount(t.deps.db, user.id);
    const funding = await findPlatformAccount(t.deps.db, 'FUNDING');
    const insertTransfer = async (legs: [number, bigint][]) =>
      t.deps.db.transaction(async (tx) => {
        const [transfer] = await tx
          .insert(ledgerTransfers)
          .values({ kind: 'CREDIT', method: 'WIRE' })
          .returning();
        for (const [accountId, amount] of legs) {
          await tx.insert(ledgerEntries).values({
            transferId: transfer!.id,
            accountId,
            amountMicros: amount,
            accountSeq: sql`null`,
            balanceAfterMicros: sql`null`,
          });
        }
      });
    await expect(
      insertTransfer([
        [account.id, 10n],
        [funding.id, -9n],
      ]),
    ).rejects.toThrow();
    await expect(insertTransfer([[account.id, 10n]])).rejects.toThrow();
    await expect(insertTransfer([])).rejects.toThrow();
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(0n);
    expect(await entriesOf(t, user.id)).toEqual([]);
  });

  it('refuses an entry whose balance after was computed without the lock', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    await creditAccount(t, user.id, 10n);
    const account = await ensureUserAccount(t.deps.db, user.id);
    const funding = await findPlatformAccount(t.deps.db, 'FUNDING');
    await expect(
      t.deps.db.transaction(async (tx) => {
        const [transfer] = await tx
          .insert(ledgerTransfers)
          .values({ kind: 'CREDIT', method: 'WIRE' })
          .returning();
        await tx.insert(ledgerEntries).values([
          {
            transferId: transfer!.id,
            accountId: account.id,
            amountMicros: 5n,
            accountSeq: sql`null`,
            balanceAfterMicros: 5n,
          },
          {
            transferId: transfer!.id,
            accountId: funding.id,
            amountMicros: -5n,
            accountSeq: sql`null`,
            balanceAfterMicros: sql`null`,
          },
        ]);
      }),
    ).rejects.toThrow();
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(10n);
    await debit(user.id, 10n);
  });

  it('the whole-ledger check finds a balance that drifted from its entries', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    await creditAccount(t, user.id, 10n);
    const account = await ensureUserAccount(t.deps.db, user.id);
    await rawQuery(
      sql`update ledger_accounts set balance_micros = balance_micros + 1 where id = ${account.id}`,
    );
    const check = await checkLedger(t.deps.db);
    expect(check.ok).toBe(false);
    expect(check.problems).toContain(`Account ${account.id}: balance 11 but its entries sum to 10.`);
    await rawQuery(
      sql`update ledger_accounts set balance_micros = balance_micros - 1 where id = ${account.id}`,
    );
    await debit(user.id, 10n);
  });
});

describe('spend', () => {
  it('books media cost and margin apart, once per reference, and may go below zero', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    await creditAccount(t, user.id, 10n * USD);
    const media = await findPlatformAccount(t.deps.db, 'MEDIA');
    const margin = await findPlatformAccount(t.deps.db, 'MARGIN');
    const reference = `hour-${user.id}-2026-05-01T13`;
    const first = await bookSpend(t, user.id, {
      mediaCostMicros: 8n * USD,
      advertiserCostMicros: 12n * USD,
      reference,
    });
    const again = await bookSpend(t, user.id, {
      mediaCostMicros: 8n * USD,
      advertiserCostMicros: 12n * USD,
      reference,
    });
    expect(first.isReplay).toBe(false);
    expect(again.isReplay).toBe(true);
    expect(again.transfer.id).toBe(first.transfer.id);
    expect(await readBalanceMicros(t.deps.db, user.id)).toBe(-2n * USD);
    expect((await findPlatformAccount(t.deps.db, 'MEDIA')).balanceMicros - media.balanceMicros).toBe(
      8n * USD,
    );
    expect((await findPlatformAccount(t.deps.db, 'MARGIN')).balanceMicros - margin.balanceMicros).toBe(
      4n * USD,
    );
    expect(first.transfer.mediaCostMicros).toBe(8n * USD);
    expect(first.transfer.advertiserCostMicros).toBe(12n * USD);
    await creditAccount(t, user.id, 2n * USD);
  });

  it("adds the agency's margin to the advertiser's and rounds to the micro-unit", async () => {
    const agency = await insertUser(t, { role: 'AGENCY' });
    const advertiser = await insertUser(t, { role: 'ADVERTISER', agencyId: agency.id });
    await t.deps.db
      .insert(userConfigs)
      .values({ userId: agency.id, marginBps: 1500 })
      .onConflictDoUpdate({ target: userConfigs.userId, set: { marginBps: 1500 } });
    await t.deps.db
      .insert(userConfigs)
      .values({ userId: advertiser.id, marginBps: 250 })
      .onConflictDoUpdate({ target: userConfigs.userId, set: { marginBps: 250 } });
    expect(await readMarginBps(t.deps.db, advertiser.id)).toBe(1750);
    expect(advertiserCostOf(1_000_000n, 1750)).toBe(1_175_000n);
    expect(advertiserCostOf(3n, 1750)).toBe(4n); // 3.525 rounds up
    expect(advertiserCostOf(2n, 1750)).toBe(2n); // 2.35 rounds down
    await creditAccount(t, advertiser.id, 10n * USD);
    // No advertiser cost given: recordSpend applies the margins itself.
    const spent = await t.deps.db.transaction((tx) =>
      recordSpend(tx, {
        advertiserId: advertiser.id,
        mediaCostMicros: 2n * USD,
        occurredAt: new Date(),
        reference: `margin-${advertiser.id}`,
      }),
    );
    expect(spent.advertiserCostMicros).toBe(2_350_000n);
    expect(await readBalanceMicros(t.deps.db, advertiser.id)).toBe(10n * USD - 2_350_000n);
  });
});
