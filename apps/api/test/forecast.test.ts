// Reach and spend forecasts: the bidder samples 1 in N valid bid requests (in
// batches, never test requests, old days deleted); POST /api/campaigns/forecast and GET
// /api/campaigns/:id/forecast answer daily impressions, unique users, wins and spend from the
// sample and the win rate by bid price, checked here against numbers computed independently.
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignCreatives, campaignExchanges, campaigns } from '../src/db/schema/campaigns.ts';
import { bidRequestSamples, deliveryEvents } from '../src/db/schema/delivery.ts';
import { userConfigs, users } from '../src/db/schema/users.ts';
import type { BidRequest, Deal } from '../src/modules/bidding/openrtb-request.ts';
import { readRequestFacts } from '../src/modules/bidding/request-facts.ts';
import { createRequestSampler, isSampledUser, sampleOf } from '../src/modules/bidding/request-sampler.ts';
import { findUserByEmail } from '../src/platform/user-queries.ts';
import { DEMO_DELIVERY_ADVERTISER, seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { seedDemoSamples } from '../src/seed/demo-samples.ts';
import { dataOf } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const RATE = 10;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/openrtb/${name}.json`, import.meta.url), 'utf8'));

let t: TestApp;
let advertiserId: number;
let campaignId: number;
let mrecId: number;
let exchangeIds: number[];
let openxId: number;
let advertiserToken: string;

beforeAll(async () => {
  t = await startTestApp({ bidSampleRate: RATE });
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  await t.bidder.index.reload();
  advertiserToken = await t.loginAs(DEMO_DELIVERY_ADVERTISER);
  const db = t.deps.db;
  advertiserId = (await findUserByEmail(db, DEMO_DELIVERY_ADVERTISER))!.id;
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.advertiserId, advertiserId), eq(campaigns.name, 'Open Web Display')));
  campaignId = campaign!.id;
  const [link] = await db
    .select({ creativeId: campaignCreatives.creativeId })
    .from(campaignCreatives)
    .where(eq(campaignCreatives.campaignId, campaignId));
  mrecId = link!.creativeId;
  exchangeIds = (
    await db
      .select({ id: campaignExchanges.exchangeId })
      .from(campaignExchanges)
      .where(eq(campaignExchanges.campaignId, campaignId))
  ).map((row) => row.id);
  const [openx] = await db
    .execute<{ id: number }>(sql`select id from exchanges where key = 'openx'`)
    .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
  openxId = openx!.id;
  // The drafts are forecast alone first: Open Web Display, the demo campaign on the same traffic, paused.
  await setOpenWebDisplay('PAUSED');
});
afterAll(() => t.close());

/** Pauses or resumes Open Web Display, and has the bidder's index (the forecast's rivals) read it. */
const setOpenWebDisplay = async (status: 'ACTIVE' | 'PAUSED') => {
  await t.deps.db.update(campaigns).set({ status }).where(eq(campaigns.id, campaignId));
  await t.bidder.index.reload();
};

const userOf = (wanted: boolean, prefix: string) => {
  for (let n = 0; ; n++) {
    const key = `${prefix}-${n}`;
    if (isSampledUser(key, RATE) === wanted) return key;
  }
};

/** A sample written as the bidder writes it, at an hour. */
const sampleAt = (atMs: number, request: Partial<BidRequest>) => {
  const full = { id: 'x', ...request } as BidRequest;
  return sampleOf(
    full,
    readRequestFacts(full, { alpha2OfAlpha3: new Map(), tcfVendorId: null }),
    openxId,
    atMs,
  );
};
const webBanner = (country: string, user: string, floor: number): Partial<BidRequest> => ({
  imp: [{ id: '1', bidfloor: floor, banner: { w: 300, h: 250 } }],
  site: { domain: 'news.example' },
  device: { devicetype: 2, os: 'Windows', geo: { country } },
  user: { id: user },
});
const webVideo = (country: string, user: string): Partial<BidRequest> => ({
  imp: [{ id: '1', bidfloor: 1, video: { w: 640, h: 480, mimes: ['video/mp4'], protocols: [2, 3] } }],
  site: { domain: 'tv.example' },
  device: { devicetype: 2, os: 'Windows', geo: { country } },
  user: { id: user },
});

/** The win rate's Beta posterior as the forecast documents it: prior p0 = bid / (bid + $2.50), weight 20. */
const beta = (bids: number, wins: number, bidUsd: number) => {
  const p0 = bidUsd / (bidUsd + 2.5);
  const a = wins + 20 * p0;
  const b = bids - wins + 20 * (1 - p0);
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  return { low: mean - 1.645 * sd, expected: mean, high: mean + 1.645 * sd };
};

describe('campaign forecasts', () => {
  const HOURS = 48;
  const BIDS = 100;
  const WINS = 40;
  let marginBps: number;

  beforeAll(async () => {
    const db = t.deps.db;
    const start = Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS;
    const rows = [];
    for (let hour = 0; hour < HOURS; hour++) {
      const at = start + hour * HOUR_MS + 60_000;
      rows.push(sampleAt(at, webBanner('US', `u${hour % 5}`, 0.5)));
      rows.push(sampleAt(at, webBanner('GB', `g${hour % 3}`, 0.5)));
      // A floor above the max bid ($5): never bid.
      rows.push(sampleAt(at, webBanner('US', 'rich', 9)));
      if (hour % 2 === 0) rows.push(sampleAt(at, webVideo('US', 'viewer')));
    }
    await db.insert(bidRequestSamples).values(rows);
    // Only these events: the sampler's bid requests above placed real bids.
    await db.delete(deliveryEvents);
    // The win data: 100 bids at $2.50 of which 40 won, billed at $2.00 (a clearing share of 0.8).
    const day = new Date().toISOString().slice(0, 10);
    const base = {
      day,
      occurredAt: new Date(),
      exchangeId: openxId,
      impId: '1',
      campaignId,
      creativeId: mrecId,
      advertiserId,
      trafficType: 'WEB',
      bidMicros: 2_500_000,
    };
    const events = [];
    for (let n = 0; n < BIDS; n++) {
      events.push({ ...base, type: 'BID' as const, auctionId: `w${n}` });
      if (n < WINS) {
        events.push({ ...base, type: 'WIN' as const, auctionId: `w${n}` });
        events.push({ ...base, type: 'BILLING' as const, auctionId: `w${n}`, mediaCostMicros: 2_000 });
      }
    }
    await db.insert(deliveryEvents).values(events);
    const [config] = await db
      .select({ marginBps: userConfigs.marginBps })
      .from(userConfigs)
      .where(eq(userConfigs.userId, advertiserId));
    marginBps = config?.marginBps ?? 0;
  });

  const draft = (patch: Record<string, unknown> = {}) => ({
    bid_micros: 2_500_000,
    min_bid_micros: 500_000,
    max_bid_micros: 5_000_000,
    daily_budget_micros: 1_000_000_000,
    exchange_ids: exchangeIds,
    creative_ids: [mrecId],
    targeting: { countries: ['US'] },
    ...patch,
  });

  type Forecast = {
    sample_size: number;
    sample_matches: number;
    sample_rate: number;
    days_sampled: number;
    daily_impressions: number;
    daily_unique_users: number;
    win_rate: { low: number; expected: number; high: number };
    daily_wins: { low: number; expected: number; high: number };
    daily_spend_micros: { low: number; expected: number; high: number };
    daily_cap_micros: number | null;
    budget_limited: boolean;
    creatives_applied: boolean;
    win_data_bids: number;
    limited_by: string;
    excluded_by: { setting: string; samples: number }[];
    imps_priced_out: { floor: number; format: number; own: number };
    next_days: {
      date: string;
      weekday: number;
      daily_wins: { expected: number };
      from_average: boolean;
    }[];
  };
  const forecastOf = async (body: unknown, token = advertiserToken) => {
    const result = await t.call('POST', '/api/campaigns/forecast', { token, body });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return { forecast: dataOf<Forecast>(result) };
  };

  it("counts the targeted, fitting imps a day, the users, the wins and spend at the bid's win rate", async () => {
    const { forecast } = await forecastOf(draft());
    // 2 days of hours; the US 300x250 banners under the max bid match: 48 samples of 10 requests.
    const days = HOURS / 24;
    const impressions = (HOURS * RATE) / days;
    expect(forecast).toMatchObject({
      sample_size: HOURS * 3 + HOURS / 2,
      sample_matches: HOURS,
      sample_rate: RATE,
      days_sampled: days,
      daily_impressions: impressions,
      // u0..u4 each day.
      daily_unique_users: (5 * days * RATE) / days,
      creatives_applied: true,
      budget_limited: false,
      win_data_bids: BIDS,
      // What holds it back: the GB request of each hour is turned away by the country targeting, and at this
      // bid and its win rate the targeted traffic, not the budget, is the limit.
      excluded_by: [{ setting: 'geography', samples: HOURS }],
    });
    const rate = beta(BIDS, WINS, 2.5);
    expect(forecast.limited_by).toBe(rate.expected < 0.3 ? 'WIN_RATE' : 'REACH');
    const costMicros = Math.round((2_000 * (10_000 + marginBps)) / 10_000);
    for (const key of ['low', 'expected', 'high'] as const) {
      expect(forecast.win_rate[key]).toBeCloseTo(rate[key], 6);
      expect(forecast.daily_wins[key]).toBe(Math.round(impressions * rate[key]));
      expect(forecast.daily_spend_micros[key]).toBe(Math.round(impressions * rate[key] * costMicros));
    }
  });

  it('forecasts the next 7 days from their weekdays, the average where the sample lacks one', async () => {
    const { forecast } = await forecastOf(draft({ time_zone: 'UTC' }));
    const today = new Date().toISOString().slice(0, 10);
    const days = forecast.next_days;
    expect(days.map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, n) =>
        new Date(Date.parse(today) + n * DAY_MS).toISOString().slice(0, 10),
      ),
    );
    expect(days[0]!.weekday).toBe((new Date(Date.parse(today)).getUTCDay() + 6) % 7);
    // The sample holds the two whole days before today, alike: in 5 and 6 days their weekdays come
    // again, from their own samples; the other days take the average.
    expect(days.map((day) => day.from_average)).toEqual([true, true, true, true, true, false, false]);
    for (const day of days) expect(day.daily_wins.expected).toBe(forecast.daily_wins.expected);
  });

  it('counts every format without creatives, and caps wins and spend at the daily budget', async () => {
    const open = (await forecastOf(draft({ creative_ids: [] }))).forecast;
    expect(open.creatives_applied).toBe(false);
    // The video imps (every other hour, one viewer) would join, but Video Pre-roll, active, bids $8 on them.
    expect(open.daily_impressions).toBe((HOURS * RATE) / 2);
    expect(open.imps_priced_out.own).toBe(HOURS / 2);
    expect(open.daily_unique_users).toBe(5 * RATE);

    const cap = 10_000; // $0.01 a day
    const capped = (await forecastOf(draft({ daily_budget_micros: cap }))).forecast;
    expect(capped.budget_limited).toBe(true);
    expect(capped.limited_by).toBe('BUDGET');
    expect(capped.daily_cap_micros).toBe(cap);
    const costMicros = Math.round((2_000 * (10_000 + marginBps)) / 10_000);
    expect(capped.daily_spend_micros.expected).toBe(cap);
    expect(capped.daily_wins.expected).toBe(Math.round(cap / costMicros));
  });

  it("adds the advertiser's agency's margin to the spend, as the ledger bills it", async () => {
    const db = t.deps.db;
    const agencyId = (await findUserByEmail(db, 'agency@demo.test'))!.id;
    const [agencyConfig] = await db
      .select({ marginBps: userConfigs.marginBps })
      .from(userConfigs)
      .where(eq(userConfigs.userId, agencyId));
    await db
      .insert(userConfigs)
      .values({ userId: agencyId, marginBps: 1000 })
      .onConflictDoUpdate({ target: userConfigs.userId, set: { marginBps: 1000 } });
    await db.update(users).set({ agencyId }).where(eq(users.id, advertiserId));
    try {
      const cap = 10_000;
      const capped = (await forecastOf(draft({ daily_budget_micros: cap }))).forecast;
      // $2.00 of media with the advertiser's margin and 10% more for the agency.
      const costMicros = Math.round((2_000 * (10_000 + marginBps + 1000)) / 10_000);
      expect(capped.daily_wins.expected).toBe(Math.round(cap / costMicros));
      const { forecast } = await forecastOf(draft());
      const rate = beta(BIDS, WINS, 2.5);
      const impressions = (HOURS * RATE) / (HOURS / 24);
      expect(forecast.daily_spend_micros.expected).toBe(Math.round(impressions * rate.expected * costMicros));
    } finally {
      await db.update(users).set({ agencyId: null }).where(eq(users.id, advertiserId));
      await db
        .update(userConfigs)
        .set({ marginBps: agencyConfig?.marginBps ?? 0 })
        .where(eq(userConfigs.userId, agencyId));
    }
  });

  it('applies the targeting through the bidder: a country without traffic, a bid under every floor', async () => {
    const france = (await forecastOf(draft({ targeting: { countries: ['FR'] } }))).forecast;
    expect(france.daily_impressions).toBe(0);
    // Says why: every sampled request was turned away by the geography.
    expect(france.limited_by).toBe('TARGETING');
    expect(france.excluded_by).toEqual([{ setting: 'geography', samples: france.sample_size }]);
    const gb = (await forecastOf(draft({ targeting: { countries: ['GB'] } }))).forecast;
    expect(gb.daily_unique_users).toBe(3 * RATE);
    // A max bid of $0.40 cannot reach the $0.50 floors.
    const low = draft({ bid_micros: 400_000, min_bid_micros: 100_000, max_bid_micros: 400_000 });
    const underFloor = (await forecastOf(low)).forecast;
    expect(underFloor.daily_impressions).toBe(0);
    expect(underFloor.limited_by).toBe('FLOOR');
    expect(underFloor.imps_priced_out.floor).toBeGreaterThan(0);
  });

  it('loses the imps an active campaign bids more for, and shares those it bids the same for', async () => {
    // Open Web Display bids $2.50 on every US and GB 300x250 of the sample, as the draft does.
    await setOpenWebDisplay('ACTIVE');
    try {
      const targeting = { countries: ['US', 'GB'] };
      const tied = (await forecastOf(draft({ targeting }))).forecast;
      // The bidder's auction draws one of two equal bids at random: half the imps each.
      expect(tied.daily_impressions).toBe((2 * HOURS * RATE) / 2 / 2);
      expect(tied.imps_priced_out.own).toBe(HOURS);
      const rate = beta(BIDS, WINS, 2.5);
      expect(tied.daily_wins.expected).toBe(Math.round(((2 * HOURS * RATE) / 4) * rate.expected));
      // At $2.40 Open Web Display takes them all, and the forecast says why.
      const under = (await forecastOf(draft({ targeting, bid_micros: 2_400_000, max_bid_micros: 2_400_000 })))
        .forecast;
      expect(under.daily_impressions).toBe(0);
      expect(under.imps_priced_out.own).toBe(2 * HOURS);
      expect(under.limited_by).toBe('OWN_CAMPAIGNS');
      // Its own stored forecast does not compete with itself.
      const own = await t.call('GET', `/api/campaigns/${campaignId}/forecast`, { token: advertiserToken });
      expect(dataOf<Forecast>(own).daily_impressions).toBe((2 * HOURS * RATE) / 2);
      expect(dataOf<Forecast>(own).imps_priced_out.own).toBe(0);
      // Nor do the form's settings of it (campaign_id: the campaign being edited), for whoever may read it.
      const edited = (await forecastOf(draft({ targeting, campaign_id: campaignId }))).forecast;
      expect(edited.daily_impressions).toBe((2 * HOURS * RATE) / 2);
      expect(edited.imps_priced_out.own).toBe(0);
      const foreign = await t.call('POST', '/api/campaigns/forecast', {
        token: await t.loginAs('adv1@demo.test'),
        body: draft({ exchange_ids: [], creative_ids: [], campaign_id: campaignId }),
      });
      expect(foreign.status).toBe(404);
    } finally {
      await setOpenWebDisplay('PAUSED');
    }
  });

  it("forecasts a stored campaign for its owner and staff, not for another tenant's users", async () => {
    const path = `/api/campaigns/${campaignId}/forecast`;
    const own = await t.call('GET', path, { token: advertiserToken });
    expect(own.status).toBe(200);
    // Open Web Display: WEB traffic, the 300x250 image, $2.50: every US and GB 300x250 at $0.50.
    expect(dataOf<Forecast>(own).daily_impressions).toBe((2 * HOURS * RATE) / 2);
    expect(dataOf<Forecast>(own).next_days).toHaveLength(7);
    const admin = await t.call('GET', path, { token: await t.loginAs('admin@demo.test') });
    expect(admin.status).toBe(200);
    expect((await t.call('GET', path)).status).toBe(401);
    expect((await t.call('GET', path, { token: await t.loginAs('adv1@demo.test') })).status).toBe(404);
    expect((await t.call('GET', path, { token: await t.loginAs('agency@demo.test') })).status).toBe(404);
  });

  it('checks the draft: no token, another tenant, a creative that is not the advertiser’s', async () => {
    expect((await t.call('POST', '/api/campaigns/forecast', { body: draft() })).status).toBe(401);
    const agency = await t.loginAs('agency@demo.test');
    const foreign = await t.call('POST', '/api/campaigns/forecast', {
      token: agency,
      body: draft({ advertiser_id: advertiserId }),
    });
    // As creating a campaign for that advertiser: refused on advertiser_id.
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('advertiser_id');
    const otherToken = await t.loginAs('adv1@demo.test');
    const other = await t.call('POST', '/api/campaigns/forecast', {
      token: otherToken,
      body: draft({ exchange_ids: [], creative_ids: [mrecId] }),
    });
    expect(other.status).toBe(400);
    expect(other.body.errors).toHaveProperty('creative_ids');
    const named = await t.call('POST', '/api/campaigns/forecast', {
      token: otherToken,
      body: draft({ exchange_ids: [], creative_ids: [], advertiser_id: advertiserId }),
    });
    expect(named.status).toBe(400);
    // An agency must name one of its advertisers.
    expect((await t.call('POST', '/api/campaigns/forecast', { token: agency, body: draft() })).status).toBe(
      400,
    );
  });
});

describe('forecasts of a campaign buying through deals', () => {
  const HOURS = 24;
  const deal = (id: string, extra: Omit<Deal, 'id'> = {}): Deal => ({ id, bidfloor: 0.8, ...extra });
  const withDeals = (user: string, deals: Deal[]): Partial<BidRequest> => ({
    ...webBanner('US', user, 0.5),
    imp: [{ id: '1', bidfloor: 0.5, banner: { w: 300, h: 250 }, pmp: { private_auction: 0, deals } }],
  });
  let adminToken: string;
  let recordedId: number;

  beforeAll(async () => {
    const db = t.deps.db;
    await db.delete(bidRequestSamples);
    adminToken = await t.loginAs('admin@demo.test');
    const record = async (dealId: string, floorMicros: number, seats: string[]) =>
      dataOf<{ id: number }>(
        await t.call('POST', '/api/deals', {
          token: adminToken,
          body: {
            exchange_id: openxId,
            deal_id: dealId,
            name: dealId,
            floor_micros: floorMicros,
            seats,
            advertiser_id: null,
          },
        }),
      ).id;
    recordedId = await record('FC-OURS', 1_500_000, [t.deps.config.bidderSeat]);
    await record('FC-OTHER-SEAT', 0, ['someone-else']);
    const start = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
    const rows = [];
    for (let hour = 0; hour < HOURS; hour++) {
      const at = start + hour * HOUR_MS + 60_000;
      // Ours, open to our seat on both sides, for any advertiser: bid at the recorded $1.50 floor.
      rows.push(sampleAt(at, withDeals(`a${hour % 4}`, [deal('FC-OURS')])));
      // Ours but recorded for another buyer's seat, or sent for another seat (wseat).
      rows.push(sampleAt(at, withDeals('b', [deal('FC-OTHER-SEAT')])));
      rows.push(sampleAt(at, withDeals('c', [deal('FC-WSEAT', { wseat: ['someone-else'] })])));
      // Ours, but only for another advertiser's domain (wadomain), then for ours.
      rows.push(sampleAt(at, withDeals('d', [deal('FC-DOMAIN', { wadomain: ['contoso-motors.example'] })])));
      if (hour % 2 === 0)
        rows.push(
          sampleAt(at, withDeals('e', [deal('FC-DOMAIN', { wadomain: ['tailspin-travel.example'] })])),
        );
      // No deal at all.
      rows.push(sampleAt(at, webBanner('US', 'f', 0.5)));
    }
    await db.insert(bidRequestSamples).values(rows);
  });
  afterAll(async () => {
    await t.deps.db.delete(bidRequestSamples);
  });

  const dealDraft = (dealIds: string[], dealsOnly = true, bid = 2_500_000) => ({
    bid_micros: bid,
    min_bid_micros: 500_000,
    max_bid_micros: bid,
    daily_budget_micros: 1_000_000_000,
    exchange_ids: [openxId],
    creative_ids: [mrecId],
    targeting: { countries: ['US'], deal_ids: dealIds, deals_only: dealsOnly },
  });
  const forecast = async (body: unknown) => {
    const result = await t.call('POST', '/api/campaigns/forecast', { token: advertiserToken, body });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return dataOf<{
      daily_impressions: number;
      daily_unique_users: number;
      sample_matches: number;
      limited_by: string;
      imps_priced_out: { deal: number; floor: number; format: number };
    }>(result);
  };
  const ALL = ['FC-OURS', 'FC-OTHER-SEAT', 'FC-WSEAT', 'FC-DOMAIN'];

  it('counts only the sampled requests carrying one of its deals open to our seat and its ads’ domain', async () => {
    const only = await forecast(dealDraft(ALL));
    // FC-OURS every hour, FC-DOMAIN for tailspin-travel.example every other hour: 36 of 24 hours.
    expect(only.sample_matches).toBe(HOURS + HOURS / 2);
    expect(only.daily_impressions).toBe((HOURS + HOURS / 2) * RATE);
    // a0..a3 and e.
    expect(only.daily_unique_users).toBe(5 * RATE);
    // The other seat's, the wseat's, contoso's domain and the deal-less request, each hour.
    expect(only.imps_priced_out.deal).toBe(4 * HOURS);
    // Not deals-only: every sampled US banner, in its deal or the open auction.
    const open = await forecast(dealDraft(ALL, false));
    expect(open.daily_impressions).toBe((5 * HOURS + HOURS / 2) * RATE);
  });

  it('says the deals limit it when no sampled request carries one open to it', async () => {
    const none = await forecast(dealDraft(['FC-OTHER-SEAT', 'FC-WSEAT', 'NEVER-SENT']));
    expect(none.daily_impressions).toBe(0);
    expect(none.limited_by).toBe('DEALS');
  });

  it("prices against the recorded deal's floor, read again after it changes", async () => {
    // A $1.20 bid clears the requests' $0.80 deal floor but not the recorded $1.50.
    const low = await forecast(dealDraft(['FC-OURS'], true, 1_200_000));
    expect(low.daily_impressions).toBe(0);
    expect(low.limited_by).toBe('FLOOR');
    const edit = await t.call('PUT', `/api/deals/${recordedId}`, {
      token: adminToken,
      body: {
        exchange_id: openxId,
        deal_id: 'FC-OURS',
        name: 'FC-OURS',
        floor_micros: 1_000_000,
        seats: [t.deps.config.bidderSeat],
        advertiser_id: null,
      },
    });
    expect(edit.status).toBe(200);
    expect((await forecast(dealDraft(['FC-OURS'], true, 1_200_000))).daily_impressions).toBe(HOURS * RATE);
  });
});

// Last: the forecasts above read the sample table first (the store caches what it read).
describe('the request sampler', () => {
  it('keeps sampled users, every Nth keyless request, no test request', async () => {
    const db = t.deps.db;
    await t.bidder.sampler.flush();
    await db.delete(bidRequestSamples);
    const post = (patch: Record<string, unknown>) =>
      t.call('POST', '/openrtb/2.6/openx', {
        body: { ...fixture('simple-banner'), id: `s-${Math.random()}`, ...patch },
        headers: { 'x-openrtb-version': '2.6' },
      });
    const sampled = userOf(true, 'in');
    const skipped = userOf(false, 'out');
    for (let n = 0; n < 3; n++) await post({ user: { id: sampled } });
    for (let n = 0; n < 3; n++) await post({ user: { id: skipped } });
    // Keyless: the 1st and the 11th of 12 are kept.
    for (let n = 0; n < 12; n++) await post({ user: undefined });
    await post({ user: { id: sampled }, test: 1 });
    // Written by the sampler's flush (every 5 s and on close), not by the bid requests.
    await t.bidder.sampler.flush();
    const rows = await db.select().from(bidRequestSamples);
    expect(rows.filter((row) => row.userHash !== '').length).toBe(3);
    expect(rows.filter((row) => row.userHash === '').length).toBe(2);
    const row = rows.find((entry) => entry.userHash !== '')!;
    expect(row.userHash).not.toContain(sampled);
    expect(row.exchangeId).toBe(openxId);
    expect(row.day).toBe(new Date().toISOString().slice(0, 10));
    expect(row.facts).toMatchObject({ trafficType: 'WEB', inventoryKey: 'www.foobar.com' });
    expect(row.facts).not.toHaveProperty('userKey');
    expect(row.imps).toEqual([{ id: '1', bidfloor: 0.03, banner: { w: 300, h: 250 } }]);
    await db.delete(bidRequestSamples);
  });

  it('deletes the days older than the 7 kept when a flush sees a new day', async () => {
    const db = t.deps.db;
    const now = Date.parse('2026-03-10T12:00:00Z');
    const row = (day: string) => ({ day, hour: 1, exchangeId: openxId, facts: {}, imps: [] });
    await db.insert(bidRequestSamples).values([row('2026-03-03'), row('2026-03-04'), row('2026-03-10')]);
    const sampler = createRequestSampler(db, { now: () => now });
    await sampler.close();
    const days = (await db.select({ day: bidRequestSamples.day }).from(bidRequestSamples)).map((r) => r.day);
    expect(days.sort()).toEqual(['2026-03-04', '2026-03-10']);
    await db.delete(bidRequestSamples);
  });
});

describe('the demo request sample', () => {
  it('writes a week of the demo traffic, each request once, that the demo campaigns forecast on', async () => {
    const db = t.deps.db;
    await db.delete(bidRequestSamples);
    // The seed writes whole hours up to now: in the first hour of a UTC day today has none yet, so
    // the week is written as of half past one today at the earliest (7 days whatever the clock).
    const startOfDay = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const now = new Date(Math.max(Date.now(), startOfDay + 90 * 60_000));
    const perDay = 300;
    const { samples } = await seedDemoSamples(db, { requestsPerDay: perDay, now });
    expect(samples).toBeGreaterThan(6 * perDay * 0.8);
    const rows = await db.select().from(bidRequestSamples);
    expect(rows).toHaveLength(samples);
    expect(new Set(rows.map((row) => row.day)).size).toBe(7);
    // Every simulated request stands for itself, not for the sampling rate's RATE requests.
    expect(rows.every((row) => row.weight === 1)).toBe(true);
    // Written again: skipped, the sample is there.
    expect((await seedDemoSamples(db, { requestsPerDay: perDay, now })).samples).toBe(0);
    const forecast = dataOf<{ daily_impressions: number; sample_size: number }>(
      await t.call('GET', `/api/campaigns/${campaignId}/forecast`, { token: advertiserToken }),
    );
    expect(forecast.sample_size).toBe(samples);
    // A share of the day's requests: more than none, never more than there are.
    expect(forecast.daily_impressions).toBeGreaterThan(0);
    expect(forecast.daily_impressions).toBeLessThan(perDay);
  });
});
