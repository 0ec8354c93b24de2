// Pending spend per advertiser (issues 11 and 13 wired): the funds pages read from the bidder's
// delivery state the cost of bids won but not yet billed. Same answers from the in-memory state and
// from the Redis state shared by bidder processes (127.0.0.1:6379, a key prefix of this run).
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryDeliveryState,
  type DeliveryState,
  type ReserveRequest,
} from '../src/modules/bidding/delivery-state.ts';
import { createRedisDeliveryState } from '../src/modules/bidding/redis-delivery-state.ts';

const TTL_MS = 300;
const states: DeliveryState[] = [];
afterAll(async () => {
  await Promise.all(states.map((state) => state.close()));
});

const kinds: [string, () => DeliveryState][] = [
  ['memory', () => createMemoryDeliveryState({ pendingTtlMs: TTL_MS })],
  [
    'redis',
    () =>
      createRedisDeliveryState('redis://127.0.0.1:6379', {
        prefix: `pending-${process.pid}-${randomBytes(4).toString('hex')}:`,
        pendingTtlMs: TTL_MS,
      }),
  ],
];

const reserve = (key: string, advertiserId: number, amountMicros: number): ReserveRequest => ({
  reservationKey: key,
  campaignId: advertiserId * 10,
  advertiserId,
  dateKey: '2026-03-02',
  amountMicros,
  totalBudgetMicros: 1_000_000_000,
  dailyBudgetMicros: null,
  pacing: null,
  balance: { baseMicros: 1_000_000_000, baseSpentMicros: 0 },
  frequency: null,
  nowMs: Date.now(),
});

describe.each(kinds)('pending spend of the %s delivery state', (_name, make) => {
  it('counts holds per advertiser until they are billed, lost or expired', async () => {
    const state = make();
    states.push(state);
    expect(await state.reserve(reserve('a', 7, 3000))).toBe('ok');
    expect(await state.reserve(reserve('b', 7, 2000))).toBe('ok');
    expect(await state.reserve(reserve('c', 8, 1000))).toBe('ok');
    expect(await state.readAdvertiserPending([7, 8, 9])).toEqual(
      new Map([
        [7, 5000],
        [8, 1000],
        [9, 0],
      ]),
    );
    // Billed for less than the hold: the hold leaves pending whole, the cost becomes spend.
    await state.settle({
      reservationKey: 'a',
      campaignId: 70,
      advertiserId: 7,
      dateKey: '2026-03-02',
      amountMicros: 1200,
      frequency: null,
    });
    await state.release('b');
    expect((await state.readAdvertiserPending([7])).get(7)).toBe(0);
    // A hold nobody hears about expires, and the read drops it even when no bid comes in to sweep.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
    expect((await state.readAdvertiserPending([8])).get(8)).toBe(0);
    expect(await state.readAdvertiserPending([])).toEqual(new Map());
  });
});
