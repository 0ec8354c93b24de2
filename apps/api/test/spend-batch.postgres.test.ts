// Billed impressions debited in batches (ledger/record-spend.ts recordSpends, called by the event
// recorder's money lane) on PostgreSQL, where batches really run side by side: two recorders (two
// bidder processes) bill the same impressions at once, while credits and single spends move the
// same accounts. Every impression is debited exactly once (in its batch's sum), each balance moves by the sum expected,
// every running balance and entry number is exact, a crossed low-balance threshold is marked due,
// and nothing deadlocks. PostgreSQL only (PGlite runs one transaction at a time).
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerTransfers } from '../src/db/schema/ledger.ts';
import { createEventRecorder } from '../src/modules/delivery/event-recorder.ts';
import { readBalanceMicros } from '../src/modules/ledger/ledger-accounts.ts';
import { recordSpends } from '../src/modules/ledger/record-spend.ts';
import { createCampaign } from './campaign-fixtures.ts';
import { insertUser } from './support/accounts.ts';
import { addUser, demoTokens } from './support/admin-fixtures.ts';
import { billingEvent } from './support/bid-event.ts';
import { bookSpend, creditAccount, entriesOf, expectLedgerBalanced } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

if (process.env.TEST_DB !== 'postgres')
  throw new Error('The batched spend tests run on PostgreSQL only: the api-postgres project.');

const USD = 1_000_000n;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let campaignId = 0;
const billing = (advertiserId: number, auction: string, advertiserMicros: number) =>
  billingEvent(
    { advertiserId, campaignId, auction, at: new Date('2026-05-04T10:15:00Z') },
    advertiserMicros,
    300,
  );

describe('batched spend debits', () => {
  it('two recorders billing the same impressions at once, with credits and spends between: each debited once, balances exact', async () => {
    const admin = (await demoTokens(t)).admin;
    const owner = await addUser(t, admin, { role: 'ADVERTISER', companyName: 'Batch Spend' });
    campaignId = (await createCampaign(t, await t.loginAs(owner.email, owner.password))).campaign_id;
    const advertisers = [
      await insertUser(t, { role: 'ADVERTISER' }),
      await insertUser(t, { role: 'ADVERTISER' }),
      await insertUser(t, { role: 'ADVERTISER' }),
    ];
    for (const advertiser of advertisers) await creditAccount(t, advertiser.id, 10n * USD);
    // The first advertiser's threshold (9.5 USD) is crossed by its impressions' debits (about 1 USD).
    await t.deps.db
      .update(ledgerAccounts)
      .set({ lowBalanceThresholdMicros: 9_500_000n })
      .where(eq(ledgerAccounts.userId, advertisers[0]!.id));
    const before = await Promise.all(advertisers.map((a) => readBalanceMicros(t.deps.db, a.id)));

    // 300 impressions over three advertisers, each billed by both "processes", in shuffled calls.
    const events = Array.from({ length: 300 }, (_, i) =>
      billing(advertisers[i % 3]!.id, `batch-${process.pid}-${i}`, 10_000 + i),
    );
    const first = createEventRecorder(t.deps.db, { maxBatch: 40 });
    const second = createEventRecorder(t.deps.db, { maxBatch: 70 });
    const calls = [
      ...events.map((event) => first.record([event])),
      ...[...events].reverse().map((event) => second.record([event])),
      // Other money on the same accounts meanwhile: single spends, and credits (but to the first).
      ...advertisers.flatMap((a, k) => [
        ...(k > 0 ? [creditAccount(t, a.id, 1n * USD)] : []),
        bookSpend(t, a.id, { mediaCostMicros: 500n, reference: `single-${process.pid}-${k}` }),
      ]),
    ];
    const answers = (await Promise.all(calls)) as unknown[];
    await Promise.all([first.close(), second.close()]);

    // Each impression was new to exactly one of the two recorders.
    const newCount = events.map((_, i) =>
      [answers[i], answers[events.length + (events.length - 1 - i)]].filter(
        (answer) => (answer as boolean[])[0] === true,
      ),
    );
    expect(newCount.every((found) => found.length === 1)).toBe(true);

    // The batches' spend transfers (one per advertiser, campaign and minute of a batch, named by its
    // first impression and its count) hold the 300 impressions once, for their costs' sum.
    const spends = await t.deps.db
      .select({ reference: ledgerTransfers.reference, cost: ledgerTransfers.advertiserCostMicros })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.reference, `imps:imp:1:batch-${process.pid}-%`));
    expect(spends.reduce((sum, row) => sum + Number(row.reference!.split(':').at(-1)), 0)).toBe(300);
    expect(spends.reduce((sum, row) => sum + row.cost!, 0n)).toBe(
      events.reduce((sum, event) => sum + BigInt(event.advertiserCostMicros!), 0n),
    );
    expect(new Set(spends.map((row) => row.reference)).size).toBe(spends.length);

    for (const [k, advertiser] of advertisers.entries()) {
      const billed = events
        .filter((event) => event.advertiserId === advertiser.id)
        .reduce((sum, event) => sum + BigInt(event.advertiserCostMicros!), 0n);
      const after = await readBalanceMicros(t.deps.db, advertiser.id);
      // Spent 500 micros once and each of its impressions once; credited 1 USD (but the first).
      expect(before[k]! - after).toBe(billed + 500n - (k > 0 ? 1n * USD : 0n));
      // The entries' chain: numbered 1, 2, 3... and each balance after = the one before + amount.
      const entries = await entriesOf(t, advertiser.id);
      let balance = 0n;
      for (const [n, entry] of entries.entries()) {
        balance += entry.amount;
        expect(entry.seq).toBe(n + 1);
        expect(entry.after).toBe(balance);
      }
    }
    const [alerted] = await t.deps.db
      .select({ due: ledgerAccounts.lowBalanceAlertDueAt })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, advertisers[0]!.id));
    expect(alerted!.due).not.toBeNull();
    await expectLedgerBalanced(t);
  });

  it('a batch naming a reference twice, or one already debited, debits it once', async () => {
    const advertiser = await insertUser(t, { role: 'ADVERTISER' });
    await creditAccount(t, advertiser.id, 5n * USD);
    const before = await readBalanceMicros(t.deps.db, advertiser.id);
    const item = (reference: string) => ({
      advertiserId: advertiser.id,
      mediaCostMicros: 1_000n,
      advertiserCostMicros: 1_200n,
      occurredAt: new Date(),
      reference: `${reference}-${process.pid}`,
    });
    const first = await t.deps.db.transaction((tx) => recordSpends(tx, [item('a'), item('b'), item('a')]));
    const second = await t.deps.db.transaction((tx) => recordSpends(tx, [item('b'), item('c')]));
    expect([first, second]).toEqual([2, 1]);
    expect(before - (await readBalanceMicros(t.deps.db, advertiser.id))).toBe(3n * 1_200n);
    await expectLedgerBalanced(t);
  });
});
