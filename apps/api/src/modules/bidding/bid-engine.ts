// One auction: for each imp, the eligible campaigns with a fitting creative are priced, the best
// ones try to reserve their cost (budgets, pacing, funds, frequency cap: one atomic step in the
// delivery state), and the first that gets it bids. No I/O but the state's.
import { createHash } from 'node:crypto';
import { microsOfCpm } from '@console/core/format/money';
import { type LocalClock, readLocalClock } from '@console/core/time/zoned-time';
import { adCategoriesOf, type BidderCampaign, type ListMembership } from './bidder-campaign.ts';
import type { IndexSnapshot } from './campaign-index.ts';
import { candidateListsOf, walkByValue } from './candidate-index.ts';
import {
  type CreativeFit,
  findCreativeFit,
  type NativeRequest,
  parseNativeRequest,
} from './creative-match.ts';
import { impTermsFor, isDomainIn } from './deal-terms.ts';
import type { DeliveryState, FrequencyKey, ReserveOutcome } from './delivery-state.ts';
import { findIneligibility, passesCategoryBlock } from './eligibility.ts';
import type { BidRequest, Deal, Imp } from './openrtb-request.ts';
import { pacingSlackMicros, planPacing } from './pacing.ts';
import { costOfImpression, priceBid } from './pricing.ts';
import { type RequestFacts, readRequestFacts } from './request-facts.ts';

/** How many of an imp's best candidates may try to reserve before the imp gets no bid. */
const MAX_RESERVE_TRIES = 3;

/**
 * Bounds on what one request can hold. Only the first MAX_IMPS_PER_REQUEST imps are answered (the
 * rest get no bid): a page or an ad pod rarely offers more, and each bid holds budget until its
 * notice comes. A campaign bids on at most MAX_BIDS_PER_CAMPAIGN_PER_REQUEST imps of a request: the
 * imps of one request are shown to one user at once, so a second slot adds no reach, doubles the
 * frequency, and would let one request hold more than one bid's price of the campaign's budget.
 */
export const MAX_IMPS_PER_REQUEST = 32;
export const MAX_BIDS_PER_CAMPAIGN_PER_REQUEST = 1;

export type AuctionDeps = {
  snapshot: IndexSnapshot;
  state: DeliveryState;
  membership: ListMembership;
  /** Our buyer seat id on exchanges (wseat/bseat). */
  seat: string;
  nowMs: number;
};

export type PlacedBid = {
  imp: Imp;
  campaign: BidderCampaign;
  fit: CreativeFit;
  priceMicros: number;
  deal: Deal | null;
  clock: LocalClock;
  frequency: FrequencyKey | null;
  reservationKey: string;
};

export type AuctionResult = {
  facts: RequestFacts;
  bids: PlacedBid[];
  /** Why nothing was bid, when that is the request's fault (OpenRTB no-bid reason). */
  noBidReason?: number;
  /** Per imp, the rule that kept the best-placed campaign out (debugging, tests). */
  outcomes: Map<string, ReserveOutcome | 'no-candidate'>;
};

const isAllowedSeat = (seat: string, request: BidRequest) =>
  !(request.bseat?.includes(seat) ?? false) &&
  (!request.wseat || request.wseat.length === 0 || request.wseat.includes(seat));

const hashUser = (key: string) => createHash('sha1').update(key).digest('base64url').slice(0, 16);

const DAY_MS = 86_400_000;
const weekOf = (dateKey: string) => Math.floor((Date.parse(`${dateKey}T00:00:00Z`) / DAY_MS + 3) / 7);

/** The frequency counter of this user for the campaign's cap period. */
export const frequencyKeyOf = (
  campaign: BidderCampaign,
  userKey: string,
  clock: LocalClock,
  nowMs: number,
): FrequencyKey | null => {
  const cap = campaign.frequencyCap;
  if (!cap) return null;
  const user = hashUser(userKey);
  const periods = {
    HOUR: { bucket: `h${Math.floor(nowMs / 3_600_000)}`, ttlSeconds: 3600 },
    DAY: { bucket: `d${clock.dateKey}`, ttlSeconds: 2 * 86_400 },
    WEEK: { bucket: `w${weekOf(clock.dateKey)}`, ttlSeconds: 8 * 86_400 },
    LIFETIME: {
      bucket: 'l',
      ttlSeconds: Math.max(86_400, Math.ceil((campaign.endMs - nowMs) / 1000) + 86_400),
    },
  } as const;
  const period = periods[cap.period];
  return { key: `${campaign.id}:${user}:${period.bucket}`, limit: cap.count, ttlSeconds: period.ttlSeconds };
};

type Candidate = {
  campaign: BidderCampaign;
  fit: CreativeFit;
  priceMicros: number;
  deal: Deal | null;
  clock: LocalClock;
};

/**
 * The imp's best MAX_RESERVE_TRIES candidates, highest price first (ties in random order, so equal
 * campaigns share the traffic). Kept as a short list while scanning: a campaign that cannot beat the
 * last of them is not fitted with a creative at all. Campaigns come highest value first
 * (`walkByValue`), so once the list is full and the next one could at most bid less than the last of
 * it (its value, or the imp's floor it would be raised to), no campaign left can: the scan stops.
 * A deal's floor can raise a campaign of any value, so imps with deals are scanned whole.
 */
const candidatesOf = (
  imp: Imp,
  request: BidRequest,
  facts: RequestFacts,
  exchangeId: number,
  deps: AuctionDeps,
  trackingIsSecure: boolean,
  clocks: Map<string, LocalClock>,
  bidsByCampaign: ReadonlyMap<number, number>,
): Candidate[] => {
  if (imp.bidfloorcur && imp.bidfloorcur.toUpperCase() !== 'USD') return [];
  const floorMicros = microsOfCpm(imp.bidfloor ?? 0);
  const nativeRequest: NativeRequest | null = imp.native
    ? parseNativeRequest(imp.native.request, imp.native.ver)
    : null;
  const deals = imp.pmp?.deals ?? [];
  const recordedDeals = deps.snapshot.dealBook.get(exchangeId);
  const blockedCategories = request.bcat ?? [];
  const filtersCreatives =
    (request.badv?.length ?? 0) > 0 || (request.bapp?.length ?? 0) > 0 || blockedCategories.length > 0;
  const best: (Candidate & { tie: number })[] = [];
  const beats = (price: number, tie: number, other: { priceMicros: number; tie: number }) =>
    price > other.priceMicros || (price === other.priceMicros && tie < other.tie);
  const { lists, overlapping } = candidateListsOf(
    deps.snapshot.candidatesByExchange.get(exchangeId),
    imp,
    facts.country,
  );
  const seen = overlapping ? new Set<BidderCampaign>() : null;
  const canStopEarly = deals.length === 0;
  walkByValue(lists, (campaign, valueMicros) => {
    if (
      canStopEarly &&
      best.length === MAX_RESERVE_TRIES &&
      Math.max(valueMicros, floorMicros) < best[best.length - 1]!.priceMicros
    )
      return false;
    if (seen) {
      if (seen.has(campaign)) return true;
      seen.add(campaign);
    }
    if ((bidsByCampaign.get(campaign.id) ?? 0) >= MAX_BIDS_PER_CAMPAIGN_PER_REQUEST) return true;
    let clock = clocks.get(campaign.timeZone);
    if (!clock) {
      clock = readLocalClock(campaign.timeZone, deps.nowMs);
      clocks.set(campaign.timeZone, clock);
    }
    const reason = findIneligibility(campaign, {
      exchangeId,
      facts,
      nowMs: deps.nowMs,
      clock,
      membership: deps.membership,
      blockedCategories,
    });
    if (reason) return true;
    const terms = impTermsFor(campaign, imp, deps.seat, recordedDeals);
    if (typeof terms === 'string') return true;
    const priceMicros = priceBid(campaign, terms.floorMicros);
    if (priceMicros === null) return true;
    const tie = Math.random();
    const last = best[best.length - 1];
    if (best.length === MAX_RESERVE_TRIES && last && !beats(priceMicros, tie, last)) return true;
    // A deal with wadomain has left only the creatives of the advertiser domains it allows.
    const offered = terms.creatives ?? campaign.creatives;
    const creatives = filtersCreatives
      ? offered.filter(
          (creative) =>
            !isDomainIn(creative.adomain, request.badv) &&
            passesCategoryBlock(adCategoriesOf(campaign, creative), blockedCategories) &&
            !(request.bapp ?? []).some((app) => creative.clickUrl?.includes(app)),
        )
      : offered;
    const fit = findCreativeFit(creatives, { exchangeId, imp, nativeRequest, trackingIsSecure });
    if (!fit) return true;
    let at = best.length;
    while (at > 0 && beats(priceMicros, tie, best[at - 1]!)) at--;
    best.splice(at, 0, { campaign, fit, priceMicros, deal: terms.deal, clock, tie });
    if (best.length > MAX_RESERVE_TRIES) best.pop();
    return true;
  });
  return best;
};

export const runAuction = async (
  request: BidRequest,
  exchangeId: number,
  deps: AuctionDeps,
  options: { trackingIsSecure: boolean },
): Promise<AuctionResult> => {
  const { snapshot } = deps;
  const facts = readRequestFacts(request, snapshot.reference);
  const outcomes: AuctionResult['outcomes'] = new Map();
  if (request.cur && request.cur.length > 0 && !request.cur.some((cur) => cur.toUpperCase() === 'USD'))
    return { facts, bids: [], outcomes };
  if (!isAllowedSeat(deps.seat, request)) return { facts, bids: [], outcomes };
  const isTest = request.test === 1;
  const clocks = new Map<string, LocalClock>();
  const bids: PlacedBid[] = [];
  const bidsByCampaign = new Map<number, number>();
  for (const imp of request.imp.slice(0, MAX_IMPS_PER_REQUEST)) {
    const candidates = candidatesOf(
      imp,
      request,
      facts,
      exchangeId,
      deps,
      options.trackingIsSecure,
      clocks,
      bidsByCampaign,
    );
    if (candidates.length === 0) outcomes.set(imp.id, 'no-candidate');
    for (const candidate of candidates) {
      const { campaign, clock } = candidate;
      const frequency = facts.userKey ? frequencyKeyOf(campaign, facts.userKey, clock, deps.nowMs) : null;
      const reservationKey = `${exchangeId}:${request.id}:${imp.id}`;
      if (!isTest) {
        const amountMicros = costOfImpression(candidate.priceMicros, campaign.marginBps).advertiserMicros;
        const before = snapshot.spentBeforeToday.get(campaign.id);
        const plan =
          campaign.pacing === 'EVEN'
            ? planPacing({
                campaign,
                clock,
                nowMs: deps.nowMs,
                spentBeforeTodayMicros:
                  before?.dateKey === clock.dateKey ? before.micros : (before?.micros ?? 0),
              })
            : null;
        const outcome = await deps.state.reserve({
          reservationKey,
          campaignId: campaign.id,
          advertiserId: campaign.advertiserId,
          dateKey: clock.dateKey,
          amountMicros,
          totalBudgetMicros: campaign.totalBudgetMicros,
          dailyBudgetMicros: campaign.dailyBudgetMicros,
          pacing: plan ? { plan, slackMicros: pacingSlackMicros(plan, amountMicros) } : null,
          balance: snapshot.balances.get(campaign.advertiserId) ?? { baseMicros: 0, baseSpentMicros: 0 },
          frequency,
          nowMs: deps.nowMs,
          holdMs: snapshot.exchangeSettings.get(exchangeId)?.noticeWindowMs,
        });
        outcomes.set(imp.id, outcome);
        if (outcome !== 'ok') continue;
      }
      bids.push({ imp, ...candidate, frequency, reservationKey });
      bidsByCampaign.set(campaign.id, (bidsByCampaign.get(campaign.id) ?? 0) + 1);
      break;
    }
  }
  return { facts, bids, outcomes };
};
