// A bidder of its own (`npm run bidder`: buildBidderApp) beside the console, sharing Redis with it
// (127.0.0.1:6379, a key prefix of this run): a list edited in the console reaches that bidder's
// loaded lists through the change notices, and the console's funds summary counts as pending the
// bids that bidder is still waiting to hear about.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { ApplistDetail } from '@console/core/api/inventory-lists';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidResponse } from '../src/modules/bidding/bid-response.ts';
import { buildBidderApp } from '../src/modules/bidding/bidder-app.ts';
import { expectOk } from './campaign-fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { track } from './support/bid-calls.ts';
import { startDemoDeliveryApp } from './support/demo-delivery-app.ts';
import { type TestApp, testConfig } from './support/test-app.ts';

const redis = {
  redisUrl: 'redis://127.0.0.1:6379',
  redisPrefix: `lists-${process.pid}-${randomBytes(4).toString('hex')}:`,
};

let t: TestApp;
let bidderApp: FastifyInstance;
let bidderUrl: string;
let token: string;
let mobileId: number;

let auctions = 0;
const appRequest = (bundle: string) => {
  const base = JSON.parse(
    readFileSync(new URL('./fixtures/openrtb/mobile-app-banner.json', import.meta.url), 'utf8'),
  ) as { app: Record<string, unknown> };
  return { ...base, id: `process-lists-${process.pid}-${++auctions}`, app: { ...base.app, bundle } };
};

/** Campaign ids the separate bidder bids with. */
const biddersOf = async (
  body: unknown,
): Promise<{ ids: number[]; bids: BidResponse['seatbid'][number]['bid'] }> => {
  const response = await fetch(`${bidderUrl}/openrtb/2.6/openx`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-openrtb-version': '2.6' },
    body: JSON.stringify(body),
  });
  if (response.status === 204) return { ids: [], bids: [] };
  const bids = ((await response.json()) as BidResponse).seatbid.flatMap((seat) => seat.bid);
  return { ids: bids.map((bid) => Number(bid.cid)), bids };
};

const eventually = async (bundle: string, bids: boolean) => {
  for (let attempt = 0; attempt < 80; attempt++) {
    if ((await biddersOf(appRequest(bundle))).ids.includes(mobileId) === bids) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the bidder process ${bids ? 'never bid' : 'kept bidding'} on ${bundle}`);
};

beforeAll(async () => {
  const app = await startDemoDeliveryApp(redis);
  ({ t, token } = app);
  mobileId = app.campaignIdOf('Mobile App Leaderboard');
  // The same database and Redis as the console, as `npm run bidder` would have.
  const built = await buildBidderApp(testConfig({ ...redis, jwtSecret: t.deps.config.jwtSecret }), {
    db: t.deps.db,
    driver: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    copyRows: t.deps.copyRows,
    close: async () => {},
  });
  bidderApp = built.app;
  await bidderApp.listen({ port: 0, host: '127.0.0.1' });
  bidderUrl = `http://127.0.0.1:${(bidderApp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await bidderApp?.close();
  await t?.close();
});

describe('a bidder process beside the console', () => {
  it('takes inventory-list changes made in the console', async () => {
    await eventually('12345', true);
    const list = dataOf<ApplistDetail>(
      expectOk(
        await t.call('POST', '/api/applists', {
          token,
          body: {
            name: 'Process allow',
            kind: 'APP',
            default_mode: 'ALLOW',
            entries: ['com.example.allowed'],
          },
        }),
      ),
    );
    expectOk(
      await t.call('POST', '/api/campaigns/bulk/inventory', {
        token,
        body: { ids: [mobileId], applist_ids: [list.applist_id], mode: 'ALLOW', op: 'replace' },
      }),
    );
    await eventually('12345', false);
    await eventually('com.example.allowed', true);
    expectOk(
      await t.call('POST', `/api/applists/${list.applist_id}/entries`, { token, body: { add: ['12345'] } }),
    );
    await eventually('12345', true);
  });

  it("shows the console's funds summary the bids the other process waits to hear about", async () => {
    const summary = async () =>
      dataOf<{ pending_spend_micros: number }>(
        expectOk(await t.call('GET', '/api/funds/summary', { token })),
      );
    const before = (await summary()).pending_spend_micros;
    const { bids } = await biddersOf(appRequest('12345'));
    expect(bids).toHaveLength(1);
    // $3.00 CPM: the impression may cost 3,000 micro-units.
    expect((await summary()).pending_spend_micros).toBe(before + 3000);
    await track(bids[0]!.nurl, 1);
    expect((await summary()).pending_spend_micros).toBe(before);
  });
});
