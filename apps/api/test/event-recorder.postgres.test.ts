// The delivery events' group commit under load on PostgreSQL: several
// statements in flight at once on the plain lane, billing one at a time on the money lane. 600
// calls at once name 200 facts, each fact three times over (an exchange calling a win URL again,
// a beacon fired twice): every fact is stored once, exactly one call hears "new" for it, the hourly
// rollups equal the raw events (bids' rows folded in from delivery_hourly_pending), and each billed impression is debited once. PostgreSQL only (real
// parallel statements; PGlite runs one at a time).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import { createEventRecorder, type DeliveryEvent } from '../src/modules/delivery/event-recorder.ts';
import { campaignTotalsDrift } from '../src/modules/delivery/rollups.ts';
import { readBalanceMicros } from '../src/modules/ledger/ledger-accounts.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { createCampaign } from './campaign-fixtures.ts';
import { addUser, demoTokens } from './support/admin-fixtures.ts';
import { creditAccount } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const FACTS = 200;
const REPEATS = 3;
const OCCURRED = new Date('2026-05-04T10:15:00Z');

const eventOf = (advertiserId: number, campaignIds: number[], i: number): DeliveryEvent => {
  const type = (['BID', 'WIN', 'CLICK', 'BILLING'] as const)[i % 4]!;
  return {
    type,
    day: '2026-05-04',
    occurredAt: OCCURRED,
    exchangeId: 1,
    auctionId: `race-${Math.floor(i / 4)}`,
    impId: '1',
    campaignId: campaignIds[i % campaignIds.length]!,
    creativeId: 1,
    advertiserId,
    country: ['US', 'DE'][i % 2]!,
    os: 'iOS',
    deviceType: 'PHONE',
    trafficType: 'APP',
    bidMicros: 2_000_000,
    ...(type === 'BILLING' ? { mediaCostMicros: 1_500, advertiserCostMicros: 1_800 } : {}),
  };
};

describe('the event recorder under concurrent calls', () => {
  it('stores each fact once, answers "new" once, keeps the rollups equal to the events and debits once', async () => {
    const admin = (await demoTokens(t)).admin;
    const advertiser = await addUser(t, admin, { role: 'ADVERTISER', companyName: 'Race Recorder' });
    const advertiserId = advertiser.user_primary_id;
    const token = await t.loginAs(advertiser.email, advertiser.password);
    const campaignIds: number[] = [];
    for (let i = 0; i < 3; i++) campaignIds.push((await createCampaign(t, token)).campaign_id);
    await creditAccount(t, advertiserId, 1_000_000_000n);
    const before = await readBalanceMicros(t.deps.db, advertiserId);
    const recorder = createEventRecorder(t.deps.db, { maxInFlight: 4, maxBatch: 25 });
    const events = Array.from({ length: FACTS }, (_, i) => eventOf(advertiserId, campaignIds, i));
    // Each fact three times, shuffled into calls of one to three events, all sent at once.
    const calls: DeliveryEvent[][] = [];
    const pool = Array.from({ length: FACTS * REPEATS }, (_, k) => events[(k * 7919) % FACTS]!);
    for (let k = 0; k < pool.length; ) {
      const size = 1 + (k % 3);
      calls.push(pool.slice(k, k + size));
      k += size;
    }
    const answers = await Promise.all(calls.map((call) => recorder.record(call)));
    await recorder.close();

    const newCount = new Map<string, number>();
    for (const [c, call] of calls.entries())
      for (const [e, event] of call.entries()) {
        const key = `${event.type}|${event.auctionId}`;
        newCount.set(key, (newCount.get(key) ?? 0) + (answers[c]![e] ? 1 : 0));
      }
    expect(newCount.size).toBe(FACTS);
    expect([...newCount.values()].every((n) => n === 1)).toBe(true);

    const stored = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.advertiserId, advertiserId)));
    expect(stored[0]!.n).toBe(FACTS);
    const rollups = await t.deps.db.execute<{ bids: number; wins: number; clicks: number; cost: string }>(
      sql`select sum(bids)::int as bids, sum(wins)::int as wins, sum(clicks)::int as clicks,
          sum(advertiser_cost_micros)::text as cost from delivery_hourly where advertiser_id = ${advertiserId}`,
    );
    // Bids' rollup rows went through delivery_hourly_pending; closing the recorder folded them all in.
    const pending = await t.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from delivery_hourly_pending where advertiser_id = ${advertiserId}`,
    );
    expect((pending as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const billed = FACTS / 4;
    expect((rollups as unknown as { rows: unknown[] }).rows[0]).toEqual({
      bids: FACTS / 4,
      wins: FACTS / 4,
      clicks: FACTS / 4,
      cost: String(billed * 1_800),
    });
    // Each campaign's lifetime totals, written by the same concurrent statements, agree to the micro.
    expect(await campaignTotalsDrift(t.deps.db)).toBe(0);
    expect(before - (await readBalanceMicros(t.deps.db, advertiserId))).toBe(BigInt(billed * 1_800));
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
