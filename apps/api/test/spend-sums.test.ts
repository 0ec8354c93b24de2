// Billed impressions reach the ledger in sums (delivery/spend-debit.ts): one SPEND transfer per
// advertiser and minute of delivery in a batch the recorder writes, dated at its first impression,
// holding the impressions' costs to the micro-unit, naming the campaign when all are one campaign's;
// a repeated notice adds nothing.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../src/db/schema/ledger.ts';
import { createEventRecorder } from '../src/modules/delivery/event-recorder.ts';
import { readBalanceMicros } from '../src/modules/ledger/ledger-accounts.ts';
import { createCampaign } from './campaign-fixtures.ts';
import { insertUser } from './support/accounts.ts';
import { addUser, demoTokens } from './support/admin-fixtures.ts';
import { billingEvent } from './support/bid-event.ts';
import { creditAccount, expectLedgerBalanced } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const billing = (
  advertiserId: number,
  campaignId: number,
  auction: string,
  at: string,
  advertiserMicros: number,
) =>
  billingEvent(
    { advertiserId, campaignId, auction: `${auction}-${process.pid}`, at: new Date(at) },
    advertiserMicros,
    100,
  );

describe('billed impressions in the ledger', () => {
  it('are debited in one transfer per advertiser and minute of delivery, dated at its first impression', async () => {
    const admin = (await demoTokens(t)).admin;
    const owner = await addUser(t, admin, { role: 'ADVERTISER', companyName: 'Spend Sums' });
    const token = await t.loginAs(owner.email, owner.password);
    const x = (await createCampaign(t, token)).campaign_id;
    const y = (await createCampaign(t, token)).campaign_id;
    const advertiser = (await insertUser(t, { role: 'ADVERTISER' })).id;
    await creditAccount(t, advertiser, 1_000_000n);
    const before = await readBalanceMicros(t.deps.db, advertiser);

    const recorder = createEventRecorder(t.deps.db);
    const events = [
      billing(advertiser, x, 'a', '2026-05-04T10:15:05.000Z', 1_000),
      billing(advertiser, x, 'b', '2026-05-04T10:15:40.000Z', 2_000),
      billing(advertiser, x, 'c', '2026-05-04T10:16:10.000Z', 4_000),
      billing(advertiser, y, 'd', '2026-05-04T10:15:20.000Z', 8_000),
    ];
    // One turn of the event loop: one batch, one statement.
    const answers = await Promise.all(events.map((event) => recorder.record([event])));
    expect(answers).toEqual([[true], [true], [true], [true]]);
    // The same notices again (a retry): nothing new, nothing debited.
    expect(await recorder.record([events[0]!, events[3]!])).toEqual([false, false]);
    await recorder.close();

    const transfers = await t.deps.db
      .select({
        campaign: ledgerTransfers.campaignId,
        media: ledgerTransfers.mediaCostMicros,
        advertiser: ledgerTransfers.advertiserCostMicros,
        at: ledgerTransfers.occurredAt,
        reference: ledgerTransfers.reference,
      })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'SPEND'))
      .orderBy(asc(ledgerTransfers.occurredAt));
    const ours = transfers.filter((row) => row.reference?.includes(`-${process.pid}:`));
    expect(ours).toEqual([
      // 10:15: two impressions of x and one of y, so no single campaign.
      {
        campaign: null,
        media: 10_700n,
        advertiser: 11_000n,
        at: new Date('2026-05-04T10:15:05.000Z'),
        reference: `imps:imp:1:a-${process.pid}:1:3`,
      },
      {
        campaign: x,
        media: 3_900n,
        advertiser: 4_000n,
        at: new Date('2026-05-04T10:16:10.000Z'),
        reference: `imps:imp:1:c-${process.pid}:1:1`,
      },
    ]);
    expect(before - (await readBalanceMicros(t.deps.db, advertiser))).toBe(15_000n);
    await expectLedgerBalanced(t);
  });
});
