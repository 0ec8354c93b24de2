// 1,000 concurrent movements on PostgreSQL: agency allocations and pull-backs
// through HTTP, interleaved with the bidder's spend debits (recordSpend, some references sent twice),
// all at once on ten advertisers of one agency. Afterwards every balance is exactly what the answered
// movements say, to the micro-unit, and the whole ledger sums to zero. PostgreSQL only (real
// parallel transactions; PGlite runs one at a time): vitest.config.ts keeps *.postgres.test.ts out of the
// PGlite project, and on CI the PostgreSQL project runs even without TEST_DATABASE_URL, and fails.
import { randomInt } from 'node:crypto';
import type { MovementResult } from '@console/core/api/funds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalanceMicros, readBalances } from '../src/modules/ledger/ledger-accounts.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { dataOf } from './support/accounts.ts';
import { addUser, demoTokens } from './support/admin-fixtures.ts';
import { bookSpend, creditAccount } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const OPERATIONS = 1_000;
const ADVERTISERS = 10;
const START_MICROS = 50_000n * 1_000_000n;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('1,000 concurrent allocations and spend debits', () => {
  it('leave every balance exact and the ledger summing to zero', { timeout: 300_000 }, async () => {
    const admin = (await demoTokens(t)).admin;
    const agency = await addUser(t, admin, { role: 'AGENCY', companyName: 'Load Agency' });
    const agencyToken = await t.loginAs(agency.email, agency.password);
    const advertisers: Awaited<ReturnType<typeof addUser>>[] = [];
    for (let i = 0; i < ADVERTISERS; i++) {
      advertisers.push(
        await addUser(t, admin, {
          role: 'ADVERTISER',
          companyName: `Load ${i}`,
          agency_id: agency.user_primary_id,
        }),
      );
    }
    await creditAccount(t, agency.user_primary_id, START_MICROS);
    const expected = new Map<number, bigint>([[agency.user_primary_id, START_MICROS]]);
    for (const advertiser of advertisers) expected.set(advertiser.user_primary_id, 0n);
    const add = (userId: number, amount: bigint) =>
      expected.set(userId, (expected.get(userId) ?? 0n) + amount);

    let refused = 0;
    let replays = 0;
    const operations = Array.from({ length: OPERATIONS }, (_, i) => {
      const advertiser = advertisers[randomInt(ADVERTISERS)]!.user_primary_id;
      const amount = BigInt(randomInt(1, 200_000_000)); // up to $200, odd micro-units
      const kind = i % 3; // allocation, pull-back, spend
      if (kind === 2) {
        // Every tenth spend repeats an earlier reference: the bidder retrying a batch.
        const reference = `load-${advertiser}-${i % 30 === 2 ? 'repeat' : i}`;
        return async () => {
          const spent = await bookSpend(t, advertiser, { mediaCostMicros: amount, reference });
          if (spent.isReplay) replays += 1;
          else add(advertiser, -spent.advertiserCostMicros);
        };
      }
      const direction = kind === 0 ? 'ALLOCATE' : 'PULL_BACK';
      return async () => {
        const result = await t.call('POST', '/api/agency/funds/allocations', {
          token: agencyToken,
          body: { advertiser_id: advertiser, direction, amount_micros: Number(amount), note: `load ${i}` },
        });
        if (result.status === 400) {
          expect(String(result.body.message)).toMatch(/too little .* Nothing was moved\./);
          refused += 1;
          return;
        }
        expect(result.status, JSON.stringify(result.body)).toBe(200);
        expect(dataOf<MovementResult>(result).amount_micros).toBe(Number(amount));
        const signed = direction === 'ALLOCATE' ? amount : -amount;
        add(advertiser, signed);
        add(agency.user_primary_id, -signed);
      };
    });

    const started = performance.now();
    await Promise.all(operations.map((operation) => operation()));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[funds] ${OPERATIONS} concurrent movements on PostgreSQL in ${seconds.toFixed(2)} s ` +
        `(${Math.round(OPERATIONS / seconds)}/s); ${refused} refused below zero, ${replays} spend replays answered once`,
    );

    const balances = await readBalances(t.deps.db, [...expected.keys()]);
    for (const [userId, amount] of expected)
      expect(balances.get(userId) ?? 0n, `user ${userId}`).toBe(amount);
    expect(await readBalanceMicros(t.deps.db, agency.user_primary_id)).toBeGreaterThanOrEqual(0n);
    const check = await checkLedger(t.deps.db);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.total_micros).toBe(0);
  });
});
