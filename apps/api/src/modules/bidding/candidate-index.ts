// Which campaigns an imp can possibly buy, found by what the imp offers instead of by checking every
// campaign of the exchange: a banner creative fits only its exact size (creative-match.ts), so the
// campaigns are filed by the sizes of their banner creatives approved on the exchange, and apart,
// those with a video or a native creative there. An imp then looks up its sizes (w/h and format[])
// and its video and native objects; eligibility, price and the creative fit are checked on those
// few. With 1,000 campaigns in four sizes a banner imp checks about a quarter of them.
//
// Each list is sorted by what its campaigns bid (their value, pricing.ts), highest first, and
// `walkByValue` walks an imp's lists merged in that order: the engine stops as soon as no campaign
// left can beat the bids it already holds, instead of checking every campaign of the size and country
// (measured with the bench's 1,000 campaigns: eligibility checks of an imp fell from about 110 to
// the 20 or so at the top price).
import type { BidderCampaign } from './bidder-campaign.ts';
import type { Imp } from './openrtb-request.ts';
import { valueCpmMicros } from './pricing.ts';

/**
 * Campaigns of one kind or size, by country: those that target countries under each of theirs,
 * the rest (any country) apart. Most campaigns name their countries, so an imp from one country
 * looks at a fraction of them (measured with the bench's 1,000 campaigns: 250 checks a banner imp
 * became about 110, and eligibility was the largest part of a bid's CPU).
 */
type Filed = { anyCountry: BidderCampaign[]; byCountry: Map<string, BidderCampaign[]> };

export type CandidateIndex = {
  bySize: ReadonlyMap<string, Filed>;
  video: Filed;
  native: Filed;
};

const sizeKey = (w: number, h: number) => `${w}x${h}`;

const emptyFiled = (): Filed => ({ anyCountry: [], byCountry: new Map() });

const append = (list: BidderCampaign[], campaign: BidderCampaign) => {
  if (list.at(-1) !== campaign) list.push(campaign);
};

const file = (filed: Filed, campaign: BidderCampaign) => {
  if (!campaign.countries) {
    append(filed.anyCountry, campaign);
    return;
  }
  for (const country of campaign.countries) {
    let list = filed.byCountry.get(country);
    if (!list) {
      list = [];
      filed.byCountry.set(country, list);
    }
    append(list, campaign);
  }
};

/** Files the campaigns (all approved on `exchangeId`) by what their creatives approved there fit. */
export const buildCandidateIndex = (
  campaigns: readonly BidderCampaign[],
  exchangeId: number,
): CandidateIndex => {
  const bySize = new Map<string, Filed>();
  const index = { bySize, video: emptyFiled(), native: emptyFiled() };
  for (const campaign of campaigns) {
    for (const creative of campaign.creatives) {
      if (!creative.exchangeIds.has(exchangeId)) continue;
      if (creative.type === 'video' || creative.type === 'native') file(index[creative.type], campaign);
      else if (creative.width !== null && creative.height !== null) {
        const key = sizeKey(creative.width, creative.height);
        let filed = bySize.get(key);
        if (!filed) {
          filed = emptyFiled();
          bySize.set(key, filed);
        }
        file(filed, campaign);
      }
    }
  }
  const byValue = (list: BidderCampaign[]) => list.sort((a, b) => valueCpmMicros(b) - valueCpmMicros(a));
  for (const filed of [...bySize.values(), index.video, index.native]) {
    byValue(filed.anyCountry);
    for (const list of filed.byCountry.values()) byValue(list);
  }
  return index;
};

/** What an imp may buy: lists of campaigns, and whether one campaign may be in more than one. */
export type Candidates = { lists: readonly (readonly BidderCampaign[])[]; overlapping: boolean };

const NONE: Candidates = { lists: [], overlapping: false };

/**
 * The campaigns that have a creative of a kind and size the imp asks for and may buy in the
 * request's country, as the index's own lists (nothing is copied: this runs for every imp, and
 * joining the lists cost more than checking the campaigns in them). Within one kind or size a
 * campaign is filed once; across two (a banner of two sizes, a banner and a video) it may come
 * back, which `overlapping` says. Eligibility still checks every rule, the country too.
 */
export const candidateListsOf = (
  index: CandidateIndex | undefined,
  imp: Imp,
  country: string | null,
): Candidates => {
  if (!index) return NONE;
  const groups: Filed[] = [];
  const { banner } = imp;
  if (banner) {
    const first = banner.w !== undefined && banner.h !== undefined ? sizeKey(banner.w, banner.h) : null;
    const seen = first === null ? [] : [first];
    for (const size of banner.format ?? []) {
      if (size.w === undefined || size.h === undefined) continue;
      const key = sizeKey(size.w, size.h);
      if (!seen.includes(key)) seen.push(key);
    }
    for (const size of seen) {
      const filed = index.bySize.get(size);
      if (filed) groups.push(filed);
    }
  }
  if (imp.video) groups.push(index.video);
  if (imp.native) groups.push(index.native);
  const lists: (readonly BidderCampaign[])[] = [];
  for (const filed of groups) {
    if (filed.anyCountry.length > 0) lists.push(filed.anyCountry);
    const inCountry = country === null ? undefined : filed.byCountry.get(country);
    if (inCountry) lists.push(inCountry);
  }
  return { lists, overlapping: groups.length > 1 };
};

/**
 * Visits the campaigns of the lists (each sorted by value, highest first) merged in that order, with
 * each one's value, until `visit` answers false. A campaign in two lists is visited twice.
 */
export const walkByValue = (
  lists: readonly (readonly BidderCampaign[])[],
  visit: (campaign: BidderCampaign, valueMicros: number) => boolean,
): void => {
  if (lists.length === 1) {
    for (const campaign of lists[0]!) if (!visit(campaign, valueCpmMicros(campaign))) return;
    return;
  }
  const next = lists.map(() => 0);
  for (;;) {
    let pick = -1;
    let pickValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < lists.length; i++) {
      const campaign = lists[i]![next[i]!];
      if (campaign === undefined) continue;
      const value = valueCpmMicros(campaign);
      if (value > pickValue) {
        pick = i;
        pickValue = value;
      }
    }
    if (pick < 0) return;
    const campaign = lists[pick]![next[pick]!++]!;
    if (!visit(campaign, pickValue)) return;
  }
};
