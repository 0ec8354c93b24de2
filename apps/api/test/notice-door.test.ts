// Win and billing notices are answered at the server's door (notice-door.ts), in front of Fastify:
// the same answer as the route (204, no-store, the console's security headers), the same billing,
// and the API's error answer when the notice cannot be made durable. What the door does not take
// exactly as the route would (a token that does not verify, an escaped or repeated price, any
// other method or kind of tracking) goes on to the route.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import { installNoticeDoor } from '../src/modules/bidding/notice-door.ts';
import { GENERIC_ERROR_MESSAGE } from '../src/platform/errors.ts';
import { bidOn, freshRequest, PRICE_MACRO, track } from './support/bid-calls.ts';
import { startDemoDeliveryApp } from './support/demo-delivery-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await startDemoDeliveryApp());
});
afterAll(() => t.close());

/** A $2.50 CPM bid on the simple banner (the demo advertiser pays no margin). */
const banner = () => bidOn(t, freshRequest('simple-banner', { at: 2 }));

/** The advertiser's cost of each BILLING row of an auction (the first, then any corrections). */
const billingOfAuction = async (auctionId: string) =>
  t.deps.db
    .select({ cost: deliveryEvents.advertiserCostMicros })
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.auctionId, auctionId), eq(deliveryEvents.type, 'BILLING')));

const tokenOf = (url: string) => url.match(/\/t\/(?:win|bill)\/([^?]+)/)![1]!;
const auctionIdOf = (bid: { nurl: string }) => t.bidder.signer.verify(tokenOf(bid.nurl))!.auctionId;

describe('a notice at the door', () => {
  it('is answered 204 with no-store and the security headers, and bills once', async () => {
    const bid = await banner();
    const win = await track(bid.nurl, 1.37);
    expect(win.status).toBe(204);
    expect(win.headers.get('cache-control')).toBe('no-store');
    expect(win.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await track(bid.burl, 1.37)).status).toBe(204);
    // $1.37 CPM: 1,370 micro-units, once for the win and the billing notice together.
    expect(await billingOfAuction(auctionIdOf(bid))).toEqual([{ cost: 1370 }]);
  });

  it('bills a price the door leaves to the route (escaped) exactly as one it takes itself', async () => {
    const atDoor = await banner();
    const atRoute = await banner();
    expect((await track(atDoor.nurl, '1.25')).status).toBe(204);
    expect((await track(atRoute.nurl, '1%2E25')).status).toBe(204);
    expect(await billingOfAuction(auctionIdOf(atDoor))).toEqual([{ cost: 1250 }]);
    expect(await billingOfAuction(auctionIdOf(atRoute))).toEqual([{ cost: 1250 }]);
  });

  it("gets the API's error answer when it cannot be made durable, and nothing is billed", async () => {
    const bid = await banner();
    const write = t.bidder.notices.write;
    t.bidder.notices.write = () => Promise.reject(new Error('the disk is gone'));
    try {
      const answer = await track(bid.nurl, 1.1);
      expect(answer.status).toBe(500);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.json()).toEqual({
        success: false,
        message: GENERIC_ERROR_MESSAGE,
        error_code: 500,
      });
    } finally {
      t.bidder.notices.write = write;
    }
    expect(await billingOfAuction(auctionIdOf(bid))).toEqual([]);
    // The exchange sends it again once the bidder can write: billed then.
    expect((await track(bid.nurl, 1.1)).status).toBe(204);
    expect(await billingOfAuction(auctionIdOf(bid))).toEqual([{ cost: 1100 }]);
  });
});

describe('what the door passes on', () => {
  // The door alone in front of a handler that answers 418: whatever reaches the handler was passed.
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((_request, response) => response.writeHead(418).end());
    installNoticeDoor(server, t.deps.db, t.bidder, { onError: () => undefined });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('takes a signed win or billing notice with a plain price, or none', async () => {
    const bid = await banner();
    const token = tokenOf(bid.nurl);
    expect((await fetch(`${base}/t/win/${token}?price=1.05`)).status).toBe(204);
    expect((await fetch(`${base}/t/bill/${token}/?price=1.05&x=1`)).status).toBe(204);
    const other = await banner();
    expect((await fetch(`${base}/t/win/${tokenOf(other.nurl)}`)).status).toBe(204);
    expect(await billingOfAuction(auctionIdOf(bid))).toEqual([{ cost: 1050 }]);
    // No price: the bid is billed.
    expect(await billingOfAuction(auctionIdOf(other))).toEqual([{ cost: 2500 }]);
  });

  it('passes on what the route answers its own way, and bills none of it', async () => {
    const bid = await banner();
    const token = tokenOf(bid.nurl);
    const [payload] = token.split('.') as [string, string];
    for (const [path, method] of [
      [`/t/win/${payload}.AAAAAAAAAAAAAAAAAAAAAA?price=1`, 'GET'],
      [`/t/win/${token}?price=1%2E5`, 'GET'],
      [`/t/win/${token}?price=1&price=2`, 'GET'],
      [`/t/win/${token}?pr%69ce=1`, 'GET'],
      [`/t/win/${token}?price=${encodeURIComponent(PRICE_MACRO)}`, 'GET'],
      [`/t/win/${token}?price=1`, 'HEAD'],
      [`/t/imp/${token}`, 'GET'],
      [`/t/win/${token}x${'A'.repeat(1024)}?price=1`, 'GET'],
    ] as const) {
      expect((await fetch(`${base}${path}`, { method })).status, `${method} ${path}`).toBe(418);
    }
    expect(await billingOfAuction(auctionIdOf(bid))).toEqual([]);
  });
});
