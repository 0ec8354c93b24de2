// What a campaign bids for one impression, as a CPM in micro-units (1 USD = 1,000,000; a CPM of
// $2.50 is 2,500,000). Pure.
//
// CPM campaigns bid their bid. CPC and CPA campaigns bid what an impression is expected to be worth:
// their bid (the price of a click or an action) times the chance of a click (and of an action after
// the click), estimated from what the campaign delivered with a Beta prior, so a new campaign starts
// from the prior and moves toward its own rates as clicks and conversions come in. For them min/max
// bid are the CPM limits sent to exchanges. Every bid is clamped to [min, max].
//
// The floor: a bid under the imp's floor (or the deal's) is raised to it when the campaign's max
// bid allows, otherwise there is no bid. The same price is sent in first-price (at=1) and
// second-price (at=2) auctions; what differs is what is charged: the clearing price the exchange
// reports in ${AUCTION_PRICE} (the bid itself in a first-price auction, at most the bid in a
// second-price one).
import { advertiserCostOf, agencyMarginOf } from '../ledger/index.ts';
import type { BidderCampaign } from './bidder-campaign.ts';

/** Beta(alpha, beta) priors: a click-through rate of 0.2% and a conversion rate of 2% per click. */
export const CTR_PRIOR = { alpha: 1, beta: 499 } as const;
export const CVR_PRIOR = { alpha: 1, beta: 49 } as const;

/** Posterior mean of a rate with a Beta prior: (successes + alpha) / (trials + alpha + beta). */
export const estimateRate = (successes: number, trials: number, prior: { alpha: number; beta: number }) =>
  (successes + prior.alpha) / (Math.max(trials, successes) + prior.alpha + prior.beta);

/** The campaign's value of one thousand impressions, clamped to its bid range. */
export const valueCpmMicros = (campaign: BidderCampaign): number => {
  const { impressions, clicks, conversions } = campaign.stats;
  let value = campaign.bidMicros;
  if (campaign.priceModel !== 'CPM') {
    const ctr = estimateRate(clicks, impressions, CTR_PRIOR);
    const perImpression =
      campaign.priceModel === 'CPC' ? ctr : ctr * estimateRate(conversions, clicks, CVR_PRIOR);
    value = Math.round(campaign.bidMicros * perImpression * 1000);
  }
  return Math.min(campaign.maxBidMicros, Math.max(campaign.minBidMicros, value));
};

/** The bid for an imp with this floor (CPM micros), or null when the campaign cannot reach it. */
export const priceBid = (campaign: BidderCampaign, floorMicros: number): number | null => {
  const value = valueCpmMicros(campaign);
  if (value >= floorMicros) return value;
  return floorMicros <= campaign.maxBidMicros ? floorMicros : null;
};

/**
 * What one impression costs at a clearing CPM, in micro-units: the media cost (CPM / 1000, rounded to
 * a whole micro-unit), the advertiser's cost with the margin (basis points) on top, and the agency's
 * part of that margin (`agencyMarginBps` of it), by the ledger's rules (ledger/margin.ts).
 */
export const costOfImpression = (clearingCpmMicros: number, marginBps: number, agencyMarginBps = 0) => {
  const mediaMicros = Math.round(clearingCpmMicros / 1000);
  const media = BigInt(mediaMicros);
  const advertiser = advertiserCostOf(media, marginBps);
  const agencyMarginMicros = Number(agencyMarginOf(media, agencyMarginBps, advertiser));
  return { mediaMicros, advertiserMicros: Number(advertiser), agencyMarginMicros };
};
