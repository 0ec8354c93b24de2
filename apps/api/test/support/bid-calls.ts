// What bidder tests do over HTTP: post the OpenRTB specification's example requests (with fresh
// auction ids) to a test app, take the bid of an answer, and call its tracking URLs as an exchange
// or a browser would.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import type { BidResponse, ResponseBid } from '../../src/modules/bidding/bid-response.ts';
import type { TestApp } from './test-app.ts';

/** The OpenRTB macros, as exchanges find them in our URLs. */
export const PRICE_MACRO = ['$', '{AUCTION_PRICE}'].join('');
export const LOSS_MACRO = ['$', '{AUCTION_LOSS}'].join('');

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../fixtures/openrtb/${name}.json`, import.meta.url), 'utf8'));

/** A fixture with a fresh auction id (each auction is billed once; tests must not share one). */
let auctions = 0;
export const freshRequest = (
  name: string,
  patch: Record<string, unknown> = {},
): Record<string, unknown> & { id: string } => ({
  ...fixture(name),
  id: `${name}-${process.pid}-${Date.now()}-${++auctions}`,
  ...patch,
});

export const postBid = (t: TestApp, body: unknown, exchange = 'openx') =>
  t.call('POST', `/openrtb/2.6/${exchange}`, { body, headers: { 'x-openrtb-version': '2.6' } });

export const onlyBid = (response: BidResponse): ResponseBid => {
  expect(response.seatbid).toHaveLength(1);
  expect(response.seatbid[0]!.bid).toHaveLength(1);
  return response.seatbid[0]!.bid[0]!;
};

/** Posts a request and answers its one bid. */
export const bidOn = async (t: TestApp, body: unknown, exchange = 'openx') =>
  onlyBid((await postBid(t, body, exchange)).body as unknown as BidResponse);

/** Calls a tracking URL of a bid with the exchange's macros filled in (the price as given). */
export const track = (url: string, price?: number | string) => {
  const filled = url
    .replaceAll(PRICE_MACRO, price === undefined ? '' : String(price))
    .replaceAll(LOSS_MACRO, '102');
  return fetch(filled, { redirect: 'manual' });
};

/** The impression beacon of a banner's markup. */
export const beaconOf = (bid: ResponseBid) =>
  bid.adm.match(/src="([^"]*\/t\/imp\/[^"]*)"/)![1]!.replaceAll('&amp;', '&');

/** The click redirect of a banner's markup. */
export const clickOf = (bid: ResponseBid) => bid.adm.match(/href="([^"]*\/t\/click\/[^"]*)"/)![1]!;

/** The auction id a bid's tracking token carries. */
export const auctionOf = (bid: ResponseBid) => {
  const token = bid.nurl.match(/\/t\/win\/([^.]+)\./)![1]!;
  return (JSON.parse(Buffer.from(token, 'base64url').toString()) as unknown[])[1] as string;
};

/** The campaigns a bidder at `baseUrl` (the console or a bidder process) bids with on `body`. */
export const campaignsBidding = async (baseUrl: string, body: unknown, exchange = 'openx') => {
  const response = await fetch(`${baseUrl}/openrtb/2.6/${exchange}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-openrtb-version': '2.6' },
    body: JSON.stringify(body),
  });
  if (response.status === 204) return [];
  const answer = (await response.json()) as BidResponse;
  return answer.seatbid.flatMap((seat) => seat.bid.map((bid) => Number(bid.cid)));
};

/**
 * Asks the bidder at `baseUrl` again and again until it bids with `campaignId` (`bids` true) or no
 * longer does; answers how long that took (ms), or throws after `timeoutMs`.
 */
export const timeUntilBidding = async (
  baseUrl: string,
  request: () => unknown,
  campaignId: number,
  bids: boolean,
  timeoutMs = 10_000,
): Promise<number> => {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if ((await campaignsBidding(baseUrl, request())).includes(campaignId) === bids) {
      return performance.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${baseUrl} ${bids ? 'never bid' : 'kept bidding'} with campaign ${campaignId}`);
};

/** A bid request over node:http with exactly this body and these headers (gzip bodies and answers). */
export const rawPostBid = (t: TestApp, body: Buffer, headers: Record<string, string>, exchange = 'openx') =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      new URL(`/openrtb/2.6/${exchange}`, t.baseUrl),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
