// The OpenRTB 2.6 specification's example requests the API tests use (apps/api/test/fixtures/openrtb).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const openrtbFixture = (name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../apps/api/test/fixtures/openrtb/${name}.json`, import.meta.url)),
      'utf8',
    ),
  ) as Record<string, unknown>;

/** The macro a win notice's price replaces, written so that no template literal reads it. */
export const PRICE_MACRO = ['$', '{AUCTION_PRICE}'].join('');

export type WonBid = { cid: string; nurl: string; adm: string };

/**
 * An exchange's bid request (the specification's simple banner, `id` its id) answered with a bid on a
 * demo campaign. A busy machine's bidder answers some requests "no bid" at its door (load shedding,
 * tmax: bid-admission.ts) as an exchange would want; the request is then sent again, as an exchange
 * sends the next one, a few times before the test fails.
 */
export const wonBid = async (baseURL: string, id: string): Promise<WonBid> => {
  const request = openrtbFixture('simple-banner');
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${baseURL}/openrtb/2.6/openx`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-openrtb-version': '2.6' },
      body: JSON.stringify({ ...request, id: `${id}-${attempt}` }),
    });
    if (response.status === 200) {
      return ((await response.json()) as { seatbid: { bid: WonBid[] }[] }).seatbid[0]!.bid[0]!;
    }
    await response.arrayBuffer();
    if (response.status !== 204 || attempt === 10) {
      throw new Error(`the bid request got ${response.status} ${attempt} time(s), never a bid`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};
