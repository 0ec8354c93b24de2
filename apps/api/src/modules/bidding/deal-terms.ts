// On which terms a campaign may bid on an imp: the deal it buys through (its floor, seats and allowed
// advertiser domains, as the request sends them and as we recorded them), the floor, the predicted
// viewability. The bidder (bid-engine.ts) and the forecast (modules/forecast) both decide with it.
import { microsOfCpm } from '@console/core/format/money';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deals } from '../../db/schema/reference.ts';
import type { BidderCampaign, BidderCreative } from './bidder-campaign.ts';
import type { Deal, Imp } from './openrtb-request.ts';

/** A deal as we agreed it with its exchange (the deals table): our floor and the seats it admits. */
export type DealTerms = { floorMicros: number; seats: readonly string[] };
/** Recorded deals by exchange id, then by the deal id the exchange sends. */
export type DealBook = ReadonlyMap<number, ReadonlyMap<string, DealTerms>>;

/** The recorded deals (of one exchange, or all), as the bidder and the forecast hold them. */
export const readDealBook = async (db: DbOrTx, exchangeId?: number): Promise<DealBook> => {
  const book = new Map<number, Map<string, DealTerms>>();
  for (const row of await db
    .select({
      exchangeId: deals.exchangeId,
      dealId: deals.dealId,
      floorMicros: deals.floorMicros,
      seats: deals.seats,
    })
    .from(deals)
    .where(exchangeId === undefined ? undefined : eq(deals.exchangeId, exchangeId))) {
    const terms = book.get(row.exchangeId) ?? new Map<string, DealTerms>();
    terms.set(row.dealId, { floorMicros: row.floorMicros, seats: row.seats });
    book.set(row.exchangeId, terms);
  }
  return book;
};

/** Whether a domain is one of a list's or under one (example.com covers shop.example.com). */
export const isDomainIn = (domain: string | null, list: readonly string[] | undefined) =>
  domain !== null &&
  (list ?? []).some((entry) => {
    const host = entry.toLowerCase().replace(/^www\./, '');
    const own = domain.toLowerCase();
    return own === host || own.endsWith(`.${host}`);
  });

/**
 * The creatives a deal lets us show: with `wadomain`, only those whose advertiser domain it lists;
 * null (creatives not chosen yet, the forecast's draft) stays null.
 */
const allowedBy = (deal: Deal, creatives: readonly BidderCreative[] | null) =>
  creatives === null || !deal.wadomain || deal.wadomain.length === 0
    ? creatives
    : creatives.filter((creative) => isDomainIn(creative.adomain, deal.wadomain));

/**
 * The deal of the imp this campaign may buy through, with the floor it is bought at and the
 * creatives it may show there, or null: one of its deal ids, in USD, whose wseat (the request's, and
 * the recorded deal's seats) lets our seat buy, and whose wadomain admits one of the creatives. A
 * deal for other buyers' seats is not ours to bid into: the answer's seat is always ours. The floor
 * is the request's deal floor, raised to the recorded one (what we agreed to pay).
 */
export const findDeal = (
  campaign: BidderCampaign,
  imp: Imp,
  seat: string,
  recorded: ReadonlyMap<string, DealTerms> | undefined,
  creatives: readonly BidderCreative[] | null,
): { deal: Deal; floorMicros: number; creatives: readonly BidderCreative[] | null } | null => {
  if (campaign.dealIds.size === 0) return null;
  for (const deal of imp.pmp?.deals ?? []) {
    if (!campaign.dealIds.has(deal.id)) continue;
    if (deal.bidfloorcur && deal.bidfloorcur.toUpperCase() !== 'USD') continue;
    if (deal.wseat && deal.wseat.length > 0 && !deal.wseat.includes(seat)) continue;
    const terms = recorded?.get(deal.id);
    if (terms && terms.seats.length > 0 && !terms.seats.includes(seat)) continue;
    const allowed = allowedBy(deal, creatives);
    if (allowed !== null && allowed.length === 0) continue;
    return {
      deal,
      floorMicros: Math.max(microsOfCpm(deal.bidfloor ?? 0), terms?.floorMicros ?? 0),
      creatives: allowed,
    };
  }
  return null;
};

/**
 * The viewability the exchange predicts for the imp (imp.metric of type "viewability", 0 to 1):
 * the lowest when several vendors give one, null when none does.
 */
export const predictedViewability = (imp: Imp): number | null => {
  let lowest: number | null = null;
  for (const metric of imp.metric ?? [])
    if (metric.type.toLowerCase() === 'viewability' && metric.value >= 0 && metric.value <= 1)
      lowest = lowest === null ? metric.value : Math.min(lowest, metric.value);
  return lowest;
};

export type ImpTerms = {
  deal: Deal | null;
  floorMicros: number;
  /** The creatives that may be shown on these terms (null: creatives not chosen). */
  creatives: readonly BidderCreative[] | null;
};
/** Why a campaign does not bid on an imp: another currency, a viewability under its minimum, no deal of its open to it. */
export type ImpRefusal = 'currency' | 'viewability' | 'deal';

/**
 * Whether the campaign may bid on the imp, from which floor, through which deal and with which of
 * the given creatives, or why not: a minimum viewability needs a predicted one at least as high (no
 * prediction: unknown, no bid); a private auction, or a campaign that buys only through its deals,
 * needs one of its deals. `creatives` null: not chosen yet (any advertiser domain passes).
 */
export const impTermsFor = (
  campaign: BidderCampaign,
  imp: Imp,
  seat: string,
  recorded: ReadonlyMap<string, DealTerms> | undefined,
  creatives: readonly BidderCreative[] | null = campaign.creatives,
): ImpTerms | ImpRefusal => {
  if (imp.bidfloorcur && imp.bidfloorcur.toUpperCase() !== 'USD') return 'currency';
  if (campaign.minViewability !== null) {
    const viewability = predictedViewability(imp);
    if (viewability === null || viewability < campaign.minViewability) return 'viewability';
  }
  const match = findDeal(campaign, imp, seat, recorded, creatives);
  const needsDeal = imp.pmp?.private_auction === 1 || (campaign.dealsOnly && campaign.dealIds.size > 0);
  if (!match && needsDeal) return 'deal';
  return {
    deal: match?.deal ?? null,
    floorMicros: Math.max(microsOfCpm(imp.bidfloor ?? 0), match?.floorMicros ?? 0),
    creatives: match ? match.creatives : creatives,
  };
};
