// Pending spend per advertiser: the funds pages read from the bidder's
// delivery state the cost of bids won but not yet billed. A hold lasts its notice window (per
// request, the exchange's) and is then given back, every one of them however many expire at once,
// so pending is always the holds behind it; pending bids count against frequency caps until they are
// billed, lost or expired. Same answers from the in-memory state and from the Redis state shared by
// bidder processes (127.0.0.1:6379, a key prefix of this run). The clock is injected.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryDeliveryState,
  type DeliveryState,
  type ReserveRequest,
} from '../src/modules/bidding/delivery-state.ts';
import { createRedisDeliveryState } from '../src/modules/bidding/redis-delivery-state.ts';

const WINDOW_MS = 15 * 60_000;
const T0 = Date.parse('2026-03-02T10:00:00Z');
const states: DeliveryState[] = [];
afterAll(async () => {
  await Promise.all(states.map((state) => state.close()));
});

type Clock = { nowMs: number };
const kinds: [string, (clock: Clock) => DeliveryState][] = [
  ['memory', (clock) => createMemoryDeliveryState({ now: () => clock.nowMs })],
  [
    'redis',
    (clock) =>
      createRedisDeliveryState('redis://127.0.0.1:6379', {
        prefix: `pending-${process.pid}-${randomBytes(4).toString('hex')}:`,
        now: () => clock.nowMs,
      }),
  ],
];

const reserve = (
  key: string,
  advertiserId: number,
  amountMicros: number,
  patch: Partial<ReserveRequest> = {},
): ReserveRequest => ({
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
  nowMs: T0,
  holdMs: WINDOW_MS,
  ...patch,
});

const settle = (
  state: DeliveryState,
  key: string,
  advertiserId: number,
  amountMicros: number,
  frequency?: string,
) =>
  state.settle({
    reservationKey: key,
    campaignId: advertiserId * 10,
    advertiserId,
    dateKey: '2026-03-02',
    amountMicros,
    frequency: frequency ? { key: frequency, ttlSeconds: 86_400 } : null,
  });

describe.each(kinds)('pending spend of the %s delivery state', (_name, make) => {
  const start = () => {
    const clock = { nowMs: T0 };
    const state = make(clock);
    states.push(state);
    return { clock, state };
  };

  it('counts holds per advertiser until they are billed, lost or their window closes', async () => {
    const { clock, state } = start();
    expect(await state.reserve(reserve('a', 7, 3000))).toBe('ok');
    expect(await state.reserve(reserve('b', 7, 2000))).toBe('ok');
    expect(await state.reserve(reserve('c', 8, 1000))).toBe('ok');
    // An exchange with a shorter window: its hold goes first.
    expect(await state.reserve(reserve('d', 8, 500, { holdMs: 60_000 }))).toBe('ok');
    expect(await state.readAdvertiserPending([7, 8, 9])).toEqual(
      new Map([
        [7, 5000],
        [8, 1500],
        [9, 0],
      ]),
    );
    // Billed for less than the hold: the hold leaves pending whole, the cost becomes spend.
    await settle(state, 'a', 7, 1200);
    await state.release('b');
    expect((await state.readAdvertiserPending([7])).get(7)).toBe(0);
    clock.nowMs = T0 + 5 * 60_000;
    expect((await state.readAdvertiserPending([8])).get(8)).toBe(1000);
    // A hold nobody hears about is given back when its window closes, even with no bid to sweep.
    clock.nowMs = T0 + WINDOW_MS + 1;
    expect((await state.readAdvertiserPending([8])).get(8)).toBe(0);
    expect(await state.readAdvertiserPending([])).toEqual(new Map());
  });

  it('gives back every expired hold, however many, and a late win is billed without a hold', async () => {
    const { clock, state } = start();
    for (let i = 0; i < 1200; i++) expect(await state.reserve(reserve(`m${i}`, 11, 100))).toBe('ok');
    expect((await state.readAdvertiserPending([11])).get(11)).toBe(120_000);
    // Long after the window closed (more than twice it): nothing stays pending.
    clock.nowMs = T0 + 3 * WINDOW_MS;
    expect((await state.readAdvertiserPending([11])).get(11)).toBe(0);
    await settle(state, 'm0', 11, 100);
    expect((await state.readAdvertiserPending([11])).get(11)).toBe(0);
    expect((await state.readAdvertiserSpent([11])).get(11)).toBe(100);
  });

  it('keeps the funds a hold took until its window closes', async () => {
    const { clock, state } = start();
    const balance = { baseMicros: 5000, baseSpentMicros: 0 };
    for (const key of ['f1', 'f2'])
      expect(await state.reserve(reserve(key, 12, 2500, { balance }))).toBe('ok');
    clock.nowMs = T0 + 5 * 60_000;
    expect(await state.reserve(reserve('f3', 12, 2500, { balance, nowMs: clock.nowMs }))).toBe('funds');
    clock.nowMs = T0 + WINDOW_MS + 1;
    expect(await state.reserve(reserve('f4', 12, 2500, { balance, nowMs: clock.nowMs }))).toBe('ok');
  });

  it('counts pending bids against the frequency cap until they are billed, lost or expired', async () => {
    const { clock, state } = start();
    const frequency = { key: `13:user:${randomBytes(3).toString('hex')}`, limit: 3, ttlSeconds: 86_400 };
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) outcomes.push(await state.reserve(reserve(`q${i}`, 13, 100, { frequency })));
    expect(outcomes).toEqual(['ok', 'ok', 'ok', ...Array(7).fill('frequency')]);
    // A billed one stays counted; a lost one is not.
    await settle(state, 'q0', 13, 100, frequency.key);
    await state.release('q1');
    expect(await state.reserve(reserve('q10', 13, 100, { frequency }))).toBe('ok');
    expect(await state.reserve(reserve('q11', 13, 100, { frequency }))).toBe('frequency');
    // Expired holds leave the count; the billed one stays.
    clock.nowMs = T0 + WINDOW_MS + 1;
    await state.sweep(clock.nowMs);
    const later = { nowMs: clock.nowMs, frequency };
    expect(await state.reserve(reserve('q12', 13, 100, later))).toBe('ok');
    expect(await state.reserve(reserve('q13', 13, 100, later))).toBe('ok');
    expect(await state.reserve(reserve('q14', 13, 100, later))).toBe('frequency');
  });
});

describe('two bidder processes sharing Redis', () => {
  it('count each other’s pending bids against one frequency cap', async () => {
    const prefix = `freq-${process.pid}-${randomBytes(4).toString('hex')}:`;
    const pair = [0, 1].map(() => createRedisDeliveryState('redis://127.0.0.1:6379', { prefix }));
    states.push(...pair);
    const frequency = { key: '14:user:d2026-03-02', limit: 3, ttlSeconds: 86_400 };
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => pair[i % 2]!.reserve(reserve(`p${i}`, 14, 100, { frequency }))),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(3);
  });
});
