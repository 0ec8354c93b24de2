// The built-in bidder through real HTTP: the OpenRTB 2.6 specification's example
// requests get bids from the demo campaigns, bad requests 400 with nbr, unknown exchanges 404,
// nothing fitting 204; the win notice bills the advertiser exactly once; tracking links are signed.
import { localMidnightMs, readLocalClock } from '@console/core/time/zoned-time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import {
  deliveryDailyInventory,
  deliveryEvents,
  deliveryHourly,
  deliveryHourlyPending,
} from '../src/db/schema/delivery.ts';
import { userConfigs } from '../src/db/schema/users.ts';
import type { BidResponse } from '../src/modules/bidding/bid-response.ts';
import { loadIndexSnapshot } from '../src/modules/bidding/campaign-index.ts';
import { createMemoryDeliveryState } from '../src/modules/bidding/delivery-state.ts';
import { createListCache } from '../src/modules/bidding/list-cache.ts';
import {
  campaignTotalsDrift,
  foldPendingRollups,
  rewriteCampaignTotals,
} from '../src/modules/delivery/rollups.ts';
import { DEMO_DEAL_ID, DEMO_DELIVERY_ADVERTISER, seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { dataOf } from './support/accounts.ts';
import {
  auctionOf,
  beaconOf,
  clickOf,
  freshRequest,
  LOSS_MACRO,
  onlyBid,
  PRICE_MACRO,
  postBid as postBidTo,
  track,
} from './support/bid-calls.ts';
import { midSlotClock } from './support/bidder-clock.ts';
import { bookSpend, creditAccount } from './support/ledger-fixtures.ts';
import { FULL_CONSENT, OTHER_TCF_VENDOR_ID, TEST_TCF_VENDOR_ID, tcStringOf } from './support/tc-strings.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let advertiserToken: string;
let campaignIdByName: Map<string, number>;

beforeAll(async () => {
  // Even pacing lets only a few impressions through at a 10-minute slot's opening: the bids here
  // come in the middle of one, whatever the time of day.
  t = await startTestApp({ tcfVendorId: TEST_TCF_VENDOR_ID }, { now: midSlotClock() });
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  await t.bidder.index.reload();
  advertiserToken = await t.loginAs(DEMO_DELIVERY_ADVERTISER);
  const rows = await t.deps.db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns);
  campaignIdByName = new Map(rows.map((row) => [row.name, row.id]));
});
afterAll(() => t.close());

const postBid = (body: unknown, exchange = 'openx') => postBidTo(t, body, exchange);

const balance = async () =>
  dataOf<number>(await t.call('GET', '/api/campaning/getAdvertiserBalance', { token: advertiserToken }));

describe('POST /openrtb/2.6/:exchange_key with the specification examples', () => {
  it('bids on the simple banner (first price) with a complete BidResponse', async () => {
    const request = freshRequest('simple-banner');
    const result = await postBid(request);
    expect(result.status).toBe(200);
    expect(result.headers['x-openrtb-version']).toBe('2.6');
    const response = result.body as unknown as BidResponse;
    expect(response.id).toBe(request.id);
    expect(response.cur).toBe('USD');
    const bid = onlyBid(response);
    expect(bid.impid).toBe('1');
    expect(bid.price).toBe(2.5);
    expect(bid.cid).toBe(String(campaignIdByName.get('Open Web Display')));
    expect(bid).toMatchObject({
      w: 300,
      h: 250,
      mtype: 1,
      adomain: ['tailspin-travel.example'],
      cat: ['IAB20'],
    });
    expect(bid.crid).toMatch(/^\d+$/);
    for (const url of [bid.nurl, bid.burl, bid.lurl]) expect(url).toContain(PRICE_MACRO);
    expect(bid.lurl).toContain(LOSS_MACRO);
    // Banner HTML: the creative's image, a click redirect through us, our impression beacon.
    expect(bid.adm).toMatch(
      /<img src="http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f-]+\.png" width="300" height="250"/,
    );
    expect(bid.adm).toContain(`${t.baseUrl}/t/click/`);
    expect(bid.adm).toContain(`${t.baseUrl}/t/imp/`);
  });

  it('bids on the expandable banner (second price, battr 13 leaves the image creative eligible)', async () => {
    const bid = onlyBid((await postBid(freshRequest('expandable-banner'))).body as unknown as BidResponse);
    expect(bid).toMatchObject({ w: 300, h: 250, cid: String(campaignIdByName.get('Open Web Display')) });
  });

  it('bids on the mobile app banner above its floor, past its bcat and badv', async () => {
    const result = await postBid(freshRequest('mobile-app-banner'));
    expect(result.status).toBe(200);
    const bid = onlyBid(result.body as unknown as BidResponse);
    expect(bid).toMatchObject({
      w: 728,
      h: 90,
      price: 3,
      cid: String(campaignIdByName.get('Mobile App Leaderboard')),
    });
    expect(bid.price).toBeGreaterThanOrEqual(0.5);
  });

  it('bids on the video request with VAST inline (the imp allows VAST 2 and 3: 3.0)', async () => {
    const bid = onlyBid((await postBid(freshRequest('video'))).body as unknown as BidResponse);
    expect(bid).toMatchObject({ mtype: 2, dur: 15, w: 640, h: 480, price: 8 });
    expect(bid.adm).toContain('<VAST version="3.0">');
    expect(bid.adm).toContain('<MediaFile delivery="progressive" type="video/mp4" width="640" height="480">');
    for (const event of ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'])
      expect(bid.adm).toContain(`<Tracking event="${event}">`);
    expect(bid.adm).toMatch(/<Impression><!\[CDATA\[http:\/\/127\.0\.0\.1:\d+\/t\/imp\//);
    expect(bid.adm).toMatch(/<ClickThrough><!\[CDATA\[http:\/\/127\.0\.0\.1:\d+\/t\/click\//);
  });

  it('answers VAST 4 when the imp lists protocol 7', async () => {
    const request = freshRequest('video');
    (request.imp as { video: { protocols: number[] } }[])[0]!.video.protocols = [2, 3, 7];
    const bid = onlyBid((await postBid(request)).body as unknown as BidResponse);
    expect(bid.adm).toContain('<VAST version="4.0" xmlns="http://www.iab.com/VAST">');
    expect(bid.adm).toContain('<UniversalAdId idRegistry="unknown" idValue="unknown">');
  });

  it('bids on the PMP deal it carries, at the deal floor, with the deal id, in our own seat', async () => {
    const request = freshRequest('pmp-direct-deal');
    const [imp] = request.imp as { pmp: { deals: { wseat: string[] }[] } }[];
    imp!.pmp.deals[0]!.wseat = ['Agency1', 'console'];
    const response = (await postBid(request)).body as unknown as BidResponse;
    const bid = onlyBid(response);
    expect(bid.dealid).toBe(DEMO_DEAL_ID);
    expect(bid.price).toBeGreaterThanOrEqual(2.5);
    expect(response.seatbid[0]!.seat).toBe('console');
  });

  it('bids into a deal with wadomain only with a creative of an advertiser domain it allows', async () => {
    const withDomains = (wadomain: string[]) => {
      const request = freshRequest('pmp-direct-deal');
      const [imp] = request.imp as { pmp: { deals: { wseat?: string[]; wadomain?: string[] }[] } }[];
      imp!.pmp.deals[0]!.wseat = ['console'];
      imp!.pmp.deals[0]!.wadomain = wadomain;
      return request;
    };
    // The deal campaign's ads are Tailspin Travel's: a deal for another advertiser's domain gets no
    // bid (a private auction: no open bid either).
    expect((await postBid(withDomains(['contoso-motors.example']))).status).toBe(204);
    const allowed = onlyBid(
      (await postBid(withDomains(['contoso-motors.example', 'tailspin-travel.example'])))
        .body as unknown as BidResponse,
    );
    expect(allowed.dealid).toBe(DEMO_DEAL_ID);
    expect(allowed.adomain).toEqual(['tailspin-travel.example']);
    // A parent domain allows its subdomains' ads, as badv blocks them; a subdomain does not allow the parent.
    expect((await postBid(withDomains(['example']))).status).toBe(200);
    expect((await postBid(withDomains(['eu.tailspin-travel.example']))).status).toBe(204);
  });

  it("does not bid into the specification's deal, whose wseat names another buyer's seat", async () => {
    expect((await postBid(freshRequest('pmp-direct-deal'))).status).toBe(204);
  });

  it('answers an IAB Native 1.2 response to a native imp', async () => {
    const nativeRequest = {
      ver: '1.2',
      assets: [
        { id: 1, required: 1, title: { len: 90 } },
        { id: 2, required: 1, img: { type: 3, wmin: 600, hmin: 300 } },
        { id: 3, required: 0, data: { type: 2, len: 140 } },
        { id: 4, required: 1, data: { type: 1 } },
      ],
    };
    const request = freshRequest('simple-banner', {
      imp: [{ id: '7', bidfloor: 0.01, native: { ver: '1.2', request: JSON.stringify(nativeRequest) } }],
    });
    const bid = onlyBid((await postBid(request)).body as unknown as BidResponse);
    expect(bid.mtype).toBe(4);
    const native = JSON.parse(bid.adm) as {
      ver: string;
      assets: {
        id: number;
        title?: { text: string };
        img?: { url: string; w: number };
        data?: { value: string };
      }[];
      link: { url: string };
      eventtrackers?: unknown;
      imptrackers: string[];
    };
    expect(native.ver).toBe('1.2');
    expect(native.assets.map((asset) => asset.id)).toEqual([1, 2, 3, 4]);
    expect(native.assets[0]!.title!.text).toBe('Weekend escapes from $199');
    expect(native.assets[1]!.img!.w).toBe(1200);
    expect(native.assets[3]!.data!.value).toBe('Tailspin Travel');
    expect(native.link.url).toContain('/t/click/');
    // The request offers no event trackers: the impression pixel goes in 1.2's imptrackers.
    expect(native.eventtrackers).toBeUndefined();
    expect(native.imptrackers[0]).toContain('/t/imp/');
  });
});

describe('no bid, bad requests, unknown exchanges', () => {
  it('answers 204 with no body when nothing fits', async () => {
    const request = freshRequest('simple-banner', { imp: [{ id: '1', banner: { w: 970, h: 250 } }] });
    const result = await postBid(request);
    expect(result.status).toBe(204);
    expect(result.body).toEqual({ raw: '' });
  });

  it('answers 204 when bcat blocks the ads, badv their domain, or the floor is above every max bid', async () => {
    expect((await postBid(freshRequest('simple-banner', { bcat: ['IAB20'] }))).status).toBe(204);
    expect((await postBid(freshRequest('simple-banner', { badv: ['tailspin-travel.example'] }))).status).toBe(
      204,
    );
    const expensive = freshRequest('simple-banner', {
      imp: [{ id: '1', bidfloor: 50, banner: { w: 300, h: 250 } }],
    });
    expect((await postBid(expensive)).status).toBe(204);
  });

  it('answers 204 when our seat is blocked (bseat) or not allowed (wseat), or the currency is not USD', async () => {
    expect((await postBid(freshRequest('simple-banner', { bseat: ['console'] }))).status).toBe(204);
    expect((await postBid(freshRequest('simple-banner', { wseat: ['someone-else'] }))).status).toBe(204);
    expect((await postBid(freshRequest('simple-banner', { cur: ['EUR'] }))).status).toBe(204);
  });

  it('keeps a private auction to the campaigns that carry one of its deals', async () => {
    const request = freshRequest('pmp-direct-deal');
    (request.imp as { pmp: { deals: { id: string }[] } }[])[0]!.pmp.deals = [{ id: 'SOMEONE-ELSES-DEAL' }];
    expect((await postBid(request)).status).toBe(204);
  });

  it.each([
    [{ imp: [{ id: '1', banner: { w: 300, h: 250 } }] }, 'The bid request has no id.'],
    [{ id: 'x' }, 'The bid request has no imp.'],
    [{ id: 'x', imp: [] }, 'The bid request has no imp.'],
    [{ id: 'x', imp: [{ id: '1' }] }, 'imp[0] has none of banner, video, native or audio.'],
    [{ id: 'x', imp: [{ id: '1', bidfloor: 'cheap', banner: {} }] }, /^imp\[0\]\.bidfloor: /],
  ])('answers 400 with a reason and nbr 2 for %j', async (body, reason) => {
    const result = await postBid(body);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ success: false, error_code: 400, nbr: 2 });
    expect(result.body.message).toMatch(reason);
  });

  it('answers 400 with nbr 2 for a body that is not JSON', async () => {
    const result = await t.call('POST', '/openrtb/2.6/openx', {
      rawBody: '{"id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ nbr: 2, error_code: 400 });
  });

  it('answers 404 for an exchange that does not exist', async () => {
    const result = await postBid(freshRequest('simple-banner'), 'no-such-exchange');
    expect(result.status).toBe(404);
    expect(result.body.message).toBe('Unknown exchange: no-such-exchange.');
  });
});

describe('win notices, billing and tracking', () => {
  it('bills the clearing price once: nurl, burl and the beacon together debit it exactly once', async () => {
    const bid = onlyBid((await postBid(freshRequest('simple-banner'))).body as unknown as BidResponse);
    const before = await balance();
    expect((await track(bid.nurl, 1.37)).status).toBe(204);
    // $1.37 CPM -> 1,370 micro-units for the impression (the demo advertiser has no margin).
    expect(await balance()).toBe(before - 1370);
    expect((await track(bid.nurl, 1.37)).status).toBe(204);
    expect((await track(bid.burl, 1.37)).status).toBe(204);
    const beacon = await track(beaconOf(bid));
    expect(beacon.status).toBe(200);
    expect(beacon.headers.get('content-type')).toBe('image/gif');
    expect(await balance()).toBe(before - 1370);
    const counted = await t.deps.db
      .select({ type: deliveryEvents.type, cost: deliveryEvents.advertiserCostMicros })
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.auctionId, auctionOf(bid)), sql`type <> 'BID'`));
    expect(counted.map((row) => row.type).sort()).toEqual(['BILLING', 'IMPRESSION', 'WIN']);
  });

  it('never bills more than the bid, and bills the bid when the exchange leaves the macro unfilled', async () => {
    const first = onlyBid((await postBid(freshRequest('simple-banner'))).body as unknown as BidResponse);
    let before = await balance();
    await track(first.nurl, 99);
    expect(await balance()).toBe(before - 2500);
    const second = onlyBid((await postBid(freshRequest('simple-banner'))).body as unknown as BidResponse);
    before = await balance();
    await fetch(second.nurl);
    expect(await balance()).toBe(before - 2500);
  });

  it('applies the advertiser margin from the user config to the cost', async () => {
    const [advertiser] = await t.deps.db
      .select({ userId: userConfigs.userId })
      .from(userConfigs)
      .innerJoin(campaigns, eq(campaigns.advertiserId, userConfigs.userId))
      .where(eq(campaigns.name, 'Open Web Display'));
    await t.deps.db
      .update(userConfigs)
      .set({ marginBps: 1500 })
      .where(eq(userConfigs.userId, advertiser!.userId));
    await t.bidder.index.reload();
    try {
      const bid = onlyBid((await postBid(freshRequest('simple-banner'))).body as unknown as BidResponse);
      const before = await balance();
      await track(bid.nurl, 2);
      // $2.00 CPM: 2,000 micro-units of media, 15% on top.
      expect(await balance()).toBe(before - 2300);
    } finally {
      await t.deps.db
        .update(userConfigs)
        .set({ marginBps: 0 })
        .where(eq(userConfigs.userId, advertiser!.userId));
      await t.bidder.index.reload();
    }
  });

  it("adds the agency's margin to its advertiser's cost, and the index follows a change of it", async () => {
    const adminToken = await t.loginAs('admin@demo.test');
    const agency = await t.call('POST', '/api/admin/users', {
      token: adminToken,
      body: {
        role: 'AGENCY',
        email: `margin-agency-${process.pid}-${Date.now()}@demo.test`,
        password: 'Agency-Margin-2026!',
        firstName: 'Margin',
        lastName: 'Agency',
        companyName: 'Margin Agency',
      },
    });
    expect(agency.status, JSON.stringify(agency.body)).toBe(200);
    const agencyId = dataOf<{ user_primary_id: number }>(agency).user_primary_id;
    const advertiserId = (
      await t.deps.db
        .select({ id: campaigns.advertiserId })
        .from(campaigns)
        .where(eq(campaigns.name, 'Open Web Display'))
    )[0]!.id;
    const campaignId = campaignIdByName.get('Open Web Display')!;
    const setAgencyMargin = async (marginBps: number) => {
      const path = `/api/admin/users/${agencyId}/config`;
      const config = dataOf<Record<string, unknown>>(await t.call('GET', path, { token: adminToken }));
      const saved = await t.call('PUT', path, {
        token: adminToken,
        body: { ...config, margin_bps: marginBps },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    const assign = async (agency_id: number | null) => {
      const result = await t.call('POST', '/api/admin/assign-advertiser', {
        token: adminToken,
        body: { advertiser_id: advertiserId, agency_id },
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    };
    /** The index reloads on its own after a user change (no reload called here). */
    const indexedMargin = () => t.bidder.index.current().campaignById.get(campaignId)?.marginBps;
    await assign(agencyId);
    try {
      await setAgencyMargin(1500);
      await vi.waitFor(() => expect(indexedMargin()).toBe(1500), { timeout: 5000 });
      const bid = onlyBid((await postBid(freshRequest('simple-banner'))).body as unknown as BidResponse);
      const before = await balance();
      await track(bid.nurl, 2);
      // $2.00 CPM: 2,000 micro-units of media; the advertiser has no margin of its own, its agency 15%.
      expect(await balance()).toBe(before - 2300);
      const [billing] = await t.deps.db
        .select({ media: deliveryEvents.mediaCostMicros, cost: deliveryEvents.advertiserCostMicros })
        .from(deliveryEvents)
        .where(and(eq(deliveryEvents.auctionId, auctionOf(bid)), eq(deliveryEvents.type, 'BILLING')));
      expect(billing).toEqual({ media: 2000, cost: 2300 });
      await setAgencyMargin(500);
      await vi.waitFor(() => expect(indexedMargin()).toBe(500), { timeout: 5000 });
    } finally {
      await assign(null);
      await vi.waitFor(() => expect(indexedMargin()).toBe(0), { timeout: 5000 });
    }
  });

  it('counts a frequency cap under GDPR only with a valid TC string consenting to our vendor', async () => {
    const campaignId = campaignIdByName.get('Open Web Display')!;
    await t.deps.db
      .update(campaigns)
      .set({ frequencyCap: { count: 3, period: 'DAY' } })
      .where(eq(campaigns.id, campaignId));
    await t.bidder.index.reload();
    try {
      const refused = [
        { regs: { gdpr: 1 }, user: { id: 'gdpr-user', consent: 'NOT-A-TCF-STRING' } },
        { regs: { ext: { gdpr: 1 } }, user: { id: 'gdpr-user', ext: { consent: 'NOT-A-TCF-STRING' } } },
        {
          regs: { gdpr: 1 },
          user: {
            id: 'gdpr-user',
            consent: tcStringOf({ ...FULL_CONSENT, vendorConsents: [OTHER_TCF_VENDOR_ID] }),
          },
        },
      ];
      for (const patch of refused) {
        const result = await postBid(freshRequest('simple-banner', patch));
        expect(result.status, JSON.stringify(patch)).toBe(204);
      }
      const consent = tcStringOf(FULL_CONSENT);
      for (const patch of [
        { regs: { gdpr: 1 }, user: { id: 'gdpr-user', consent } },
        { regs: { ext: { gdpr: 1 } }, user: { id: 'gdpr-user', ext: { consent } } },
      ]) {
        const result = await postBid(freshRequest('simple-banner', patch));
        expect(result.status).toBe(200);
        const bid = onlyBid(result.body as unknown as BidResponse);
        expect(bid.cid).toBe(String(campaignId));
        // The bid counts toward the user's cap: its token carries the user's cap counter.
        const token = bid.nurl.match(/\/t\/win\/([^?]+)/)![1]!;
        expect(t.bidder.signer.verify(token)?.frequencyKey).not.toBe('');
      }
    } finally {
      await t.deps.db.update(campaigns).set({ frequencyCap: null }).where(eq(campaigns.id, campaignId));
      await t.bidder.index.reload();
    }
  });

  it('refuses a forged or altered tracking URL with 403 and counts nothing', async () => {
    const bid = onlyBid((await postBid(freshRequest('simple-banner'))).body as unknown as BidResponse);
    const before = await balance();
    const token = bid.nurl.match(/\/t\/win\/([^?]+)/)![1]!;
    const [payload, signature] = token.split('.') as [string, string];
    const packed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    packed[6] = 999_000_000; // a higher bid, to bill more
    const altered = `${Buffer.from(JSON.stringify(packed)).toString('base64url')}.${signature}`;
    // The genuine token verified first (and kept as verified): its altered copies are refused all the same.
    expect(t.bidder.signer.verify(token)?.bidMicros).toBe(Math.round(bid.price * 1_000_000));
    for (const url of [
      bid.nurl.replace(token, altered),
      bid.nurl.replace(token, `${payload}.AAAAAAAAAAAAAAAAAAAAAA`),
      bid.nurl.replace(token, 'garbage'),
      bid.nurl.replace('/t/win/', '/t/unknown/'),
    ]) {
      const result = await track(url, 1);
      expect(result.status).toBe(403);
    }
    expect(await balance()).toBe(before);
  });

  it('redirects a click (302) to the creative click URL with its click id, and counts it once', async () => {
    const bid = onlyBid((await postBid(freshRequest('simple-banner'))).body as unknown as BidResponse);
    const clickUrl = clickOf(bid);
    // The ad was served (its beacon), then clicked.
    await track(beaconOf(bid));
    const first = await track(clickUrl);
    expect(first.status).toBe(302);
    const token = clickUrl.split('/t/click/')[1]!;
    expect(first.headers.get('location')).toBe(
      `https://tailspin-travel.example/deals?click=${encodeURIComponent(token)}`,
    );
    expect((await track(clickUrl)).status).toBe(302);
    const auctionId = auctionOf(bid);
    const clicks = await t.deps.db
      .select({ id: deliveryEvents.id })
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.auctionId, auctionId), eq(deliveryEvents.type, 'CLICK')));
    expect(clicks).toHaveLength(1);

    // The advertiser's server reports a conversion of that click: counted once per event name.
    const postback = (event?: string) =>
      t.call('GET', '/api/postback', { query: { click_id: token, ...(event ? { event } : {}) } });
    expect(dataOf(await postback())).toMatchObject({ counted: true, event: 'event1' });
    expect(dataOf(await postback('event1'))).toMatchObject({ counted: false });
    expect(dataOf(await postback('event_signup'))).toMatchObject({ counted: true, event: 'event_signup' });
    expect((await postback('purchase')).status).toBe(400);
    const forged = await t.call('GET', '/api/postback', { query: { click_id: `${token}x` } });
    expect(forged.status).toBe(403);
  });

  it('refuses a conversion of a click that was never counted', async () => {
    const bid = onlyBid((await postBid(freshRequest('simple-banner'))).body as unknown as BidResponse);
    const token = bid.adm.match(/\/t\/click\/([^"?]+)/)![1]!;
    const result = await t.call('GET', '/api/postback', { query: { click_id: token } });
    expect(result.status).toBe(404);
    expect(result.body.message).toBe('Click not found.');
  });

  it('keeps the hourly rollups equal to the raw events', async () => {
    await t.bidder.recorder.flush();
    const [raw] = await t.deps.db
      .select({
        bids: sql<number>`count(*) filter (where type = 'BID')::int`,
        impressions: sql<number>`count(*) filter (where type = 'IMPRESSION')::int`,
        clicks: sql<number>`count(*) filter (where type = 'CLICK')::int`,
        cost: sql<number>`coalesce(sum(advertiser_cost_micros), 0)::int`,
      })
      .from(deliveryEvents);
    const [rolled] = await t.deps.db
      .select({
        bids: sql<number>`coalesce(sum(bids), 0)::int`,
        impressions: sql<number>`coalesce(sum(impressions), 0)::int`,
        clicks: sql<number>`coalesce(sum(clicks), 0)::int`,
        cost: sql<number>`coalesce(sum(advertiser_cost_micros), 0)::int`,
      })
      .from(deliveryHourly);
    expect(raw!.impressions).toBeGreaterThan(0);
    expect(rolled).toEqual(raw);
  });

  it('bids on a test request but neither records nor bills it', async () => {
    const before = await balance();
    const request = freshRequest('simple-banner', { test: 1 });
    const bid = onlyBid((await postBid(request)).body as unknown as BidResponse);
    expect((await track(bid.nurl, 2)).status).toBe(204);
    expect(await balance()).toBe(before);
    const rows = await t.deps.db
      .select({ id: deliveryEvents.id })
      .from(deliveryEvents)
      .where(eq(deliveryEvents.auctionId, request.id));
    expect(rows).toHaveLength(0);
  });
});

describe('where an ad ran (the running-apps export)', () => {
  it("records the site's domain on every event of a bid and counts its delivery by site", async () => {
    const request = freshRequest('simple-banner');
    const bid = onlyBid((await postBid(request)).body as unknown as BidResponse);
    expect((await track(bid.nurl, 2)).status).toBe(204);
    expect((await track(beaconOf(bid))).status).toBeLessThan(300);
    await t.bidder.recorder.flush();
    const events = await t.deps.db
      .select({ type: deliveryEvents.type, inventory: deliveryEvents.inventory })
      .from(deliveryEvents)
      .where(eq(deliveryEvents.auctionId, request.id));
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set(['BID', 'WIN', 'BILLING', 'IMPRESSION']),
    );
    expect(events.every((event) => event.inventory === 'www.foobar.com')).toBe(true);
    const [site] = await t.deps.db
      .select({
        impressions: deliveryDailyInventory.impressions,
        traffic: deliveryDailyInventory.trafficType,
      })
      .from(deliveryDailyInventory)
      .where(
        and(
          eq(deliveryDailyInventory.campaignId, Number(bid.cid)),
          eq(deliveryDailyInventory.inventory, 'www.foobar.com'),
        ),
      );
    expect(site).toMatchObject({ traffic: 'WEB' });
    expect(site!.impressions).toBeGreaterThanOrEqual(1);
  });
});

describe('delivery on the campaign list and view', () => {
  it('shows impressions, clicks, CTR, spend today and in total, and the pacing state after a win', async () => {
    const id = campaignIdByName.get('Video Pre-roll')!;
    const bid = onlyBid((await postBid(freshRequest('video'))).body as unknown as BidResponse);
    await track(bid.nurl, 4);
    const click = bid.adm.match(/<ClickThrough><!\[CDATA\[([^\]]+)\]\]>/)![1]!;
    expect((await track(click)).status).toBe(302);
    const expected = {
      impressions: 1,
      clicks: 1,
      ctr: 1,
      spend_today_micros: 4000,
      spend_total_micros: 4000,
    };
    const view = await t.call('GET', `/api/campaigns/${id}`, { token: advertiserToken });
    const delivery = dataOf<{ delivery: Record<string, unknown> }>(view).delivery;
    expect(delivery).toMatchObject(expected);
    // Early in the day $4 of $300 is on track; later it is behind the plan.
    expect(['ON_TRACK', 'BEHIND']).toContain(delivery.pacing_state);
    const list = await t.call('GET', '/api/campaigns', { token: advertiserToken, query: { limit: 100 } });
    const items = dataOf<{
      items: { campaign_id: number; status: string; delivery: Record<string, unknown> }[];
    }>(list).items;
    expect(items.find((item) => item.campaign_id === id)?.delivery).toEqual(delivery);
    // Every row carries its own campaign's rollups (the page's facts are read for all rows at once).
    const rollups = await t.deps.db
      .select({
        campaignId: deliveryHourly.campaignId,
        impressions: sql<number>`sum(${deliveryHourly.impressions})::int`,
      })
      .from(deliveryHourly)
      .groupBy(deliveryHourly.campaignId);
    expect(rollups.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item.delivery.impressions).toBe(
        rollups.find((rollup) => rollup.campaignId === item.campaign_id)?.impressions ?? 0,
      );
    // Campaigns that are not active show no pacing state.
    for (const item of items.filter((entry) => entry.status !== 'ACTIVE'))
      expect(item.delivery.pacing_state).toBeNull();
  });

  it('reads out of funds when the balance cannot pay an impression', async () => {
    const id = campaignIdByName.get('Native In-Feed')!;
    const [row] = await t.deps.db
      .select({ advertiserId: campaigns.advertiserId })
      .from(campaigns)
      .where(eq(campaigns.id, id));
    const before = BigInt(await balance());
    await bookSpend(t, row!.advertiserId, { mediaCostMicros: before });
    try {
      const view = await t.call('GET', `/api/campaigns/${id}`, { token: advertiserToken });
      expect(dataOf<{ delivery: { pacing_state: string } }>(view).delivery.pacing_state).toBe('OUT_OF_FUNDS');
      // The list reads the balance in its page's statement: the same state.
      const list = await t.call('GET', '/api/campaigns', { token: advertiserToken, query: { limit: 100 } });
      const items = dataOf<{ items: { campaign_id: number; delivery: { pacing_state: string } }[] }>(
        list,
      ).items;
      expect(items.find((item) => item.campaign_id === id)?.delivery.pacing_state).toBe('OUT_OF_FUNDS');
      // And the bidder stops bidding for it.
      await t.bidder.index.reload();
      expect((await postBid(freshRequest('simple-banner'))).status).toBe(204);
    } finally {
      await creditAccount(t, row!.advertiserId, before);
      await t.bidder.index.reload();
    }
  });
  /** The whole-hour zone furthest into its day now (23 hours or more since its midnight). */
  const furthestIntoItsDay = () => {
    const nowMs = Date.now();
    const zones = Array.from({ length: 27 }, (_, i) => i - 12).map((offset) =>
      offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`,
    );
    const since = (zone: string) => nowMs - localMidnightMs(zone, readLocalClock(zone, nowMs).dateKey);
    return zones.reduce((best, zone) => (since(zone) > since(best) ? zone : best));
  };

  it.each([
    // A half-hour zone: local midnight falls inside a UTC hour, which counts toward today.
    ['a half-hour zone', () => 'Asia/Kolkata'],
    // A day begun 23 hours or more ago: its first hours count too (the list reads a day's hours back).
    ['the zone furthest into its day', furthestIntoItsDay],
  ])("counts spend today from the hour that holds the campaign's local midnight: %s", async (_, zoneOf) => {
    const id = campaignIdByName.get('Native In-Feed')!;
    const [row] = await t.deps.db
      .select({ advertiserId: campaigns.advertiserId, timeZone: campaigns.timeZone })
      .from(campaigns)
      .where(eq(campaigns.id, id));
    const zone = zoneOf();
    const spentToday = async () => {
      const view = await t.call('GET', `/api/campaigns/${id}`, { token: advertiserToken });
      const list = await t.call('GET', '/api/campaigns', { token: advertiserToken, query: { limit: 100 } });
      const items = dataOf<{ items: { campaign_id: number; delivery: { spend_today_micros: number } }[] }>(
        list,
      ).items;
      const fromView = dataOf<{ delivery: { spend_today_micros: number } }>(view).delivery.spend_today_micros;
      expect(items.find((item) => item.campaign_id === id)?.delivery.spend_today_micros).toBe(fromView);
      return fromView;
    };
    await t.deps.db.update(campaigns).set({ timeZone: zone }).where(eq(campaigns.id, id));
    let added = false;
    try {
      const before = await spentToday();
      const nowMs = Date.now();
      const midnight = localMidnightMs(zone, readLocalClock(zone, nowMs).dateKey);
      const midnightHour = midnight - (midnight % 3_600_000);
      const hourOf = (ms: number) => new Date(ms - (ms % 3_600_000));
      const rollup = (hour: Date, os: string, advertiserCostMicros: number) => ({
        hour,
        campaignId: id,
        creativeId: 0,
        advertiserId: row!.advertiserId,
        exchangeId: 0,
        country: 'ZZ',
        os,
        deviceType: 'test',
        trafficType: 'test',
        advertiserCostMicros,
      });
      // Through the pending rollups, as the recorder adds bids: the fold keeps each campaign's
      // spend by hour (what the list and view read) with delivery_hourly.
      const add = async (sign: 1 | -1) => {
        await t.deps.db
          .insert(deliveryHourlyPending)
          .values([
            rollup(new Date(midnightHour - 3_600_000), 'before midnight', sign * 1_000),
            rollup(new Date(midnightHour), 'midnight', sign * 20_000),
            rollup(hourOf(nowMs), 'now', sign * 300_000),
          ]);
        await foldPendingRollups(t.deps.db);
      };
      await add(1);
      added = true;
      expect(await campaignTotalsDrift(t.deps.db)).toBe(0);
      // Yesterday's last hour is not today's; the hour of midnight and this hour are.
      expect((await spentToday()) - before).toBe(320_000);
      // The bidder's index, loaded afresh, starts its day from the same figure, and its pacing from
      // the spend before today.
      const state = createMemoryDeliveryState();
      const snapshot = await loadIndexSnapshot(t.deps.db, state, createListCache(t.deps.db), null);
      const { dateKey } = readLocalClock(zone, Date.now());
      const spend = await state.readCampaignSpend(id, dateKey);
      expect(spend.todayMicros).toBe(before + 320_000);
      expect(snapshot.spentBeforeToday.get(id)).toEqual({
        dateKey,
        micros: spend.totalMicros - spend.todayMicros,
      });
      await add(-1);
      added = false;
      expect(await spentToday()).toBe(before);
    } finally {
      if (added) {
        await t.deps.db.delete(deliveryHourlyPending).where(eq(deliveryHourlyPending.country, 'ZZ'));
        await rewriteCampaignTotals(t.deps.db);
      }
      await t.deps.db.delete(deliveryHourly).where(eq(deliveryHourly.country, 'ZZ'));
      await t.deps.db.update(campaigns).set({ timeZone: row!.timeZone }).where(eq(campaigns.id, id));
    }
  });
});
