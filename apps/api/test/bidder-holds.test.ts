// Holds through real HTTP, on the bidder's injected clock (no real waiting): a bid's hold lasts its
// exchange's notice window, so wins that come minutes later never take the balance or the daily
// budget past one bid's price (measured before: 25 bids, a 5-minute wait, 24 more bids, then all
// wins took a $0.0625 balance to -$0.06); a notice after the window is billed all the same and
// marked late (on the campaign's view and in the campaign lists); pending bids count against the frequency cap; the funds page's pending spend is the
// holds behind it.

import { readLocalClock } from '@console/core/time/zoned-time';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import { exchanges } from '../src/db/schema/reference.ts';
import type { BidResponse, ResponseBid } from '../src/modules/bidding/bid-response.ts';
import { DEMO_DELIVERY_ADVERTISER, seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { dataOf } from './support/accounts.ts';
import { auctionOf, freshRequest, onlyBid, postBid, track } from './support/bid-calls.ts';
import { bookSpend, creditAccount } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const MINUTE = 60_000;
/** What one bid on the simple banner holds and costs: $2.50 CPM, no margin. */
const BID_MICROS = 2500;

let t: TestApp;
let token: string;
let advertiserId: number;
let campaignId: number;
const clock = { nowMs: Date.now() };

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock.nowMs });
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  // One campaign bids on the banner, as fast as it can, with no frequency cap.
  const [campaign] = await t.deps.db
    .update(campaigns)
    .set({ pacing: 'ASAP', frequencyCap: null, dailyBudgetMicros: null })
    .where(eq(campaigns.name, 'Open Web Display'))
    .returning({ id: campaigns.id, advertiserId: campaigns.advertiserId });
  campaignId = campaign!.id;
  advertiserId = campaign!.advertiserId;
  await t.deps.db.update(campaigns).set({ status: 'PAUSED' }).where(ne(campaigns.id, campaignId));
  token = await t.loginAs(DEMO_DELIVERY_ADVERTISER);
});
afterAll(() => t.close());

const summary = async () =>
  dataOf<{ balance_micros: number; pending_spend_micros: number }>(
    await t.call('GET', '/api/funds/summary', { token }),
  );

/** Leaves the advertiser exactly this balance (and no hold from an earlier test). */
const setBalance = async (micros: number) => {
  clock.nowMs += 60 * MINUTE;
  const { balance_micros: balance } = await summary();
  if (balance > micros) await bookSpend(t, advertiserId, { mediaCostMicros: BigInt(balance - micros) });
  if (balance < micros) await creditAccount(t, advertiserId, BigInt(micros - balance));
  await t.bidder.index.reload();
};

/** n auctions for one banner each; the bids made (others answered 204). */
const bidMany = async (n: number, patch: Record<string, unknown> = {}) => {
  const bids: ResponseBid[] = [];
  for (let i = 0; i < n; i++) {
    const result = await postBid(t, freshRequest('simple-banner', { at: 1, ...patch }));
    if (result.status === 200) bids.push(onlyBid(result.body as unknown as BidResponse));
    else expect(result.status).toBe(204);
  }
  return bids;
};

beforeEach(async () => {
  await t.deps.db.update(exchanges).set({ noticeWindowSeconds: 900 });
  await t.deps.db
    .update(campaigns)
    .set({ frequencyCap: null, dailyBudgetMicros: null })
    .where(eq(campaigns.id, campaignId));
  await t.bidder.index.reload();
});

describe('a bid holds its cost until its notice window closes', () => {
  it('keeps the balance from going past one bid, whatever the delay of the wins', async () => {
    await setBalance(25 * BID_MICROS);
    const first = await bidMany(26);
    expect(first).toHaveLength(25);
    expect((await summary()).pending_spend_micros).toBe(25 * BID_MICROS);
    // Five minutes without a notice: the holds still stand, so no more bids.
    clock.nowMs += 5 * MINUTE;
    expect(await bidMany(24)).toHaveLength(0);
    for (const bid of first) expect((await track(bid.nurl, 2.5)).status).toBe(204);
    const after = await summary();
    expect(after.balance_micros).toBe(0);
    expect(after.pending_spend_micros).toBe(0);
  });

  it('keeps the daily budget the same way', async () => {
    await setBalance(1_000_000);
    // Room for five more bids today, after what the tests before spent.
    const { timeZone } = t.bidder.index.current().campaignById.get(campaignId)!;
    const { dateKey } = readLocalClock(timeZone, clock.nowMs);
    const spent = await t.bidder.state.readCampaignSpend(campaignId, dateKey);
    await t.deps.db
      .update(campaigns)
      .set({ dailyBudgetMicros: spent.todayMicros + 5 * BID_MICROS })
      .where(eq(campaigns.id, campaignId));
    await t.bidder.index.reload();
    const before = await summary();
    const first = await bidMany(6);
    clock.nowMs += 5 * MINUTE;
    const second = await bidMany(5);
    for (const bid of [...first, ...second]) await track(bid.nurl, 2.5);
    expect(before.balance_micros - (await summary()).balance_micros).toBeLessThanOrEqual(6 * BID_MICROS);
    expect(first.length + second.length).toBe(5);
  });

  it("gives a hold back when the exchange's own window closes, and bills a late win, marked late", async () => {
    await setBalance(1_000_000);
    await t.deps.db.update(exchanges).set({ noticeWindowSeconds: 60 }).where(eq(exchanges.key, 'openx'));
    await t.bidder.index.reload();
    const lateBilled = async () =>
      dataOf<{ late_billed: { impressions: number; advertiser_cost_micros: number } }>(
        await t.call('GET', `/api/campaigns/${campaignId}`, { token }),
      ).late_billed;
    const lateBefore = await lateBilled();
    const [bid] = await bidMany(1);
    expect((await summary()).pending_spend_micros).toBe(BID_MICROS);
    clock.nowMs += 61_000;
    const late = await summary();
    expect(late.pending_spend_micros).toBe(0);
    expect((await track(bid!.nurl, 2)).status).toBe(204);
    expect((await summary()).balance_micros).toBe(late.balance_micros - 2000);
    const [billing] = await t.deps.db
      .select({ isLate: deliveryEvents.isLate })
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.auctionId, auctionOf(bid!)), eq(deliveryEvents.type, 'BILLING')));
    expect(billing).toEqual({ isLate: 1 });
    // The campaign's view counts it among the late-billed impressions, with its cost.
    const lateAfter = {
      impressions: lateBefore.impressions + 1,
      advertiser_cost_micros: lateBefore.advertiser_cost_micros + 2000,
    };
    expect(await lateBilled()).toEqual(lateAfter);
    // So do the campaign lists, the advertiser's and the admin's, with the same figures; the other
    // campaigns of the page billed nothing late.
    const admin = await t.loginAs('admin@demo.test');
    for (const [path, caller] of [
      ['/api/campaigns', token],
      ['/api/campaigns', admin],
      [`/api/campaigns/advertiser/${advertiserId}`, admin],
    ] as const) {
      const { items } = dataOf<{ items: { campaign_id: number; late_billed: unknown }[] }>(
        await t.call('GET', path, { token: caller, query: { limit: 100 } }),
      );
      expect(items.length, path).toBeGreaterThan(1);
      for (const item of items)
        expect(item.late_billed, `${path} ${item.campaign_id}`).toEqual(
          item.campaign_id === campaignId ? lateAfter : { impressions: 0, advertiser_cost_micros: 0 },
        );
    }
    const [onTime] = await bidMany(1);
    clock.nowMs += 59_000;
    await track(onTime!.nurl, 2);
    const [billed] = await t.deps.db
      .select({ isLate: deliveryEvents.isLate })
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.auctionId, auctionOf(onTime!)), eq(deliveryEvents.type, 'BILLING')));
    expect(billed).toEqual({ isLate: 0 });
    expect((await lateBilled()).impressions).toBe(lateBefore.impressions + 1);
  });

  it('counts pending bids against the frequency cap', async () => {
    await setBalance(1_000_000);
    await t.deps.db
      .update(campaigns)
      .set({ frequencyCap: { count: 3, period: 'DAY' } })
      .where(eq(campaigns.id, campaignId));
    await t.bidder.index.reload();
    const user = { id: `reader-${Date.now()}` };
    const bids = await bidMany(10, { user, device: { ifa: user.id } });
    expect(bids).toHaveLength(3);
    // One is lost: the user may see one more.
    await track(bids[0]!.lurl);
    expect(await bidMany(3, { user, device: { ifa: user.id } })).toHaveLength(1);
  });
});
