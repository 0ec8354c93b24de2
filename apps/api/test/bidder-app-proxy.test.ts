// A bidder of its own (`npm run bidder`: buildBidderApp) behind a TLS-terminating proxy, without
// TRACKING_BASE_URL: with TRUST_PROXY set, the proxy's `X-Forwarded-Proto: https` makes its tracking
// URLs https, so it bids on a secure imp (imp.secure = 1); without TRUST_PROXY the header is not
// believed, the URLs would be http, and the secure imp gets no bid.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidResponse } from '../src/modules/bidding/bid-response.ts';
import { buildBidderApp } from '../src/modules/bidding/bidder-app.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { startTestApp, type TestApp, testConfig } from './support/test-app.ts';

let t: TestApp;
const bidders: FastifyInstance[] = [];

/** A bidder process's app over the console's database, listening on a free port. */
const startBidder = async (trustProxy: boolean): Promise<string> => {
  const { app } = await buildBidderApp(testConfig({ trustProxy, jwtSecret: t.deps.config.jwtSecret }), {
    db: t.deps.db,
    driver: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    copyRows: t.deps.copyRows,
    close: async () => {},
  });
  bidders.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

let auctions = 0;
/** The specification's simple banner with its imp marked secure, as a fresh auction. */
const secureBanner = () => {
  const request = JSON.parse(
    readFileSync(new URL('./fixtures/openrtb/simple-banner.json', import.meta.url), 'utf8'),
  ) as { imp: Record<string, unknown>[] };
  return {
    ...request,
    id: `proxy-${process.pid}-${++auctions}`,
    imp: request.imp.map((imp) => ({ ...imp, secure: 1 })),
  };
};

/** Posts a secure banner as it arrives through a proxy that terminated TLS. */
const postThroughProxy = (bidderUrl: string) =>
  fetch(`${bidderUrl}/openrtb/2.6/openx`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-openrtb-version': '2.6',
      'x-forwarded-proto': 'https',
    },
    body: JSON.stringify(secureBanner()),
  });

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
});
afterAll(async () => {
  for (const app of bidders) await app.close();
  await t?.close();
});

describe('the bidder process behind a TLS-terminating proxy', () => {
  it('bids on a secure imp with https tracking URLs when TRUST_PROXY is set', async () => {
    const response = await postThroughProxy(await startBidder(true));
    expect(response.status).toBe(200);
    const bids = ((await response.json()) as BidResponse).seatbid.flatMap((seat) => seat.bid);
    expect(bids).toHaveLength(1);
    expect(bids[0]!.nurl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/t\//);
    expect(bids[0]!.adm).toMatch(/https:\/\/127\.0\.0\.1:\d+\/t\//);
    expect(bids[0]!.adm).not.toContain('http://');
  });

  it('does not believe X-Forwarded-Proto without TRUST_PROXY, and passes on the secure imp', async () => {
    const response = await postThroughProxy(await startBidder(false));
    expect(response.status).toBe(204);
  });
});
