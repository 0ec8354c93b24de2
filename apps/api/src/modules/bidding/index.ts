// The bidding module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.

export { type LocalClock, readLocalClock } from '@console/core/time/zoned-time';
export { frequencyKeyOf } from './bid-engine.ts';
export type { BidderCampaign, ListMembership, ListRule } from './bidder-campaign.ts';
export { compileCampaign, compileCreative } from './campaign-compiler.ts';
export {
  DELIVERY_FACT_COLUMNS,
  DELIVERY_FACT_JOINS,
  deliveryFactCtes,
  deliveryFactsOf,
  describeCampaignDelivery,
  factInstantFrom,
  factInstantValueOf,
  NO_DELIVERY,
} from './campaign-delivery.ts';
export { buildCompileReference, type IndexSnapshot } from './campaign-index.ts';
export { candidateListsOf, walkByValue } from './candidate-index.ts';
export { findCreativeFit, type NativeRequest, parseNativeRequest } from './creative-match.ts';
export { type DealBook, impTermsFor, readDealBook } from './deal-terms.ts';
export { findIneligibility } from './eligibility.ts';
export { createListCache } from './list-cache.ts';
export type { Imp } from './openrtb-request.ts';
export { costOfImpression, priceBid } from './pricing.ts';
export type { RequestFacts } from './request-facts.ts';
export { DEFAULT_SAMPLE_RATE, firstKeptDay } from './request-sampler.ts';
