// Change notices across processes on PostgreSQL: a real `npm run bidder` process beside the console,
// sharing nothing with it but the database (no Redis), stops bidding a campaign paused through the
// console's API within a second, and bids with it again once resumed, with no reload called by
// anyone (its 30 s poll aside, which three rounds within a second each cannot all hit). And a
// process whose listening connection was lost listens again and resyncs.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/db/raw-rows.ts';
import { announceChange, CHANGE_CHANNEL, EVERY_ENTITY, onEntityChange } from '../src/platform/change-feed.ts';
import { expectOk } from './campaign-fixtures.ts';
import { freshRequest, timeUntilBidding } from './support/bid-calls.ts';
import { type BidderProcess, startBidderProcess } from './support/bidder-process.ts';
import { startDemoDeliveryApp } from './support/demo-delivery-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let bidder: BidderProcess;
let token: string;
let campaignId: number;

beforeAll(async () => {
  const app = await startDemoDeliveryApp();
  ({ t, token } = app);
  campaignId = app.campaignIdOf('Mobile App Leaderboard');
  bidder = await startBidderProcess({ DATABASE_URL: t.databaseUrl, JWT_SECRET: t.deps.config.jwtSecret });
}, 120_000);
afterAll(async () => {
  await bidder?.stop();
  await t?.close();
});

/** A test auction (`test: 1`): answered like any other, but it holds and bills nothing. */
const auction = () => freshRequest('mobile-app-banner', { test: 1 });

const move = async (to: 'PAUSED' | 'ACTIVE') =>
  expectOk(await t.call('POST', `/api/campaigns/${campaignId}/status`, { token, body: { to } }));

describe('change notices across processes', () => {
  it('stop a campaign paused in the console within a second in another bidder process', async () => {
    await timeUntilBidding(bidder.url, auction, campaignId, true);
    for (let round = 0; round < 3; round++) {
      await move('PAUSED');
      expect(await timeUntilBidding(bidder.url, auction, campaignId, false)).toBeLessThan(1000);
      await move('ACTIVE');
      expect(await timeUntilBidding(bidder.url, auction, campaignId, true)).toBeLessThan(1000);
    }
  });

  it('resync a process whose listening connection was lost, and reach it again', async () => {
    const told: string[] = [];
    const stop = onEntityChange((entityType) => told.push(entityType));
    try {
      // This process's listening connection (db/notifications.ts names it), cut by the server.
      const [cut] = await rowsOf<{ cut: boolean }>(
        t.deps.db,
        sql`select pg_terminate_backend(pid) as cut from pg_stat_activity
            where application_name = ${`${CHANGE_CHANNEL} ${process.pid}`} and datname = current_database()`,
      );
      expect(cut?.cut).toBe(true);
      await vi.waitFor(() => expect(told).toContain(EVERY_ENTITY), { timeout: 5000 });
      const after = `probe-${randomBytes(4).toString('hex')}`;
      await announceChange(t.deps.db, after);
      await vi.waitFor(() => expect(told).toContain(after));
    } finally {
      stop();
    }
  });
});
