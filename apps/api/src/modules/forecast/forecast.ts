// A campaign's reach and spend forecast from the request sample: each sampled request goes through
// the bidder's own eligibility (eligibility.ts, at the sample's hour in the campaign's zone), each of
// its imps through the bidder's floors, deals (the recorded ones' floors and seats too), pricing
// and creative fit (deal-terms.ts, pricing.ts, creative-match.ts). A match stands for `rate`
// requests (or its own weight: the demo's simulated requests stand for one each); the sample covers
// `days` days. Wins are the matched imps times the win rate at the campaign's price there; spend the wins
// times the price (times the observed clearing share, plus the margin); both capped by the daily
// budget and, for a daily or hourly frequency cap, by the users times the cap. Besides the average
// day, each of the next 7 days in the campaign's zone from the samples of its weekday alone (the
// traffic is weekday-shaped), or the average when the window holds too little of that weekday.
// The platform's other active campaigns (the bidder's index) bid in the same internal auction: an
// imp one of them would bid more for goes to it, and an equal price shares the imp, as runAuction's
// random tie-break does (bid-engine.ts). Pure.
import type {
  CampaignForecast,
  DayForecast,
  ForecastLimit,
  ForecastSetting,
} from '@console/core/api/forecast';
import { microsOfCpm } from '@console/core/format/money';
import { shiftDay } from '@console/core/time/zoned-time';
import type { BidderCampaign, DealBook, IndexSnapshot, ListMembership } from '../bidding/index.ts';
import {
  candidateListsOf,
  costOfImpression,
  findCreativeFit,
  findIneligibility,
  frequencyKeyOf,
  impTermsFor,
  type LocalClock,
  priceBid,
  readLocalClock,
  walkByValue,
} from '../bidding/index.ts';
import type { Sample, SampleWindow } from './sample-store.ts';
import { type RateRange, type WinData, winRateAt } from './win-rate.ts';

export type ForecastInput = {
  /** The compiled campaign; flight limits are not applied (a forecast is per day of running). */
  campaign: BidderCampaign;
  window: SampleWindow;
  rate: number;
  winData: WinData;
  membership: ListMembership;
  seat: string;
  /** The recorded deals' floors and seats (the bidder's); absent: only the requests' deal terms. */
  dealBook?: DealBook;
  /** The cap of daily spend: the daily budget, else the total over the flight's days; null: none. */
  dailyCapMicros: number | null;
  /** false: no creative chosen, so any imp format counts. */
  applyCreatives: boolean;
  audiencesApplied: boolean;
  /** Now: the next 7 days start with its day in the campaign's zone. */
  nowMs: number;
  /** The bidder's active campaigns, by exchange, format and country; absent: no rivals. */
  rivals?: Rivals;
};

/** What the forecast reads of the bidder's index to run its internal auction against the others. */
export type Rivals = Pick<IndexSnapshot, 'candidatesByExchange' | 'membership' | 'dealBook'>;

const KEYS = ['low', 'expected', 'high'] as const;
const zero = (): RateRange => ({ low: 0, expected: 0, high: 0 });

/** The kind of setting behind each reason the bidder turns a request away for (others: 'other'). */
const SETTING_OF: Readonly<Record<string, ForecastSetting>> = {
  flight: 'schedule',
  'day-parting': 'schedule',
  exchange: 'exchanges',
  country: 'geography',
  state: 'geography',
  city: 'geography',
  'geo-fence': 'geography',
  'device-type': 'device',
  os: 'device',
  browser: 'device',
  maker: 'device',
  carrier: 'device',
  'traffic-type': 'inventory',
  'app-category': 'inventory',
  'smart-app-list': 'inventory',
  'inventory-list': 'inventory',
  audience: 'audience',
  language: 'language',
  'frequency-cap-needs-user': 'user_id',
  'blocked-category': 'categories',
  'no-category': 'categories',
  'excluded-content': 'categories',
};

/** Under this expected win rate the bid, not the traffic, is what holds the wins back. */
const LOW_WIN_RATE = 0.3;

/**
 * The price the campaign would bid on an imp of a sample, or why it would not: 'deal' (a private
 * auction, or a deals-only campaign, without one of its deals open to our seat and its creatives'
 * advertiser domains), 'floor' (another currency, a predicted viewability under the minimum, a bid
 * that cannot reach the floor, the recorded deal's included) or 'format' (no creative fits the imp).
 */
const priceOnImp = (
  input: ForecastInput,
  sample: Sample,
  index: number,
): number | 'deal' | 'floor' | 'format' => {
  const { campaign } = input;
  const imp = sample.imps[index]!;
  const terms = impTermsFor(
    campaign,
    imp,
    input.seat,
    input.dealBook?.get(sample.exchangeId),
    input.applyCreatives ? campaign.creatives : null,
  );
  if (terms === 'deal') return 'deal';
  if (typeof terms === 'string') return 'floor';
  const price = priceBid(campaign, terms.floorMicros);
  if (price === null) return 'floor';
  if (
    terms.creatives &&
    !findCreativeFit(terms.creatives, {
      exchangeId: sample.exchangeId,
      imp,
      nativeRequest: sample.natives[index] ?? null,
      trackingIsSecure: true,
    })
  )
    return 'format';
  return price;
};

/**
 * The share of an imp the campaign bids on at `price` in the bidder's internal auction (runAuction:
 * one bid per imp, the highest price, ties drawn at random): 0 when another active campaign would
 * bid more, 1 / (n + 1) when n others would bid the same, else 1. The others are walked as the
 * engine walks them (the candidate index, highest value first), stopping once none left can reach
 * the price. A rival with a frequency cap stops taking a user's imps once it has bid on `count` of
 * them in the cap's period, as the bidder's counters stop it (`capUse`: its bids on the imps walked so
 * far, the samples in time order; its bids on requests this campaign cannot take are not seen, so a
 * capped rival still takes a little too much). Their budgets and pacing are not modelled.
 */
const shareOfImp = (
  input: ForecastInput,
  sample: Sample,
  index: number,
  price: number,
  clocks: Map<string, LocalClock>,
  capUse: Map<string, number>,
): number => {
  const { rivals, campaign } = input;
  if (!rivals) return 1;
  const imp = sample.imps[index]!;
  const floorMicros = microsOfCpm(imp.bidfloor ?? 0);
  const canStopEarly = (imp.pmp?.deals ?? []).length === 0;
  const { lists, overlapping } = candidateListsOf(
    rivals.candidatesByExchange.get(sample.exchangeId),
    imp,
    sample.facts.country,
  );
  const seen = overlapping ? new Set<BidderCampaign>() : null;
  let ties = 0;
  let outbid = false;
  const weight = sample.weight > 0 ? sample.weight : input.rate;
  /** The capped rivals that bid the same price: each bids on its share of the imp. */
  const tiedCaps: string[] = [];
  walkByValue(lists, (rival, valueMicros) => {
    if (canStopEarly && Math.max(valueMicros, floorMicros) < price) return false;
    if (rival.id === campaign.id) return true;
    if (seen) {
      if (seen.has(rival)) return true;
      seen.add(rival);
    }
    const clockKey = `${rival.timeZone}|${sample.atMs}`;
    let clock = clocks.get(clockKey);
    if (!clock) {
      clock = readLocalClock(rival.timeZone, sample.atMs);
      clocks.set(clockKey, clock);
    }
    const reason = findIneligibility(rival, {
      exchangeId: sample.exchangeId,
      facts: sample.facts,
      // The rival as it runs now, whenever the sample was taken: inside its flight.
      nowMs: Math.min(Math.max(sample.atMs, rival.startMs), rival.endMs - 1),
      clock,
      membership: rivals.membership,
      blockedCategories: sample.blockedCategories,
    });
    if (reason) return true;
    const terms = impTermsFor(rival, imp, input.seat, rivals.dealBook.get(sample.exchangeId));
    if (typeof terms === 'string') return true;
    const rivalPrice = priceBid(rival, terms.floorMicros);
    if (rivalPrice === null || rivalPrice < price) return true;
    const fits = findCreativeFit(terms.creatives ?? rival.creatives, {
      exchangeId: sample.exchangeId,
      imp,
      nativeRequest: sample.natives[index] ?? null,
      trackingIsSecure: true,
    });
    if (!fits) return true;
    const frequency = sample.facts.userKey
      ? frequencyKeyOf(rival, sample.facts.userKey, clock, sample.atMs)
      : null;
    if (frequency && (capUse.get(frequency.key) ?? 0) >= frequency.limit) return true;
    if (rivalPrice > price) {
      outbid = true;
      if (frequency) capUse.set(frequency.key, (capUse.get(frequency.key) ?? 0) + weight);
      return false;
    }
    ties++;
    if (frequency) tiedCaps.push(frequency.key);
    return true;
  });
  if (outbid) return 0;
  for (const key of tiedCaps) capUse.set(key, (capUse.get(key) ?? 0) + weight / (ties + 1));
  return 1 / (ties + 1);
};

type PricedOut = Record<'deal' | 'floor' | 'format' | 'own', number>;

/**
 * Why no imp could be bid on: its deals when no imp carried one open to it; else the floor, the
 * creatives or our other campaigns, whichever turned more imps away (a higher bid or another
 * creative would buy those).
 */
const pricedOutLimit = (pricedOut: PricedOut): ForecastLimit => {
  const { deal, floor, format, own } = pricedOut;
  if (deal > 0 && floor + format + own === 0) return 'DEALS';
  if (own > floor && own > format) return 'OWN_CAMPAIGNS';
  return format > floor ? 'FORMAT' : 'FLOOR';
};

const PER_DAY: Record<string, number> = { HOUR: 24, DAY: 1 };

/** Hours of a weekday the window must hold for that weekday's own forecast (else the average). */
export const MIN_WEEKDAY_HOURS = 18;

/** A day's wins and spend from the window's sums: per day, capped by the frequency cap and budget. */
const capDay = (
  wins: RateRange,
  spend: RateRange,
  perDay: number,
  winCap: number,
  cap: number,
): { wins: RateRange; spend: RateRange; frequencyCapped: boolean; budgetLimited: boolean } => {
  const dailyWins = zero();
  const dailySpend = zero();
  let frequencyCapped = false;
  for (const key of KEYS) {
    let dayWins = wins[key] * perDay;
    let daySpend = spend[key] * perDay;
    const costPerWin = wins[key] > 0 ? spend[key] / wins[key] : 0;
    if (dayWins > winCap) {
      if (key === 'expected') frequencyCapped = true;
      dayWins = winCap;
      daySpend = winCap * costPerWin;
    }
    if (daySpend > cap) {
      dayWins = costPerWin > 0 ? cap / costPerWin : dayWins;
      daySpend = cap;
    }
    dailyWins[key] = Math.round(dayWins);
    dailySpend[key] = Math.round(daySpend);
  }
  return {
    wins: dailyWins,
    spend: dailySpend,
    frequencyCapped,
    budgetLimited: spend.expected * perDay > cap,
  };
};

export const forecastCampaign = (input: ForecastInput): CampaignForecast => {
  const { campaign, window, rate, winData } = input;
  const clocks = new Map<number, LocalClock>();
  const rivalClocks = new Map<string, LocalClock>();
  /** Capped rivals' bids per frequency counter, as the walk goes (shareOfImp). */
  const rivalCapUse = new Map<string, number>();
  let matches = 0;
  /** Imps bid on, each counted for the requests its sample stands for. */
  let imps = 0;
  const userDays = new Map<string, number>();
  const wins = zero();
  const spend = zero();
  /** By local weekday (0 = Monday): wins, spend, distinct sampled hours, users of each local day. */
  const weekdayWins = Array.from({ length: 7 }, zero);
  const weekdaySpend = Array.from({ length: 7 }, zero);
  const weekdayHours = Array.from({ length: 7 }, () => 0);
  const weekdayUsers = new Map<string, { weekday: number; weight: number }>();
  const excluded = new Map<ForecastSetting, number>();
  let eligible = 0;
  const pricedOut: PricedOut = { deal: 0, floor: 0, format: 0, own: 0 };
  /** Imps our other campaigns take (weighted as `imps`). */
  let impsToRivals = 0;
  for (const sample of window.samples) {
    let clock = clocks.get(sample.atMs);
    if (!clock) {
      clock = readLocalClock(campaign.timeZone, sample.atMs);
      clocks.set(sample.atMs, clock);
      weekdayHours[clock.weekday]!++;
    }
    const reason = findIneligibility(campaign, {
      exchangeId: sample.exchangeId,
      facts: sample.facts,
      nowMs: sample.atMs,
      clock,
      membership: input.membership,
      blockedCategories: sample.blockedCategories,
    });
    if (reason) {
      const setting = SETTING_OF[reason] ?? 'other';
      excluded.set(setting, (excluded.get(setting) ?? 0) + 1);
      continue;
    }
    eligible++;
    const weight = sample.weight > 0 ? sample.weight : rate;
    let matched = false;
    for (let index = 0; index < sample.imps.length; index++) {
      const price = priceOnImp(input, sample, index);
      if (typeof price !== 'number') {
        pricedOut[price]++;
        continue;
      }
      const share = shareOfImp(input, sample, index, price, rivalClocks, rivalCapUse);
      pricedOut.own += 1 - share;
      impsToRivals += (1 - share) * weight;
      if (share === 0) continue;
      matched = true;
      imps += weight * share;
      const winRate = winRateAt(winData, price, campaign.id);
      const cost = costOfImpression(
        Math.round(price * winData.clearingRatio),
        campaign.marginBps,
      ).advertiserMicros;
      const dayWins = weekdayWins[clock.weekday]!;
      const daySpend = weekdaySpend[clock.weekday]!;
      const bids = weight * share;
      for (const key of KEYS) {
        wins[key] += winRate[key] * bids;
        spend[key] += winRate[key] * cost * bids;
        dayWins[key] += winRate[key] * bids;
        daySpend[key] += winRate[key] * cost * bids;
      }
    }
    if (!matched) continue;
    matches++;
    if (sample.userHash) {
      userDays.set(`${sample.day}|${sample.userHash}`, weight);
      weekdayUsers.set(`${clock.dateKey}|${sample.userHash}`, { weekday: clock.weekday, weight });
    }
  }
  const perDay = window.days > 0 ? 1 / window.days : 0;
  let users = 0;
  for (const weight of userDays.values()) users += weight;
  const dailyUsers = users * perDay;
  const capPerDay = campaign.frequencyCap ? PER_DAY[campaign.frequencyCap.period] : undefined;
  const winCap =
    capPerDay !== undefined && campaign.frequencyCap
      ? dailyUsers * campaign.frequencyCap.count * capPerDay
      : Number.POSITIVE_INFINITY;
  const cap = input.dailyCapMicros ?? Number.POSITIVE_INFINITY;
  const average = capDay(wins, spend, perDay, winCap, cap);
  const frequencyCapped = average.frequencyCapped;
  const usersOfWeekday = Array.from({ length: 7 }, () => 0);
  for (const { weekday, weight } of weekdayUsers.values()) usersOfWeekday[weekday]! += weight;
  const today = readLocalClock(campaign.timeZone, input.nowMs);
  const nextDays: DayForecast[] = [];
  for (let offset = 0; offset < 7; offset++) {
    const weekday = (today.weekday + offset) % 7;
    const hours = weekdayHours[weekday]!;
    const own = hours >= MIN_WEEKDAY_HOURS;
    const perWeekday = own ? 24 / hours : 0;
    const day = own
      ? capDay(
          weekdayWins[weekday]!,
          weekdaySpend[weekday]!,
          perWeekday,
          capPerDay !== undefined && campaign.frequencyCap
            ? usersOfWeekday[weekday]! * perWeekday * campaign.frequencyCap.count * capPerDay
            : Number.POSITIVE_INFINITY,
          cap,
        )
      : average;
    nextDays.push({
      date: shiftDay(today.dateKey, offset),
      weekday,
      daily_wins: day.wins,
      daily_spend_micros: day.spend,
      budget_limited: day.budgetLimited,
      from_average: !own,
    });
  }
  const winRate = zero();
  for (const key of KEYS) winRate[key] = imps > 0 ? wins[key] / imps : 0;
  const budgetLimited = average.budgetLimited;
  const limitedBy: ForecastLimit =
    window.samples.length === 0
      ? 'NO_SAMPLES'
      : eligible === 0
        ? 'TARGETING'
        : imps === 0
          ? pricedOutLimit(pricedOut)
          : budgetLimited
            ? 'BUDGET'
            : frequencyCapped
              ? 'FREQUENCY_CAP'
              : impsToRivals > imps
                ? 'OWN_CAMPAIGNS'
                : winRate.expected < LOW_WIN_RATE
                  ? 'WIN_RATE'
                  : 'REACH';
  return {
    sample_size: window.samples.length,
    sample_matches: matches,
    sample_rate: rate,
    days_sampled: Math.round(window.days * 1000) / 1000,
    daily_impressions: Math.round(imps * perDay),
    daily_unique_users: Math.round(dailyUsers),
    win_rate: winRate,
    daily_wins: average.wins,
    daily_spend_micros: average.spend,
    daily_cap_micros: input.dailyCapMicros,
    budget_limited: budgetLimited,
    creatives_applied: input.applyCreatives,
    audiences_applied: input.audiencesApplied,
    win_data_bids: winData.totalBids,
    limited_by: limitedBy,
    excluded_by: [...excluded]
      .map(([setting, samples]) => ({ setting, samples }))
      .sort((a, b) => b.samples - a.samples),
    imps_priced_out: { ...pricedOut, own: Math.round(pricedOut.own) },
    next_days: nextDays,
  };
};
