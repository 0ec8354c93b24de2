// Whether a campaign may bid on a request at a moment, from what the campaign form stores. Pure: the
// clock is passed in. Answers the first failed rule's name (for tests and debugging) or null.

import type { LocalClock } from '@console/core/time/zoned-time';
import { isBlockedCategory, isExcludedContent } from './app-categories.ts';
import { adCategoriesOf, type BidderCampaign, type ListMembership } from './bidder-campaign.ts';
import type { RequestFacts } from './request-facts.ts';

export type Ineligibility =
  | 'exchange'
  | 'flight'
  | 'day-parting'
  | 'country'
  | 'state'
  | 'city'
  | 'geo-fence'
  | 'device-type'
  | 'os'
  | 'browser'
  | 'maker'
  | 'carrier'
  | 'language'
  | 'traffic-type'
  | 'app-category'
  | 'smart-app-list'
  | 'inventory-list'
  | 'audience'
  | 'frequency-cap-needs-user'
  | 'blocked-category'
  | 'excluded-content'
  | 'no-category';

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export const distanceKm = (lat1: number, lon1: number, lat2: number, lon2: number): number => {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
};

/** Versions compare without trailing '.0' parts: target '17.0' is '17', and so is osv '17.0'. */
export const normaliseVersion = (version: string) => version.trim().replace(/(\.0+)+$/, '');

/** '14.2.1' is a version of target '14' and of '14.2', not of '1' (prefix by whole parts). */
export const isVersionOf = (version: string, target: string): boolean =>
  version === target || version.startsWith(`${target}.`);

const isServingHour = (dayParting: boolean[][] | null, clock: LocalClock) =>
  dayParting === null || dayParting[clock.weekday]?.[clock.hour] === true;

const checkLists = (
  campaign: BidderCampaign,
  facts: RequestFacts,
  membership: ListMembership,
): Ineligibility | null => {
  if (campaign.smartAppLists.length > 0) {
    const bundle = facts.trafficType === 'APP' ? facts.inventoryKey : null;
    if (
      bundle === null ||
      !campaign.smartAppLists.some((listId) => membership.inSmartAppList(listId, bundle))
    )
      return 'smart-app-list';
  }
  for (const rule of campaign.inventoryLists) {
    const inList = facts.inventoryKey !== null && membership.inInventoryList(rule.listId, facts.inventoryKey);
    if (rule.mode === 'ALLOW' ? !inList : inList) return 'inventory-list';
  }
  for (const rule of campaign.audiences) {
    // Without a key usable for personalised ads (privacy signals, no id) nobody is known to be in an audience.
    const inAudience = facts.audienceKey !== null && membership.inAudience(rule.listId, facts.audienceKey);
    if (rule.mode === 'INCLUDE' ? !inAudience : inAudience) return 'audience';
  }
  return null;
};

export type EligibilityInput = {
  exchangeId: number;
  facts: RequestFacts;
  nowMs: number;
  /** The campaign's wall clock at nowMs. */
  clock: LocalClock;
  membership: ListMembership;
  /** bcat of the request. */
  blockedCategories: readonly string[];
};

/** An ad may go where bcat is sent only with categories of which none may be blocked. */
export const passesCategoryBlock = (categories: readonly string[], blocked: readonly string[]) =>
  blocked.length === 0 ||
  (categories.length > 0 && !categories.some((category) => isBlockedCategory(category, blocked)));

export const findIneligibility = (
  campaign: BidderCampaign,
  input: EligibilityInput,
): Ineligibility | null => {
  const { facts, nowMs, clock } = input;
  if (!campaign.exchangeIds.has(input.exchangeId)) return 'exchange';
  if (nowMs < campaign.startMs || nowMs >= campaign.endMs) return 'flight';
  if (!isServingHour(campaign.dayParting, clock)) return 'day-parting';
  if (campaign.countries && (facts.country === null || !campaign.countries.has(facts.country)))
    return 'country';
  if (campaign.states && (facts.state === null || !campaign.states.has(facts.state))) return 'state';
  if (campaign.cities && (facts.city === null || !campaign.cities.has(facts.city))) return 'city';
  if (campaign.geoFences) {
    const { lat, lon } = facts;
    if (lat === null || lon === null) return 'geo-fence';
    if (!campaign.geoFences.some((fence) => distanceKm(lat, lon, fence.lat, fence.lon) <= fence.radiusKm))
      return 'geo-fence';
  }
  if (campaign.deviceTypes && !facts.deviceTypes.some((type) => campaign.deviceTypes!.has(type)))
    return 'device-type';
  if (campaign.os) {
    if (facts.os === null) return 'os';
    const versions = campaign.os.get(facts.os);
    if (!versions) return 'os';
    const osVersion = facts.osVersion === null ? null : normaliseVersion(facts.osVersion);
    if (
      versions.length > 0 &&
      (osVersion === null || !versions.some((target) => isVersionOf(osVersion, target)))
    )
      return 'os';
  }
  if (campaign.browsers && (facts.browser === null || !campaign.browsers.has(facts.browser)))
    return 'browser';
  if (campaign.makers && (facts.make === null || !campaign.makers.has(facts.make))) return 'maker';
  if (campaign.carriers) {
    const { codes, names } = campaign.carriers;
    const byCode = facts.carrierCode !== null && codes.has(facts.carrierCode);
    const byName = facts.carrierName !== null && names.has(facts.carrierName);
    if (!byCode && !byName) return 'carrier';
  }
  if (campaign.languages && (facts.language === null || !campaign.languages.has(facts.language)))
    return 'language';
  if (campaign.trafficTypes && !campaign.trafficTypes.has(facts.trafficType)) return 'traffic-type';
  if (campaign.appCategories) {
    if (facts.trafficType !== 'APP') return 'app-category';
    let matches = false;
    for (const name of facts.appCategories) if (campaign.appCategories.has(name)) matches = true;
    if (!matches) return 'app-category';
  }
  const listProblem = checkLists(campaign, facts, input.membership);
  if (listProblem) return listProblem;
  // A cap is counted per user: with no usable user key it cannot be kept, so the campaign stays out.
  if (campaign.frequencyCap && facts.userKey === null) return 'frequency-cap-needs-user';
  if (isExcludedContent(facts.contentCategories, campaign.excludedContentCategories))
    return 'excluded-content';
  if (input.blockedCategories.length > 0) {
    // Without categories nothing says the ads are not of a blocked kind: no bid where bcat is sent.
    // Each creative counts by its own categories, else the campaign's (bid-engine keeps only those).
    const categoryLists =
      campaign.creatives.length > 0
        ? campaign.creatives.map((creative) => adCategoriesOf(campaign, creative))
        : [campaign.adCategories];
    if (categoryLists.every((list) => list.length === 0)) return 'no-category';
    if (!categoryLists.some((list) => passesCategoryBlock(list, input.blockedCategories)))
      return 'blocked-category';
  }
  return null;
};
