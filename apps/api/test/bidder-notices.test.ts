// Who sets an impression's price, through real HTTP: only a notice that carries a real price, the
// billing notice (burl) over the win notice (nurl), and never the impression beacon (it sits in the
// markup). A notice that outranks the billed price reprices the impression: the raw events, the
// rollups and the ledger (the spend in force reversed, the new one posted) all follow. Clicks count
// only after a served impression, conversions once per click and event name, under bounded names.
// An exchange with sealed winning-price keys has its encrypted prices decrypted (Google's scheme).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { deliveryEvents, deliveryHourly } from '../src/db/schema/delivery.ts';
import { ledgerTransfers } from '../src/db/schema/ledger.ts';
import { exchanges } from '../src/db/schema/reference.ts';
import { eventConfigs } from '../src/db/schema/reports.ts';
import {
  MAX_EVENTS_PER_CLICK,
  TOO_MANY_EVENTS_MESSAGE,
  UNKNOWN_EVENT_MESSAGE,
} from '../src/modules/bidding/engagement.ts';
import { PRICE_KEYS_PURPOSE } from '../src/modules/delivery/exchange-price-keys.ts';
import { createSecretBox } from '../src/platform/secret-box.ts';
import { DEMO_DELIVERY_ADVERTISER, seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { dataOf } from './support/accounts.ts';
import {
  auctionOf,
  beaconOf,
  bidOn,
  clickOf,
  freshRequest,
  PRICE_MACRO,
  track,
} from './support/bid-calls.ts';
import { expectLedgerBalanced } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let advertiserToken: string;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  await t.bidder.index.reload();
  advertiserToken = await t.loginAs(DEMO_DELIVERY_ADVERTISER);
});
afterAll(() => t.close());

const balance = async () =>
  dataOf<number>(await t.call('GET', '/api/campaning/getAdvertiserBalance', { token: advertiserToken }));

/** A $2.50 CPM bid on the simple banner (the demo advertiser pays no margin). */
const banner = () => bidOn(t, freshRequest('simple-banner', { at: 2 }));

/** What the impression of a bid costs the advertiser, by its BILLING rows (the first and corrections). */
const billedOf = async (auctionId: string) => {
  const rows = await t.deps.db
    .select({ cost: deliveryEvents.advertiserCostMicros, source: deliveryEvents.priceSource })
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.auctionId, auctionId), eq(deliveryEvents.type, 'BILLING')));
  return { cost: rows.reduce((sum, row) => sum + row.cost, 0), rows: rows.length };
};

/** The spend transfers naming the impression: the batch it was billed in, then its repricings. */
const spendsOf = async (auctionId: string) =>
  t.deps.db
    .select({ kind: ledgerTransfers.kind, cost: ledgerTransfers.advertiserCostMicros })
    .from(ledgerTransfers)
    .where(sql`${ledgerTransfers.reference} like ${`%imp:%:${auctionId}:%`}`)
    .orderBy(ledgerTransfers.id);

describe('the price of a billed impression', () => {
  it('is not set by a billing notice whose macro was never substituted: the win notice prices it', async () => {
    const bid = await banner();
    const before = await balance();
    // The exchange called the burl without substituting ${AUCTION_PRICE}: the bid is billed for now.
    expect(
      (await track(bid.burl.replace(`price=${PRICE_MACRO}`, `price=${encodeURIComponent(PRICE_MACRO)}`)))
        .status,
    ).toBe(204);
    expect(await balance()).toBe(before - 2500);
    // The win notice brings the second price: the impression costs that.
    expect((await track(bid.nurl, 1.2)).status).toBe(204);
    expect(await balance()).toBe(before - 1200);
    expect((await billedOf(auctionOf(bid))).cost).toBe(1200);
    // In the ledger: the bid's cost, then the difference given back (no transfer is reversed).
    expect(await spendsOf(auctionOf(bid))).toEqual([
      { kind: 'SPEND', cost: 2500n },
      { kind: 'SPEND', cost: -1300n },
    ]);
    await expectLedgerBalanced(t);
  });

  it('takes the billing notice over the win notice, whichever comes first', async () => {
    const first = await banner();
    let before = await balance();
    await track(first.nurl, 1);
    await track(first.burl, 1.25);
    // A win notice after the billing notice changes nothing.
    await track(first.nurl, 0.5);
    expect(await balance()).toBe(before - 1250);
    expect((await billedOf(auctionOf(first))).cost).toBe(1250);

    const second = await banner();
    before = await balance();
    await track(second.burl, 1.25);
    await track(second.nurl, 1);
    expect(await balance()).toBe(before - 1250);
    // The same price again from the billing notice: nothing to correct, no row, no ledger movement.
    const third = await banner();
    await track(third.nurl, 2);
    await track(third.burl, 2);
    expect(await billedOf(auctionOf(third))).toEqual({ cost: 2000, rows: 1 });
    expect(await spendsOf(auctionOf(third))).toHaveLength(1);
  });

  it('writes an impression once when its win and billing notices come together at one price', async () => {
    const bid = await banner();
    const before = await balance();
    // Count what reaches the event recorder (the money lane's writes), each write held 100 ms as on a
    // busy database, so the later notices come while the first one's write is in flight.
    const record = t.bidder.recorder.record;
    let billingWrites = 0;
    t.bidder.recorder.record = async (events) => {
      if (events.some((event) => event.type === 'BILLING')) billingWrites++;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return record(events);
    };
    try {
      const answers = await Promise.all([track(bid.nurl, 1.5), track(bid.burl, 1.5), track(bid.burl, 1.5)]);
      expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204]);
    } finally {
      t.bidder.recorder.record = record;
    }
    // The first notice wrote it; the others waited for that write and found nothing to change.
    expect(billingWrites).toBe(1);
    expect(await billedOf(auctionOf(bid))).toEqual({ cost: 1500, rows: 1 });
    expect(await balance()).toBe(before - 1500);
  });

  it('never lets the impression beacon set the price (the URL is in the markup)', async () => {
    const bid = await banner();
    expect(beaconOf(bid)).not.toContain('price=');
    const before = await balance();
    // Someone adds ?price=0 to the beacon: the impression is billed at the bid, not for free.
    expect((await track(`${beaconOf(bid)}?price=0`)).status).toBe(200);
    expect(await balance()).toBe(before - 2500);
    await track(bid.nurl, 0.8);
    expect(await balance()).toBe(before - 800);
  });

  it.each([
    ['a negative price', '-1'],
    ['a price above the bid', '99'],
    ['a number that is not a plain decimal', '1e0'],
    ['text', 'abc'],
    ['nothing', ''],
  ])('does not take %s as the price, and a later real price sets it', async (_name, price) => {
    const bid = await banner();
    const before = await balance();
    await track(bid.nurl, price);
    expect(await balance()).toBe(before - 2500);
    await track(bid.burl, 2.1);
    expect(await balance()).toBe(before - 2100);
  });

  it('keeps the hourly rollups equal to the raw events through the corrections', async () => {
    await t.bidder.recorder.flush();
    const [raw] = await t.deps.db
      .select({ cost: sql<number>`coalesce(sum(advertiser_cost_micros), 0)::int` })
      .from(deliveryEvents)
      .where(inArray(deliveryEvents.type, ['BILLING']));
    const [rolled] = await t.deps.db
      .select({ cost: sql<number>`coalesce(sum(advertiser_cost_micros), 0)::int` })
      .from(deliveryHourly);
    expect(rolled).toEqual(raw);
    await expectLedgerBalanced(t);
  });
});

describe('the price of an exchange that encrypts it', () => {
  // Google's published example keys and encrypted prices ("Decrypt price confirmations",
  // https://developers.google.com/authorized-buyers/rtb/response-guide/decrypt-price): the value
  // below is 2700 micros, $0.0027 CPM, so the impression costs 3 micro-units.
  const GOOGLE_KEYS = {
    encryptionKey: 'skU7Ax_NL5pPAFyKdkfZjZz2-VhIN8bjj1rVFOaJ_5o=',
    integrityKey: 'arO23ykdNqUQ5LEoQ0FVmPkBd7xB5CO89PDZlSjpFxo=',
  };
  const ENCRYPTED_2700 = 'YWJjMTIzZGVmNDU2Z2hpN7fhCuPemC32prpWWw';

  beforeAll(async () => {
    const box = await createSecretBox(t.deps.config.jwtSecret, PRICE_KEYS_PURPOSE);
    await t.deps.db
      .update(exchanges)
      .set({ priceKeysSealed: await box.seal(GOOGLE_KEYS) })
      .where(eq(exchanges.key, 'openx'));
    await t.bidder.index.reload();
  });

  it('bills the price a win notice carries encrypted under the exchange keys', async () => {
    const bid = await banner();
    const before = await balance();
    expect((await track(bid.nurl, ENCRYPTED_2700)).status).toBe(204);
    expect(await balance()).toBe(before - 3);
    expect((await billedOf(auctionOf(bid))).cost).toBe(3);
  });

  it('sets no price from an encrypted value whose signature does not match: the bid is billed', async () => {
    const bid = await banner();
    const before = await balance();
    const tampered = Buffer.from(ENCRYPTED_2700, 'base64url');
    tampered[27] = tampered[27]! ^ 0x01;
    expect((await track(bid.nurl, tampered.toString('base64url'))).status).toBe(204);
    expect(await balance()).toBe(before - 2500);
  });

  it('still reads a plain decimal price from that exchange', async () => {
    const bid = await banner();
    const before = await balance();
    expect((await track(bid.nurl, 1.2)).status).toBe(204);
    expect(await balance()).toBe(before - 1200);
  });
});

describe('clicks and conversions', () => {
  const clicksOf = async (auctionId: string) =>
    (
      await t.deps.db
        .select({ id: deliveryEvents.id })
        .from(deliveryEvents)
        .where(and(eq(deliveryEvents.auctionId, auctionId), eq(deliveryEvents.type, 'CLICK')))
    ).length;
  const postback = (clickUrl: string, event: string) =>
    t.call('GET', '/api/postback', { query: { click_id: clickUrl.split('/t/click/')[1]!, event } });

  it('counts a click only after a served impression of the same bid', async () => {
    const bid = await banner();
    // Clicked before any impression: the browser still lands, nothing is counted or converts.
    expect((await track(clickOf(bid))).status).toBe(302);
    expect(await clicksOf(auctionOf(bid))).toBe(0);
    expect((await postback(clickOf(bid), 'event1')).status).toBe(404);
    await track(beaconOf(bid));
    expect((await track(clickOf(bid))).status).toBe(302);
    expect(await clicksOf(auctionOf(bid))).toBe(1);
  });

  it('does not count a click of an auction the exchange reported lost', async () => {
    const bid = await banner();
    expect((await track(bid.lurl)).status).toBe(204);
    await track(beaconOf(bid));
    expect((await track(clickOf(bid))).status).toBe(302);
    expect(await clicksOf(auctionOf(bid))).toBe(0);
  });

  it(`converts a click under at most ${MAX_EVENTS_PER_CLICK} event names, each once`, async () => {
    const bid = await banner();
    await track(bid.nurl, 1);
    await track(clickOf(bid));
    for (let n = 1; n <= MAX_EVENTS_PER_CLICK; n++)
      expect(dataOf(await postback(clickOf(bid), `event${n}`))).toMatchObject({ counted: true });
    expect(dataOf(await postback(clickOf(bid), 'event1'))).toMatchObject({ counted: false });
    const over = await postback(clickOf(bid), 'event_signup');
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(TOO_MANY_EVENTS_MESSAGE);
  });

  it("converts only under the account's active events once it configured some", async () => {
    const bid = await banner();
    await track(bid.nurl, 1);
    await track(clickOf(bid));
    const [campaign] = await t.deps.db
      .select({ advertiserId: campaigns.advertiserId })
      .from(campaigns)
      .where(eq(campaigns.id, Number(bid.cid)));
    const advertiserId = campaign!.advertiserId;
    await t.deps.db.insert(eventConfigs).values([
      { userId: advertiserId, key: 'event_signup', eventName: 'Sign-up', position: 1 },
      { userId: advertiserId, key: 'event2', eventName: 'Old', eventStatus: 'INACTIVE', position: 2 },
    ]);
    try {
      for (const event of ['event1', 'event2']) {
        const refused = await postback(clickOf(bid), event);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(UNKNOWN_EVENT_MESSAGE);
      }
      expect(dataOf(await postback(clickOf(bid), 'event_signup'))).toMatchObject({ counted: true });
    } finally {
      await t.deps.db.delete(eventConfigs).where(eq(eventConfigs.userId, advertiserId));
    }
  });
});
