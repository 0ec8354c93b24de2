// The bidder's pure rules with a controllable clock: eligibility of every
// targeting dimension, pricing (CPM, CPC/CPA with the Beta prior, floors), the pacing controller,
// frequency caps, and the budget and funds gates counting pending spend.

import { readLocalClock } from '@console/core/time/zoned-time';
import { describe, expect, it } from 'vitest';
import { frequencyKeyOf, runAuction } from '../src/modules/bidding/bid-engine.ts';
import {
  type BidderCampaign,
  type BidderCreative,
  EMPTY_MEMBERSHIP,
} from '../src/modules/bidding/bidder-campaign.ts';
import type { IndexSnapshot } from '../src/modules/bidding/campaign-index.ts';
import { buildCandidateIndex, candidateListsOf } from '../src/modules/bidding/candidate-index.ts';
import { findCreativeFit } from '../src/modules/bidding/creative-match.ts';
import { createMemoryDeliveryState, type ReserveRequest } from '../src/modules/bidding/delivery-state.ts';
import { distanceKm, type EligibilityInput, findIneligibility } from '../src/modules/bidding/eligibility.ts';
import { parseBidRequest } from '../src/modules/bidding/openrtb-request.ts';
import {
  describePacing,
  pacingAllowanceMicros,
  planPacing,
  servingSecondsBetween,
} from '../src/modules/bidding/pacing.ts';
import {
  CTR_PRIOR,
  costOfImpression,
  estimateRate,
  priceBid,
  valueCpmMicros,
} from '../src/modules/bidding/pricing.ts';
import { readRequestFacts } from '../src/modules/bidding/request-facts.ts';
import { createTrackingSigner, type TrackedBid } from '../src/modules/bidding/tracking-token.ts';
import { bidderCampaign, bidderCreative } from './support/bidder-fixtures.ts';
import { FULL_CONSENT, TEST_TCF_VENDOR_ID, tcStringOf } from './support/tc-strings.ts';

const USD = 1_000_000;
const T0 = Date.parse('2026-03-02T12:00:00Z'); // a Monday

const creative = bidderCreative;
const campaign = (patch: Partial<BidderCampaign> = {}): BidderCampaign => bidderCampaign(patch, T0);

const REFERENCE = {
  alpha2OfAlpha3: new Map([
    ['USA', 'US'],
    ['DEU', 'DE'],
  ]),
  tcfVendorId: TEST_TCF_VENDOR_ID,
};

const requestOf = (body: Record<string, unknown>) => {
  const parsed = parseBidRequest({ id: 'r', imp: [{ id: '1', banner: { w: 300, h: 250 } }], ...body });
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.request;
};

const MOBILE = {
  app: { bundle: 'com.example.weather', cat: ['IAB15-10'] },
  device: {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    ifa: 'ifa-1',
    devicetype: 4,
    make: 'Apple',
    os: 'iOS',
    osv: '17.2.1',
    language: 'en-US',
    carrier: 'Verizon',
    mccmnc: '311-480',
    geo: { country: 'USA', region: 'NY', city: 'New York', lat: 40.758, lon: -73.9855 },
  },
};

const check = (target: BidderCampaign, body: Record<string, unknown> = MOBILE, nowMs = T0) => {
  const facts = readRequestFacts(requestOf(body), REFERENCE);
  const input: EligibilityInput = {
    exchangeId: 1,
    facts,
    nowMs,
    clock: readLocalClock(target.timeZone, nowMs),
    membership: EMPTY_MEMBERSHIP,
    blockedCategories: [],
  };
  return findIneligibility(target, input);
};

describe('eligibility', () => {
  it('takes a campaign with no targeting for any request', () => {
    expect(check(campaign())).toBeNull();
    expect(check(campaign(), {})).toBeNull();
  });

  it('needs approval on the exchange and the flight to be on', () => {
    expect(check(campaign({ exchangeIds: new Set([2]) }))).toBe('exchange');
    expect(check(campaign({ startMs: T0 + 1 }))).toBe('flight');
    expect(check(campaign({ endMs: T0 }))).toBe('flight');
  });

  it('reads day-parting in the campaign time zone', () => {
    // 12:00 UTC on Monday is 07:00 in New York: only the 07:00 hour of Monday serves.
    const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => false));
    grid[0]![7] = true;
    expect(check(campaign({ timeZone: 'America/New_York', dayParting: grid }))).toBeNull();
    expect(check(campaign({ timeZone: 'UTC', dayParting: grid }))).toBe('day-parting');
    expect(check(campaign({ timeZone: 'America/New_York', dayParting: grid }), MOBILE, T0 + 3_600_000)).toBe(
      'day-parting',
    );
  });

  it('matches country (alpha-3 in the request), state, city and the geo-fence', () => {
    expect(check(campaign({ countries: new Set(['US']) }))).toBeNull();
    expect(check(campaign({ countries: new Set(['DE']) }))).toBe('country');
    expect(check(campaign({ states: new Set(['US-NY']) }))).toBeNull();
    expect(check(campaign({ states: new Set(['US-CA']) }))).toBe('state');
    expect(check(campaign({ cities: new Set(['US|new york']) }))).toBeNull();
    expect(check(campaign({ cities: new Set(['US|boston']) }))).toBe('city');
    // Times Square is 1.1 km from Penn Station.
    expect(check(campaign({ geoFences: [{ lat: 40.7506, lon: -73.9935, radiusKm: 1.5 }] }))).toBeNull();
    expect(check(campaign({ geoFences: [{ lat: 40.7506, lon: -73.9935, radiusKm: 0.5 }] }))).toBe(
      'geo-fence',
    );
    expect(distanceKm(40.758, -73.9855, 40.7506, -73.9935)).toBeCloseTo(1.07, 1);
  });

  it('matches device type, OS and version, browser, maker, carrier and language', () => {
    expect(check(campaign({ deviceTypes: new Set(['PHONE']) }))).toBeNull();
    expect(check(campaign({ deviceTypes: new Set(['DESKTOP']) }))).toBe('device-type');
    expect(check(campaign({ os: new Map([['ios', ['17']]]) }))).toBeNull();
    expect(check(campaign({ os: new Map([['ios', ['16']]]) }))).toBe('os');
    expect(check(campaign({ os: new Map([['android', []]]) }))).toBe('os');
    expect(check(campaign({ browsers: new Set(['safari']) }))).toBeNull();
    expect(check(campaign({ browsers: new Set(['chrome']) }))).toBe('browser');
    expect(check(campaign({ makers: new Set(['apple']) }))).toBeNull();
    expect(check(campaign({ makers: new Set(['samsung']) }))).toBe('maker');
    expect(check(campaign({ carriers: { codes: new Set(['311-480']), names: new Set() } }))).toBeNull();
    expect(check(campaign({ carriers: { codes: new Set(), names: new Set(['verizon']) } }))).toBeNull();
    expect(check(campaign({ carriers: { codes: new Set(['310-410']), names: new Set(['at&t']) } }))).toBe(
      'carrier',
    );
    expect(check(campaign({ languages: new Set(['en']) }))).toBeNull();
    expect(check(campaign({ languages: new Set(['de']) }))).toBe('language');
  });

  it('matches traffic type and smart-app categories (IAB categories of the app)', () => {
    expect(check(campaign({ trafficTypes: new Set(['APP']) }))).toBeNull();
    expect(check(campaign({ trafficTypes: new Set(['WEB']) }))).toBe('traffic-type');
    expect(check(campaign({ appCategories: new Set(['news & information', 'weather']) }))).toBeNull();
    expect(check(campaign({ appCategories: new Set(['games']) }))).toBe('app-category');
  });

  it('applies inventory lists and audiences through the membership interface', () => {
    const membership = {
      inInventoryList: (listId: number, key: string) => listId === 5 && key === 'com.example.weather',
      inAudience: (audienceId: number, key: string) => audienceId === 8 && key === 'ifa-1',
      inSmartAppList: (listId: number, bundle: string) => listId === 3 && bundle === 'com.example.weather',
    };
    const facts = readRequestFacts(requestOf(MOBILE), REFERENCE);
    const input = {
      exchangeId: 1,
      facts,
      nowMs: T0,
      clock: readLocalClock('UTC', T0),
      membership,
      blockedCategories: [],
    };
    expect(findIneligibility(campaign({ inventoryLists: [{ listId: 5, mode: 'ALLOW' }] }), input)).toBeNull();
    expect(findIneligibility(campaign({ inventoryLists: [{ listId: 5, mode: 'BLOCK' }] }), input)).toBe(
      'inventory-list',
    );
    expect(findIneligibility(campaign({ inventoryLists: [{ listId: 6, mode: 'ALLOW' }] }), input)).toBe(
      'inventory-list',
    );
    expect(findIneligibility(campaign({ audiences: [{ listId: 8, mode: 'INCLUDE' }] }), input)).toBeNull();
    expect(findIneligibility(campaign({ audiences: [{ listId: 8, mode: 'EXCLUDE' }] }), input)).toBe(
      'audience',
    );
    // Smart-app lists: the app must be in one of the campaign's lists; a site is in none.
    expect(findIneligibility(campaign({ smartAppLists: [4, 3] }), input)).toBeNull();
    expect(findIneligibility(campaign({ smartAppLists: [4] }), input)).toBe('smart-app-list');
    const site = {
      ...input,
      facts: readRequestFacts(requestOf({ site: { domain: 'com.example.weather' } }), REFERENCE),
    };
    expect(findIneligibility(campaign({ smartAppLists: [3] }), site)).toBe('smart-app-list');
  });

  it('uses no personal data under COPPA, GDPR without a valid consent for us or a US privacy opt-out', () => {
    const capped = campaign({ frequencyCap: { count: 3, period: 'DAY' } });
    const fenced = campaign({ geoFences: [{ lat: 40.758, lon: -73.9855, radiusKm: 1 }] });
    const audience = campaign({ audiences: [{ listId: 5, mode: 'INCLUDE' }] });
    expect(check(capped)).toBeNull();
    const refused = [
      { regs: { coppa: 1 } },
      { regs: { gdpr: 1 } },
      { regs: { gdpr: 1 }, user: { consent: 'NOT-A-TCF-STRING' } },
      { regs: { ext: { gdpr: 1 } }, user: { ext: { consent: 'CO-consent-string' } } },
      { regs: { gdpr: 1 }, user: { consent: tcStringOf({ ...FULL_CONSENT, vendorConsents: [755] }) } },
      { regs: { us_privacy: '1YYN' } },
    ];
    for (const patch of refused) {
      expect(check(capped, { ...MOBILE, ...patch })).toBe('frequency-cap-needs-user');
      expect(check(fenced, { ...MOBILE, ...patch })).toBe('geo-fence');
    }
    const consented = tcStringOf(FULL_CONSENT);
    for (const patch of [
      { regs: { gdpr: 1 }, user: { consent: consented } },
      { regs: { ext: { gdpr: 1 } }, user: { ext: { consent: consented } } },
      { regs: { us_privacy: '1YNN' } },
    ]) {
      expect(check(capped, { ...MOBILE, ...patch })).toBeNull();
      expect(check(fenced, { ...MOBILE, ...patch })).toBeNull();
    }
    // Consent to store and select ads (purposes 1, 2) but not to personalised ads (3, 4): the cap
    // counts the user, audiences do not know them, and no precise location without its opt-in.
    const basic = tcStringOf({ vendorConsents: [TEST_TCF_VENDOR_ID], purposeConsents: [1, 2] });
    const basicRequest = { ...MOBILE, regs: { gdpr: 1 }, user: { consent: basic } };
    expect(check(capped, basicRequest)).toBeNull();
    expect(check(fenced, basicRequest)).toBe('geo-fence');
    const facts = readRequestFacts(requestOf(basicRequest), REFERENCE);
    expect(facts).toMatchObject({ userKey: 'ifa-1', audienceKey: null, lat: null, lon: null });
    const inAudience5 = {
      ...EMPTY_MEMBERSHIP,
      inAudience: (id: number, key: string) => id === 5 && key === 'ifa-1',
    };
    const audienceCheck = (body: Record<string, unknown>) =>
      findIneligibility(audience, {
        exchangeId: 1,
        facts: readRequestFacts(requestOf(body), REFERENCE),
        nowMs: T0,
        clock: readLocalClock('UTC', T0),
        membership: inAudience5,
        blockedCategories: [],
      });
    expect(audienceCheck({ ...MOBILE, regs: { gdpr: 1 }, user: { consent: consented } })).toBeNull();
    expect(audienceCheck(basicRequest)).toBe('audience');
  });

  it('keeps ads whose categories bcat blocks out (IAB8 blocks IAB8-5)', () => {
    const facts = readRequestFacts(requestOf(MOBILE), REFERENCE);
    const input = {
      exchangeId: 1,
      facts,
      nowMs: T0,
      clock: readLocalClock('UTC', T0),
      membership: EMPTY_MEMBERSHIP,
    };
    const food = campaign({ adCategories: ['IAB8-5'] });
    expect(findIneligibility(food, { ...input, blockedCategories: ['IAB8'] })).toBe('blocked-category');
    expect(findIneligibility(food, { ...input, blockedCategories: ['IAB8-1'] })).toBeNull();
    // Without categories nothing shows the ads are not blocked: no bid where bcat is sent.
    const uncategorised = campaign({ adCategories: [] });
    expect(findIneligibility(uncategorised, { ...input, blockedCategories: ['IAB25'] })).toBe('no-category');
    expect(findIneligibility(uncategorised, { ...input, blockedCategories: [] })).toBeNull();
  });
});

describe('creative fit', () => {
  const fit = (imp: Record<string, unknown>, creatives: BidderCreative[]) => {
    const request = requestOf({ imp: [{ id: '1', ...imp }] });
    return findCreativeFit(creatives, {
      exchangeId: 1,
      imp: request.imp[0]!,
      nativeRequest: null,
      trackingIsSecure: false,
    });
  };

  it('matches banner size by w/h or format, and honours battr and secure', () => {
    expect(fit({ banner: { w: 300, h: 250 } }, [creative()])?.kind).toBe('banner');
    expect(
      fit(
        {
          banner: {
            format: [
              { w: 728, h: 90 },
              { w: 300, h: 250 },
            ],
          },
        },
        [creative()],
      )?.kind,
    ).toBe('banner');
    expect(fit({ banner: { w: 320, h: 50 } }, [creative()])).toBeNull();
    expect(
      fit({ banner: { w: 300, h: 250, battr: [13] } }, [creative({ type: 'html', attrs: [13] })]),
    ).toBeNull();
    expect(fit({ secure: 1, banner: { w: 300, h: 250 } }, [creative()])).toBeNull();
  });

  it('serves an HTML tag only where banner.mimes takes HTML or JavaScript, and reads image/jpg as JPEG', () => {
    const tag = creative({ type: 'html', mediaUrl: null, mediaMime: null, htmlTag: '<div>ad</div>' });
    expect(fit({ banner: { w: 300, h: 250, mimes: ['image/jpeg', 'image/png'] } }, [tag])).toBeNull();
    expect(fit({ banner: { w: 300, h: 250, mimes: ['text/html'] } }, [tag])?.kind).toBe('banner');
    expect(fit({ banner: { w: 300, h: 250, mimes: ['application/javascript'] } }, [tag])?.kind).toBe(
      'banner',
    );
    expect(fit({ banner: { w: 300, h: 250 } }, [tag])?.kind).toBe('banner');
    const jpeg = creative({ mediaMime: 'image/jpeg' });
    expect(fit({ banner: { w: 300, h: 250, mimes: ['image/jpg'] } }, [jpeg])?.kind).toBe('banner');
    expect(fit({ banner: { w: 300, h: 250, mimes: ['image/gif'] } }, [jpeg])).toBeNull();
    // An image list still takes the image of an imp that offers both kinds.
    expect(
      fit({ banner: { w: 300, h: 250, mimes: ['image/gif'] } }, [tag, creative({ mediaMime: 'image/gif' })])
        ?.kind,
    ).toBe('banner');
  });

  it('matches video mimes, duration and protocols', () => {
    const video = creative({
      type: 'video',
      mediaUrl: 'https://cdn.example.com/v.mp4',
      mediaMime: 'video/mp4',
      durationS: 15,
      width: 640,
      height: 360,
    });
    const imp = { video: { mimes: ['video/mp4'], minduration: 5, maxduration: 30, protocols: [3, 7] } };
    expect(fit(imp, [video])).toMatchObject({ kind: 'video', vastVersion: '4.0', wrapper: false });
    expect(fit({ video: { ...imp.video, maxduration: 10 } }, [video])).toBeNull();
    expect(fit({ video: { ...imp.video, mimes: ['video/webm'] } }, [video])).toBeNull();
    expect(fit({ video: { ...imp.video, protocols: [5, 6] } }, [video])).toBeNull();
    const wrapper = creative({
      type: 'video',
      mediaUrl: null,
      mediaMime: null,
      vastUrl: 'https://ads.example.com/vast.xml',
    });
    expect(fit({ video: { protocols: [6] } }, [wrapper])).toMatchObject({
      wrapper: true,
      vastVersion: '3.0',
    });
  });
});

describe('candidate index', () => {
  const banner = (id: number, w: number, h: number, exchangeIds = [1]) =>
    creative({ id, width: w, height: h, exchangeIds: new Set(exchangeIds) });
  const medium = campaign({ id: 1, creatives: [banner(11, 300, 250), banner(12, 300, 250)] });
  const leaderboard = campaign({ id: 2, creatives: [banner(21, 728, 90)] });
  const both = campaign({ id: 3, creatives: [banner(31, 728, 90), banner(32, 300, 250)] });
  const elsewhere = campaign({ id: 4, creatives: [banner(41, 300, 250, [2])] });
  const video = campaign({
    id: 5,
    creatives: [creative({ id: 51, type: 'video', width: 640, height: 360 })],
  });
  const german = campaign({
    id: 6,
    countries: new Set(['DEU', 'AUT']),
    creatives: [banner(61, 300, 250), banner(62, 728, 90)],
  });
  const index = buildCandidateIndex([medium, leaderboard, both, elsewhere, video, german], 1);
  const idsFor = (imp: Record<string, unknown>, country: string | null = 'USA') => {
    // As the engine walks them: a campaign that can come back in two lists is taken once.
    const { lists, overlapping } = candidateListsOf(
      index,
      requestOf({ imp: [{ id: '1', ...imp }] }).imp[0]!,
      country,
    );
    const all = lists.flat();
    return (overlapping ? [...new Set(all)] : all).map((c) => c.id).sort();
  };

  it('offers a campaign that names its countries only to imps from one of them, each once', () => {
    expect(idsFor({ banner: { w: 300, h: 250 } }, 'DEU')).toEqual([1, 3, 6]);
    expect(idsFor({ banner: { w: 300, h: 250 } }, 'AUT')).toEqual([1, 3, 6]);
    expect(idsFor({ banner: { w: 300, h: 250, format: [{ w: 728, h: 90 }] } }, 'DEU')).toEqual([1, 2, 3, 6]);
    expect(idsFor({ banner: { w: 300, h: 250 } }, 'FRA')).toEqual([1, 3]);
    // No country known: only the campaigns that buy anywhere.
    expect(idsFor({ banner: { w: 300, h: 250 } }, null)).toEqual([1, 3]);
  });

  it('offers an imp only the campaigns with a creative of its size approved on the exchange, each once', () => {
    expect(idsFor({ banner: { w: 300, h: 250 } })).toEqual([1, 3]);
    expect(idsFor({ banner: { w: 728, h: 90 } })).toEqual([2, 3]);
    expect(
      idsFor({
        banner: {
          w: 300,
          h: 250,
          format: [
            { w: 728, h: 90 },
            { w: 300, h: 250 },
          ],
        },
      }),
    ).toEqual([1, 2, 3]);
    expect(idsFor({ banner: { w: 320, h: 50 } })).toEqual([]);
    expect(idsFor({ video: { mimes: ['video/mp4'] } })).toEqual([5]);
    expect(idsFor({ banner: { w: 728, h: 90 }, video: { mimes: ['video/mp4'] } })).toEqual([2, 3, 5]);
  });
});

describe('auction over the candidate index', () => {
  const USD_CPM = (usd: number) => usd * USD;
  const banner = (id: number) => creative({ id: id * 10, width: 300, height: 250 });
  const at = (bidUsd: number, id: number, patch: Partial<BidderCampaign> = {}) =>
    campaign({
      id,
      advertiserId: 7,
      bidMicros: USD_CPM(bidUsd),
      minBidMicros: USD_CPM(0.1),
      maxBidMicros: USD_CPM(10),
      creatives: [banner(id)],
      ...patch,
    });
  const auctionOf = async (
    list: BidderCampaign[],
    imp: Record<string, unknown>,
    body = {},
    dealBook: IndexSnapshot['dealBook'] = new Map(),
  ) => {
    const snapshot: IndexSnapshot = {
      loadedAtMs: T0,
      candidatesByExchange: new Map([[1, buildCandidateIndex(list, 1)]]),
      campaignById: new Map(list.map((c) => [c.id, c])),
      creativeById: new Map(),
      exchangeIdByKey: new Map([['x', 1]]),
      exchangeSettings: new Map(),
      dealBook,
      balances: new Map([[7, { baseMicros: 1_000 * USD, baseSpentMicros: 0 }]]),
      spentBeforeToday: new Map(),
      membership: EMPTY_MEMBERSHIP,
      reference: REFERENCE,
    };
    const request = requestOf({ imp: [{ id: '1', banner: { w: 300, h: 250 }, ...imp }], ...body });
    const result = await runAuction(
      request,
      1,
      { snapshot, state: createMemoryDeliveryState(), membership: EMPTY_MEMBERSHIP, seat: 's', nowMs: T0 },
      { trackingIsSecure: false },
    );
    return result.bids.map((bid) => ({ id: bid.campaign.id, price: bid.priceMicros / USD }));
  };
  // Many campaigns below the top, filed in every order: the top price wins however they were filed.
  const crowd = Array.from({ length: 60 }, (_, i) => at(0.5 + (i % 5) * 0.25, 100 + i));

  it('bids the highest-priced eligible campaign, passing over a better one that is not eligible', async () => {
    const top = at(3, 1);
    const outOfFlight = at(5, 2, { endMs: T0 - 1 });
    expect(await auctionOf([...crowd, top, outOfFlight], {})).toEqual([{ id: 1, price: 3 }]);
    expect(await auctionOf([outOfFlight, top, ...crowd].reverse(), {})).toEqual([{ id: 1, price: 3 }]);
  });

  it('raises a low bid to the floor when nothing eligible bids more, and bids nothing past every max', async () => {
    const low = at(0.2, 1, { maxBidMicros: USD_CPM(4) });
    const capped = at(0.3, 2, { maxBidMicros: USD_CPM(1) });
    expect(await auctionOf([capped, low], { bidfloor: 2.5 })).toEqual([{ id: 1, price: 2.5 }]);
    expect(await auctionOf([capped, low], { bidfloor: 5 })).toEqual([]);
  });

  it('shares the top price between equal campaigns however many cheaper ones follow', async () => {
    const winners = new Set<number>();
    const equals = [at(4, 1), at(4, 2), at(4, 3), at(4, 4)];
    for (let round = 0; round < 60; round++)
      for (const bid of await auctionOf([...crowd, ...equals], {})) winners.add(bid.id);
    expect([...winners].sort()).toEqual([1, 2, 3, 4]);
  });

  it("bids into a deal only when its wseat lets our seat buy, and never with another buyer's seat", async () => {
    const dealBuyer = at(0.2, 1, { dealIds: new Set(['deal-1']) });
    const privately = (wseat?: string[]) => ({
      pmp: { private_auction: 1, deals: [{ id: 'deal-1', bidfloor: 3, ...(wseat ? { wseat } : {}) }] },
    });
    expect(await auctionOf([dealBuyer], privately(['Agency1']))).toEqual([]);
    expect(await auctionOf([dealBuyer], privately(['Agency1', 's']))).toEqual([{ id: 1, price: 3 }]);
    expect(await auctionOf([dealBuyer], privately())).toEqual([{ id: 1, price: 3 }]);
    // The request's own seat lists hold for deals too.
    expect(await auctionOf([dealBuyer], privately(['s']), { bseat: ['s'] })).toEqual([]);
  });

  it('bids each campaign on one imp of a request at most, the next campaign taking the next imp', async () => {
    const imps = [1, 2, 3].map((id) => ({ id: String(id), banner: { w: 300, h: 250 } }));
    const bids = await auctionOf([at(3, 1), at(2, 2)], {}, { imp: imps });
    expect(bids).toEqual([
      { id: 1, price: 3 },
      { id: 2, price: 2 },
    ]);
  });

  it('bids a deal campaign only into its deals, unless it also buys the open auction', async () => {
    const dealOnly = at(2, 1, { dealIds: new Set(['deal-1']) });
    const alsoOpen = at(2, 2, { dealIds: new Set(['deal-1']), dealsOnly: false });
    expect(await auctionOf([dealOnly], {})).toEqual([]);
    expect(await auctionOf([dealOnly], { pmp: { deals: [{ id: 'deal-2' }] } })).toEqual([]);
    expect(await auctionOf([dealOnly], { pmp: { deals: [{ id: 'deal-1' }] } })).toEqual([
      { id: 1, price: 2 },
    ]);
    expect(await auctionOf([alsoOpen], {})).toEqual([{ id: 2, price: 2 }]);
  });

  it('bids a recorded deal at its agreed floor or more, and only when its seats name ours', async () => {
    const dealBuyer = at(0.2, 1, { dealIds: new Set(['deal-1']) });
    const offer = { pmp: { private_auction: 1, deals: [{ id: 'deal-1', bidfloor: 1 }] } };
    const book = (floorUsd: number, seats: string[]) =>
      new Map([[1, new Map([['deal-1', { floorMicros: USD_CPM(floorUsd), seats }]])]]);
    // The request says 1 USD, the deal was agreed at 4: the bid is 4.
    expect(await auctionOf([dealBuyer], offer, {}, book(4, []))).toEqual([{ id: 1, price: 4 }]);
    expect(await auctionOf([dealBuyer], offer, {}, book(0.5, ['s']))).toEqual([{ id: 1, price: 1 }]);
    expect(await auctionOf([dealBuyer], offer, {}, book(0.5, ['other-seat']))).toEqual([]);
    // Above the campaign's max bid (10): no bid.
    expect(await auctionOf([dealBuyer], offer, {}, book(12, []))).toEqual([]);
  });

  it('skips pages and apps of an excluded content category, its subcategories included', async () => {
    const safe = at(2, 1, { excludedContentCategories: ['IAB20', 'IAB25-3'] });
    const on = (site: Record<string, unknown>) =>
      auctionOf([safe], {}, { site: { domain: 'a.example', ...site } });
    expect(await on({ cat: ['IAB20-3'] })).toEqual([]);
    expect(await on({ cat: ['iab20'] })).toEqual([]);
    expect(await on({ sectioncat: ['IAB25-3'] })).toEqual([]);
    expect(await on({ pagecat: ['IAB20'] })).toEqual([]);
    expect(await on({ content: { cat: ['IAB20-12'] } })).toEqual([]);
    // The parent of an excluded subcategory is not excluded, nor is another category.
    expect(await on({ cat: ['IAB25'], content: { cat: ['IAB12'] } })).toEqual([{ id: 1, price: 2 }]);
    const app = (appPatch: Record<string, unknown>) =>
      auctionOf([safe], {}, { app: { bundle: 'com.example', ...appPatch } });
    expect(await app({ cat: ['IAB20-18'] })).toEqual([]);
    expect(await app({ content: { cat: ['IAB20'] } })).toEqual([]);
    expect(await app({ cat: ['IAB9'] })).toEqual([{ id: 1, price: 2 }]);
  });

  it('bids a minimum-viewability campaign only where the predicted viewability reaches it', async () => {
    const viewable = at(2, 1, { minViewability: 0.7 });
    const metric = (value: number, type = 'viewability') => ({
      metric: [{ type, value, vendor: 'ias.com' }],
    });
    expect(await auctionOf([viewable], metric(0.7))).toEqual([{ id: 1, price: 2 }]);
    expect(await auctionOf([viewable], metric(0.69))).toEqual([]);
    // No prediction is unknown viewability: no bid when a minimum is set.
    expect(await auctionOf([viewable], {})).toEqual([]);
    expect(await auctionOf([viewable], metric(0.9, 'click_through_rate'))).toEqual([]);
    // Two vendors: the lower one decides.
    expect(
      await auctionOf([viewable], {
        metric: [
          { type: 'viewability', value: 0.9, vendor: 'a' },
          { type: 'viewability', value: 0.5, vendor: 'b' },
        ],
      }),
    ).toEqual([]);
    expect(await auctionOf([at(2, 2)], {})).toEqual([{ id: 2, price: 2 }]);
  });

  it('keeps an ad out of a blocked category, a parent category of a blocked one too', async () => {
    const travel = at(2, 1, { adCategories: ['IAB20'] });
    const flights = at(2, 2, { adCategories: ['IAB20-3'] });
    expect(await auctionOf([travel], {}, { bcat: ['IAB20-3'] })).toEqual([]);
    expect(await auctionOf([flights], {}, { bcat: ['IAB20'] })).toEqual([]);
    expect(await auctionOf([flights], {}, { bcat: ['IAB20-4'] })).toEqual([{ id: 2, price: 2 }]);
    // A creative's own categories stand in for the campaign's.
    const own = at(2, 3, {
      adCategories: ['IAB20'],
      creatives: [creative({ id: 30, categories: ['IAB8-5'] })],
    });
    expect(await auctionOf([own], {}, { bcat: ['IAB20-3'] })).toEqual([{ id: 3, price: 2 }]);
    expect(await auctionOf([own], {}, { bcat: ['IAB8'] })).toEqual([]);
  });

  it('scans every campaign for a deal, whose floor can lift a cheap campaign above the rest', async () => {
    const dealBuyer = at(0.2, 1, { dealIds: new Set(['deal-1']) });
    const deal = { id: 'deal-1', bidfloor: 6 };
    expect(await auctionOf([...crowd, dealBuyer], { pmp: { private_auction: 0, deals: [deal] } })).toEqual([
      { id: 1, price: 6 },
    ]);
  });
});

describe('pricing', () => {
  it('bids a CPM campaign its bid, raised to the floor while its max allows', () => {
    expect(priceBid(campaign(), 0)).toBe(2 * USD);
    expect(priceBid(campaign(), 3 * USD)).toBe(3 * USD);
    expect(priceBid(campaign(), 5 * USD)).toBeNull();
  });

  it('bids CPC and CPA campaigns the expected CPM from observed rates with a Beta prior, clamped', () => {
    // A new CPC campaign: $1 per click x the prior's 0.2% = $2 CPM.
    expect(
      valueCpmMicros(
        campaign({ priceModel: 'CPC', bidMicros: USD, minBidMicros: 1, maxBidMicros: 10 * USD }),
      ),
    ).toBe(2 * USD);
    // 30 clicks on 10,000 impressions: (30 + 1) / (10,000 + 500) = 0.295%.
    const observed = campaign({
      priceModel: 'CPC',
      bidMicros: USD,
      minBidMicros: 1,
      maxBidMicros: 10 * USD,
      stats: { impressions: 10_000, clicks: 30, conversions: 0 },
    });
    expect(valueCpmMicros(observed)).toBe(Math.round((31 / 10_500) * 1000 * USD));
    expect(estimateRate(0, 0, CTR_PRIOR)).toBe(0.002);
    // CPA: $20 per action x 0.2% CTR x 2% CVR = $0.80 CPM, clamped up to the $1 minimum.
    expect(
      valueCpmMicros(
        campaign({ priceModel: 'CPA', bidMicros: 20 * USD, minBidMicros: USD, maxBidMicros: 4 * USD }),
      ),
    ).toBe(USD);
  });

  it('costs an impression at clearing CPM / 1000 with the margin on top', () => {
    expect(costOfImpression(1_370_000, 0)).toEqual({
      mediaMicros: 1370,
      advertiserMicros: 1370,
      agencyMarginMicros: 0,
    });
    expect(costOfImpression(2_000_000, 1500)).toEqual({
      mediaMicros: 2000,
      advertiserMicros: 2300,
      agencyMarginMicros: 0,
    });
  });

  it("splits the margin: the agency's part rounded half up, the platform's the rest, exact to the micro", () => {
    // 1,237 media at 22.5% (10% the platform's, 12.5% the agency's): 278.325 -> 278; 154.625 -> 155.
    expect(costOfImpression(1_237_000, 2250, 1250)).toEqual({
      mediaMicros: 1237,
      advertiserMicros: 1515,
      agencyMarginMicros: 155,
    });
    for (let media = 1; media < 5000; media += 7)
      for (const [total, agency] of [
        [2250, 1250],
        [1, 1],
        [3333, 3332],
        [500, 0],
      ] as const) {
        const cost = costOfImpression(media * 1000, total, agency);
        const platform = cost.advertiserMicros - cost.mediaMicros - cost.agencyMarginMicros;
        expect(platform).toBeGreaterThanOrEqual(0);
        expect(cost.agencyMarginMicros).toBeGreaterThanOrEqual(0);
        // Each part within a micro-unit of its exact share.
        expect(Math.abs(cost.agencyMarginMicros - (media * agency) / 10_000)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(platform - (media * (total - agency)) / 10_000)).toBeLessThanOrEqual(1);
      }
  });
});

describe('tracking tokens', () => {
  const tracked: TrackedBid = {
    exchangeId: 3,
    auctionId: 'a-1',
    impId: '1',
    campaignId: 9,
    creativeId: 4,
    advertiserId: 7,
    bidMicros: 2_500_000,
    marginBps: 2250,
    agencyMarginBps: 1250,
    bidAt: 1_790_000_000,
    dateKey: '2026-09-21',
    country: 'US',
    os: 'iOS',
    deviceType: 'PHONE',
    trafficType: 'APP',
    inventory: 'com.example.app',
    frequencyKey: '',
    frequencyTtl: 0,
    auctionType: 1,
    isTest: false,
  };

  it("carries the margin and the agency's part of it as signed, and refuses an altered token", () => {
    const signer = createTrackingSigner('a-secret-for-tests-only-32-chars!!');
    const token = signer.sign(tracked);
    expect(signer.verify(token)).toEqual(tracked);
    const [payload, mac] = token.split('.');
    const packed = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as unknown[];
    packed[19] = 2250;
    const altered = `${Buffer.from(JSON.stringify(packed)).toString('base64url')}.${mac}`;
    expect(signer.verify(altered)).toBeNull();
  });
});

describe('pacing', () => {
  const even = campaign({ pacing: 'EVEN', dailyBudgetMicros: 144 * USD });

  it('plans the slot from what is left of the day and grows the allowance with time', () => {
    const midnight = Date.parse('2026-03-02T00:00:00Z');
    const at = (ms: number) =>
      planPacing({ campaign: even, clock: readLocalClock('UTC', ms), nowMs: ms, spentBeforeTodayMicros: 0 });
    const start = at(midnight);
    expect(start.slot).toBe(0);
    expect(start.slotShare).toBeCloseTo(1 / 144);
    expect(pacingAllowanceMicros(start, 0, 0)).toBe(0);
    const half = at(midnight + 5 * 60_000);
    expect(pacingAllowanceMicros(half, 0, 0)).toBeCloseTo(0.5 * USD);
    // Behind at noon (spent $10 of the $72 planned): the rest is spread over the remaining slots.
    const noon = at(midnight + 12 * 3_600_000);
    expect(noon.slotShare).toBeCloseTo(1 / 72);
    expect(pacingAllowanceMicros({ ...noon, slotElapsed: 1 }, 10 * USD, 0)).toBeCloseTo(
      10 * USD + (134 * USD) / 72,
    );
  });

  it('counts only serving hours: with day-parting 09:00-17:00 the day is 8 hours long', () => {
    const grid = Array.from({ length: 7 }, () =>
      Array.from({ length: 24 }, (_, hour) => hour >= 9 && hour < 17),
    );
    const nine = Date.parse('2026-03-02T09:00:00Z');
    const plan = planPacing({
      campaign: { ...even, dayParting: grid },
      clock: readLocalClock('UTC', nine),
      nowMs: nine,
      spentBeforeTodayMicros: 0,
    });
    expect(plan.slotShare).toBeCloseTo(1 / 48);
    expect(plan.dayElapsed).toBe(0);
  });

  it('paces a DST day over its real 23 or 25 hours, and serves a repeated wall hour twice', () => {
    const zone = 'America/New_York';
    const flight = { startMs: Date.parse('2026-03-01T00:00:00Z'), endMs: Date.parse('2026-12-01T00:00:00Z') };
    const inZone = campaign({ ...even, ...flight, timeZone: zone });
    const planAt = (iso: string, patch: Partial<BidderCampaign> = {}) => {
      const ms = Date.parse(iso);
      return planPacing({
        campaign: { ...inZone, ...patch },
        clock: readLocalClock(zone, ms),
        nowMs: ms,
        spentBeforeTodayMicros: 0,
      });
    };
    // Spring forward (2026-03-08): at 12:00 EDT 11 of the day's 23 hours have passed, and the 12
    // left share what is left of the budget (a 24-hour day would plan 12/24 and 1/72).
    const spring = planAt('2026-03-08T16:00:00Z');
    expect(spring.dayElapsed).toBeCloseTo(11 / 23);
    expect(spring.slotShare).toBeCloseTo(1 / 72);
    // The day's last slot (23:50 EDT) takes all that is left: the budget is planned to be spent.
    expect(planAt('2026-03-09T03:50:00Z').slotShare).toBe(1);
    // Fall back (2026-11-01): 25 hours; at 12:00 EST 13 have passed.
    expect(planAt('2026-11-01T17:00:00Z').dayElapsed).toBeCloseTo(13 / 25);
    // Day-parting on 01:00-02:00 only: that wall hour happens twice, so the day serves 2 hours.
    const onlyOneAm = Array.from({ length: 7 }, () => Array.from({ length: 24 }, (_, hour) => hour === 1));
    const fallClock = readLocalClock(zone, Date.parse('2026-11-01T17:00:00Z'));
    const midnight = Date.parse('2026-11-01T04:00:00Z');
    expect(
      servingSecondsBetween(
        { ...inZone, dayParting: onlyOneAm },
        fallClock,
        midnight,
        0,
        fallClock.daySeconds,
      ),
    ).toBe(2 * 3600);
    // On the spring day 02:00-03:00 never happens: a grid serving only it serves nothing.
    const onlyTwoAm = Array.from({ length: 7 }, () => Array.from({ length: 24 }, (_, hour) => hour === 2));
    const springClock = readLocalClock(zone, Date.parse('2026-03-08T16:00:00Z'));
    expect(
      servingSecondsBetween(
        { ...inZone, dayParting: onlyTwoAm },
        springClock,
        Date.parse('2026-03-08T05:00:00Z'),
        0,
        springClock.daySeconds,
      ),
    ).toBe(0);
  });

  it('spreads the total over the days left when there is no daily budget', () => {
    const noDaily = campaign({
      pacing: 'EVEN',
      dailyBudgetMicros: null,
      totalBudgetMicros: 300 * USD,
      endMs: T0 + 2 * 86_400_000,
    });
    const plan = planPacing({
      campaign: noDaily,
      clock: readLocalClock('UTC', T0),
      nowMs: T0,
      spentBeforeTodayMicros: 0,
    });
    expect(plan.dayBudgetMicros).toBe(100 * USD);
  });

  it('describes the state a person reads', () => {
    const plan = planPacing({
      campaign: even,
      clock: readLocalClock('UTC', T0),
      nowMs: T0,
      spentBeforeTodayMicros: 0,
    });
    const base = {
      totalBudgetMicros: 1000 * USD,
      dailyBudgetMicros: 144 * USD,
      spentTotalMicros: 100 * USD,
      balanceMicros: 500 * USD,
      impressionMicros: 4000,
      plan,
    };
    expect(describePacing({ ...base, spentTodayMicros: 72 * USD })).toBe('ON_TRACK');
    expect(describePacing({ ...base, spentTodayMicros: 20 * USD })).toBe('BEHIND');
    expect(describePacing({ ...base, spentTodayMicros: 100 * USD })).toBe('AHEAD');
    expect(describePacing({ ...base, spentTodayMicros: 144 * USD })).toBe('CAPPED');
    expect(describePacing({ ...base, spentTodayMicros: 72 * USD, spentTotalMicros: 1000 * USD })).toBe(
      'OUT_OF_BUDGET',
    );
    expect(describePacing({ ...base, spentTodayMicros: 72 * USD, balanceMicros: 0 })).toBe('OUT_OF_FUNDS');
  });
});

describe('delivery state: budgets, funds, caps and pending spend', () => {
  const reserve = (patch: Partial<ReserveRequest> = {}, key = `k${Math.random()}`): ReserveRequest => ({
    reservationKey: key,
    campaignId: 1,
    advertiserId: 7,
    dateKey: '2026-03-02',
    amountMicros: 3000,
    totalBudgetMicros: 1000 * USD,
    dailyBudgetMicros: null,
    pacing: null,
    balance: { baseMicros: 1000 * USD, baseSpentMicros: 0 },
    frequency: null,
    nowMs: T0,
    ...patch,
  });

  it('never lets pending plus spent pass the total budget', async () => {
    const state = createMemoryDeliveryState();
    const results: string[] = [];
    for (let i = 0; i < 5; i++) results.push(await state.reserve(reserve({ totalBudgetMicros: 10_000 })));
    expect(results).toEqual(['ok', 'ok', 'ok', 'total-budget', 'total-budget']);
  });

  it('keeps the daily budget per local day and releases a lost bid', async () => {
    const state = createMemoryDeliveryState();
    expect(await state.reserve(reserve({ dailyBudgetMicros: 5000 }, 'a'))).toBe('ok');
    expect(await state.reserve(reserve({ dailyBudgetMicros: 5000 }, 'b'))).toBe('daily-budget');
    await state.release('a');
    expect(await state.reserve(reserve({ dailyBudgetMicros: 5000 }, 'c'))).toBe('ok');
    expect(await state.reserve(reserve({ dailyBudgetMicros: 5000, dateKey: '2026-03-03' }, 'd'))).toBe('ok');
  });

  it('does not bid for an advertiser whose balance cannot pay, counting pending wins', async () => {
    const state = createMemoryDeliveryState();
    const balance = { baseMicros: 7000, baseSpentMicros: 0 };
    expect(await state.reserve(reserve({ balance }, 'a'))).toBe('ok');
    expect(await state.reserve(reserve({ balance }, 'b'))).toBe('ok');
    expect(await state.reserve(reserve({ balance }, 'c'))).toBe('funds');
    // The first win is billed for less than its hold: the difference is free again.
    await state.settle({
      reservationKey: 'a',
      campaignId: 1,
      advertiserId: 7,
      dateKey: '2026-03-02',
      amountMicros: 1000,
      frequency: null,
    });
    expect(await state.reserve(reserve({ balance }, 'd'))).toBe('ok');
  });

  it('lets pending holds expire', async () => {
    const state = createMemoryDeliveryState({ defaultHoldMs: 1000 });
    expect(await state.reserve(reserve({ totalBudgetMicros: 3000 }, 'a'))).toBe('ok');
    expect(await state.reserve(reserve({ totalBudgetMicros: 3000 }, 'b'))).toBe('total-budget');
    expect(await state.reserve(reserve({ totalBudgetMicros: 3000, nowMs: T0 + 1001 }, 'c'))).toBe('ok');
  });

  it('caps impressions per user and period', async () => {
    const state = createMemoryDeliveryState();
    const capped = campaign({ frequencyCap: { count: 2, period: 'DAY' } });
    const frequency = frequencyKeyOf(capped, 'ifa-1', readLocalClock('UTC', T0), T0)!;
    expect(frequency.limit).toBe(2);
    for (const key of ['a', 'b']) {
      expect(await state.reserve(reserve({ frequency }, key))).toBe('ok');
      await state.settle({
        reservationKey: key,
        campaignId: 1,
        advertiserId: 7,
        dateKey: '2026-03-02',
        amountMicros: 3000,
        frequency,
      });
    }
    expect(await state.reserve(reserve({ frequency }, 'c'))).toBe('frequency');
    const tomorrow = frequencyKeyOf(
      capped,
      'ifa-1',
      readLocalClock('UTC', T0 + 86_400_000),
      T0 + 86_400_000,
    )!;
    expect(await state.reserve(reserve({ frequency: tomorrow }, 'd'))).toBe('ok');
    const otherUser = frequencyKeyOf(capped, 'ifa-2', readLocalClock('UTC', T0), T0)!;
    expect(await state.reserve(reserve({ frequency: otherUser }, 'e'))).toBe('ok');
  });

  it('holds even pacing to the allowance of the slot', async () => {
    const state = createMemoryDeliveryState();
    const even = campaign({ pacing: 'EVEN', dailyBudgetMicros: 144 * USD });
    const midnight = Date.parse('2026-03-02T00:00:00Z');
    const plan = planPacing({
      campaign: even,
      clock: readLocalClock('UTC', midnight + 60_000),
      nowMs: midnight + 60_000,
      spentBeforeTodayMicros: 0,
    });
    // One minute into the first 10-minute slot of a $144 day: $0.10 allowed (+ no slack).
    const outcomes: string[] = [];
    for (let i = 0; i < 40; i++)
      outcomes.push(await state.reserve(reserve({ amountMicros: 3000, pacing: { plan, slackMicros: 0 } })));
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(33);
    expect(outcomes.at(-1)).toBe('pacing');
  });
});
