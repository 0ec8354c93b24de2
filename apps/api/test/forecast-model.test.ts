// The forecast's model alone (forecast.ts, pure): the next 7 days each from the samples of their
// weekday in the campaign's zone (the average day where the window lacks one), each capped by the
// daily budget; the platform's other campaigns taking the imps they bid more for.
import { describe, expect, it } from 'vitest';
import { type BidderCampaign, EMPTY_MEMBERSHIP } from '../src/modules/bidding/bidder-campaign.ts';
import { buildCandidateIndex } from '../src/modules/bidding/candidate-index.ts';
import { parseBidRequest } from '../src/modules/bidding/openrtb-request.ts';
import { costOfImpression, priceBid } from '../src/modules/bidding/pricing.ts';
import { readRequestFacts } from '../src/modules/bidding/request-facts.ts';
import { type ForecastInput, forecastCampaign, type Rivals } from '../src/modules/forecast/forecast.ts';
import type { Sample } from '../src/modules/forecast/sample-store.ts';
import { BUCKET_EDGES_MICROS, type WinData, winRateAt } from '../src/modules/forecast/win-rate.ts';
import { bidderCampaign, bidderCreative } from './support/bidder-fixtures.ts';

const USD = 1_000_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MONDAY = Date.parse('2026-03-02T00:00:00Z');
const EXCHANGE = 1;

/** A CPM campaign on every 300x250 of the exchange, flight open (a forecast is per day of running). */
const campaignOf = (patch: Partial<BidderCampaign> = {}): BidderCampaign =>
  bidderCampaign({
    startMs: 0,
    endMs: 8_640_000_000_000_000,
    dailyBudgetMicros: null,
    pacing: 'EVEN',
    minBidMicros: 2 * USD,
    maxBidMicros: 2 * USD,
    dealsOnly: false,
    ...patch,
  });

const parsed = parseBidRequest({
  id: 'r',
  imp: [{ id: '1', banner: { w: 300, h: 250 } }],
  site: { domain: 'news.example' },
  device: { devicetype: 2, geo: { country: 'USA' } },
});
if (!parsed.ok) throw new Error(parsed.reason);
const request = parsed.request;
const facts = readRequestFacts(request, { alpha2OfAlpha3: new Map([['USA', 'US']]), tcfVendorId: null });

/** `count` requests (weight 1 each) in the middle of an hour. */
const samplesAt = (atMs: number, count: number): Sample[] => {
  const iso = new Date(atMs).toISOString();
  return Array.from({ length: count }, () => ({
    day: iso.slice(0, 10),
    hour: Number(iso.slice(11, 13)),
    atMs: Math.floor(atMs / HOUR_MS) * HOUR_MS + HOUR_MS / 2,
    exchangeId: EXCHANGE,
    userHash: '',
    facts,
    blockedCategories: [],
    imps: request.imp,
    natives: [null],
    weight: 1,
  }));
};

/** Every hour of `days` days from `fromMs`, `perHour(weekday)` requests an hour (0 = Monday). */
const week = (fromMs: number, days: number, perHour: (weekday: number) => number) => {
  const samples: Sample[] = [];
  for (let hour = 0; hour < days * 24; hour++) {
    const atMs = fromMs + hour * HOUR_MS;
    const weekday = (new Date(atMs).getUTCDay() + 6) % 7;
    samples.push(...samplesAt(atMs, perHour(weekday)));
  }
  return samples;
};

const NO_WIN_DATA: WinData = {
  buckets: [...BUCKET_EDGES_MICROS, 0].map(() => ({ bids: 0, wins: 0 })),
  clearingRatio: 1,
  totalBids: 0,
};

const inputOf = (samples: Sample[], patch: Partial<ForecastInput> = {}): ForecastInput => {
  const hours = new Set(samples.map((sample) => sample.atMs)).size;
  return {
    campaign: campaignOf(),
    window: { samples, days: hours / 24 },
    rate: 1,
    winData: NO_WIN_DATA,
    membership: EMPTY_MEMBERSHIP,
    seat: 'seat',
    dailyCapMicros: null,
    applyCreatives: true,
    audiencesApplied: true,
    // The Monday after the sampled week, mid-morning.
    nowMs: MONDAY + 7 * DAY_MS + 10 * HOUR_MS,
    ...patch,
  };
};

/** The prior's expected win rate at the campaign's price (no win data). */
const winRate = winRateAt(NO_WIN_DATA, priceBid(campaignOf(), 0)!).expected;
const cost = costOfImpression(priceBid(campaignOf(), 0)!, 0).advertiserMicros;

describe('the forecast of the next 7 days', () => {
  it('forecasts each day from the samples of its weekday, today first, the average apart', () => {
    // One request an hour on weekdays and Saturday, three on Sunday.
    const forecast = forecastCampaign(inputOf(week(MONDAY, 7, (weekday) => (weekday === 6 ? 3 : 1))));
    expect(forecast.next_days.map((day) => day.date)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    expect(forecast.next_days.map((day) => day.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const day of forecast.next_days) {
      expect(day.from_average).toBe(false);
      const requests = day.weekday === 6 ? 72 : 24;
      expect(day.daily_wins.expected).toBe(Math.round(requests * winRate));
      expect(day.daily_spend_micros.expected).toBe(Math.round(requests * winRate * cost));
    }
    // The average day mixes them: (6 x 24 + 72) / 7 requests.
    expect(forecast.daily_wins.expected).toBe(Math.round(((6 * 24 + 72) / 7) * winRate));
    expect(forecast.daily_impressions).toBe(Math.round((6 * 24 + 72) / 7));
  });

  it("reads the weekday in the campaign's zone", () => {
    // Sunday's extra traffic in UTC is Sunday 09:00 to Monday 08:59 in Tokyo (UTC+9): both share it.
    const samples = week(MONDAY, 7, (weekday) => (weekday === 6 ? 3 : 1));
    const forecast = forecastCampaign(inputOf(samples, { campaign: campaignOf({ timeZone: 'Asia/Tokyo' }) }));
    // Tokyo's Monday 2026-03-09 begins at 2026-03-08 15:00 UTC: nowMs (Monday 10:00 UTC) is Monday 19:00 there.
    expect(forecast.next_days[0]).toMatchObject({ date: '2026-03-09', weekday: 0 });
    const byWeekday = new Map(forecast.next_days.map((day) => [day.weekday, day.daily_wins.expected]));
    // Tokyo's Sunday: 15 hours of UTC Sunday (x3) and 9 of UTC Saturday; its Monday: 9 of Sunday, 15 of Monday.
    expect(byWeekday.get(6)).toBe(Math.round((15 * 3 + 9) * winRate));
    expect(byWeekday.get(0)).toBe(Math.round((9 * 3 + 15) * winRate));
    expect(byWeekday.get(2)).toBe(Math.round(24 * winRate));
  });

  it('falls back to the average day for a weekday the window lacks, and caps each day at the budget', () => {
    // Monday to Friday only, Friday twice as busy.
    const samples = week(MONDAY, 5, (weekday) => (weekday === 4 ? 2 : 1));
    const friday = Math.round(48 * winRate * cost);
    const cap = Math.round(36 * winRate * cost);
    const forecast = forecastCampaign(inputOf(samples, { dailyCapMicros: cap }));
    const average = forecast.daily_spend_micros.expected;
    expect(average).toBe(Math.round(((4 * 24 + 48) / 5) * winRate * cost));
    for (const day of forecast.next_days) {
      expect(day.from_average).toBe(day.weekday >= 5);
      if (day.weekday >= 5) expect(day.daily_spend_micros).toEqual(forecast.daily_spend_micros);
      else if (day.weekday === 4) {
        // Friday would spend more than the cap: it is held at the cap, and says so.
        expect(friday).toBeGreaterThan(cap);
        expect(day.daily_spend_micros.expected).toBe(cap);
        expect(day.budget_limited).toBe(true);
      } else {
        expect(day.daily_spend_micros.expected).toBe(Math.round(24 * winRate * cost));
        expect(day.budget_limited).toBe(false);
      }
    }
    // A window of under 18 hours of a weekday (Monday 00:00 to 11:59) leaves it to the average too.
    const half = forecastCampaign(inputOf(week(MONDAY, 1, () => 1).slice(0, 12)));
    expect(half.next_days.every((day) => day.from_average)).toBe(true);
  });
});

describe("the bidder's internal auction against the platform's other campaigns", () => {
  const samples = week(MONDAY, 1, () => 2);
  const rivalsOf = (...campaigns: BidderCampaign[]): Rivals => ({
    candidatesByExchange: new Map([[EXCHANGE, buildCandidateIndex(campaigns, EXCHANGE)]]),
    membership: EMPTY_MEMBERSHIP,
    dealBook: new Map(),
  });
  const alone = forecastCampaign(inputOf(samples));
  const rival = (patch: Partial<BidderCampaign>) =>
    campaignOf({ id: 2, minBidMicros: 1 * USD, maxBidMicros: 4 * USD, ...patch });

  it('loses every imp to another campaign bidding more, and says so', () => {
    const forecast = forecastCampaign(inputOf(samples, { rivals: rivalsOf(rival({ bidMicros: 3 * USD })) }));
    expect(alone.daily_wins.expected).toBeGreaterThan(0);
    expect(forecast.daily_wins.expected).toBe(0);
    expect(forecast.daily_impressions).toBe(0);
    expect(forecast.imps_priced_out.own).toBe(48);
    expect(forecast.limited_by).toBe('OWN_CAMPAIGNS');
    expect(forecast.next_days.every((day) => day.daily_wins.expected === 0)).toBe(true);
  });

  it('shares the imps with one bidding the same price, as the random tie-break does', () => {
    const forecast = forecastCampaign(inputOf(samples, { rivals: rivalsOf(rival({ bidMicros: 2 * USD })) }));
    expect(forecast.daily_impressions).toBe(24);
    expect(forecast.daily_wins.expected).toBe(Math.round(24 * winRate));
    expect(forecast.imps_priced_out.own).toBe(24);
    // Half its imps go to the other, not more: the win rate, not our campaigns, holds it back.
    expect(forecast.limited_by).toBe(alone.limited_by);
  });

  it("leaves a user's imps to the campaign once a capped rival has bid its cap on that user", () => {
    // Two users, 24 imps each on one day: the rival bids more but may bid only 5 times a user a day.
    const twoUsers = samples.map((sample, index) => {
      const user = `user-${index % 2}`;
      return { ...sample, userHash: user, facts: { ...sample.facts, userKey: user } };
    });
    const capped = rival({ bidMicros: 3 * USD, frequencyCap: { count: 5, period: 'DAY' } });
    const forecast = forecastCampaign(inputOf(twoUsers, { rivals: rivalsOf(capped) }));
    expect(forecast.imps_priced_out.own).toBe(10);
    expect(forecast.daily_impressions).toBe(38);
    // Without a cap the rival takes them all.
    const uncapped = forecastCampaign(inputOf(twoUsers, { rivals: rivalsOf(rival({ bidMicros: 3 * USD })) }));
    expect(uncapped.daily_impressions).toBe(0);
  });

  it('keeps the imps a rival bids less on, cannot bid on, or that are its own stored self', () => {
    const rivals = rivalsOf(
      rival({ id: 3, bidMicros: 1.5 * USD, maxBidMicros: 1.5 * USD }),
      rival({ id: 4, bidMicros: 3 * USD, countries: new Set(['DE']) }),
      rival({ id: 5, bidMicros: 3 * USD, creatives: [bidderCreative({ width: 728, height: 90 })] }),
      // The forecast campaign itself, as the index holds it with a higher bid: not its own rival.
      rival({ id: 1, bidMicros: 3 * USD }),
    );
    const forecast = forecastCampaign(inputOf(samples, { rivals }));
    expect(forecast.daily_wins).toEqual(alone.daily_wins);
    expect(forecast.imps_priced_out.own).toBe(0);
  });
});

describe('the win rate a campaign is forecast at', () => {
  // 1,000 bids of the platform at $2 that won 30% of the time; campaign 1 won 80 of its own 100.
  const pooled = [...BUCKET_EDGES_MICROS, 0].map(() => ({ bids: 1_000, wins: 300 }));
  const own = [...BUCKET_EDGES_MICROS, 0].map(() => ({ bids: 100, wins: 80 }));
  const data: WinData = { ...NO_WIN_DATA, buckets: pooled, byCampaign: new Map([[1, own]]) };
  const price = priceBid(campaignOf(), 0)!;

  it("moves the platform's rate at the price towards the campaign's own wins", () => {
    const platform = winRateAt(data, price).expected;
    expect(platform).toBeGreaterThan(0.29);
    expect(platform).toBeLessThan(0.32);
    const campaign = winRateAt(data, price, 1);
    expect(campaign.expected).toBeGreaterThan(0.7);
    expect(campaign.expected).toBeLessThan(0.8);
    expect(campaign.low).toBeLessThan(campaign.expected);
    // A campaign with no bids of its own is forecast at the platform's rate.
    expect(winRateAt(data, price, 2).expected).toBe(platform);
  });

  it("forecasts a stored campaign's wins at its own rate", () => {
    const samples = week(MONDAY, 7, () => 1);
    const forecast = forecastCampaign(inputOf(samples, { winData: data }));
    const elsewhere = forecastCampaign(inputOf(samples, { winData: data, campaign: campaignOf({ id: 2 }) }));
    expect(forecast.daily_wins.expected).toBe(Math.round(24 * winRateAt(data, price, 1).expected));
    expect(elsewhere.daily_wins.expected).toBe(Math.round(24 * winRateAt(data, price).expected));
  });
});
