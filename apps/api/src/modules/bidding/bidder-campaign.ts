// A campaign as the bidder holds it in memory: everything eligibility, pricing and pacing read,
// compiled once from the database rows (sets instead of lists, ids resolved to what bid requests
// carry) so that checking it against a request is a handful of look-ups.
import type { CreativeAttribute } from 'iab-adcom';
import type { CreativeNativeAssets } from '../../db/schema/creatives.ts';

export type CreativeKind = 'image' | 'native' | 'video' | 'html';

export type BidderCreative = {
  id: number;
  type: CreativeKind;
  width: number | null;
  height: number | null;
  clickUrl: string | null;
  /** Third-party impression pixels (image pixel_url, native/video impression_url). */
  trackerUrls: string[];
  mediaUrl: string | null;
  mediaMime: string | null;
  durationS: number | null;
  vastUrl: string | null;
  native: CreativeNativeAssets | null;
  htmlTag: string | null;
  /** The markup loads nothing over plain http (checked when the creative was saved). */
  secureCompatible: boolean;
  /** Exchanges on which this creative is approved. */
  exchangeIds: ReadonlySet<number>;
  /** OpenRTB creative attributes (list 5.3) the markup has. */
  attrs: CreativeAttribute[];
  /** The advertiser's domain: the creative's own, else from the click URL (adomain, badv). */
  adomain: string | null;
  /** The creative's own IAB categories (bid.cat, bcat); empty: its campaign's. */
  categories: string[];
};

/** The categories a creative's bid carries: its own, else its campaign's. */
export const adCategoriesOf = (campaign: BidderCampaign, creative: BidderCreative): readonly string[] =>
  creative.categories.length > 0 ? creative.categories : campaign.adCategories;

export type GeoFence = { lat: number; lon: number; radiusKm: number };

/** A list of inventory (bundles, domains) or an audience (device ifa, user ids) with its mode. */
export type ListRule = { listId: number; mode: 'ALLOW' | 'BLOCK' | 'INCLUDE' | 'EXCLUDE' };

export type BidderCampaign = {
  id: number;
  advertiserId: number;
  name: string;
  startMs: number;
  endMs: number;
  timeZone: string;
  totalBudgetMicros: number;
  dailyBudgetMicros: number | null;
  pacing: 'EVEN' | 'ASAP';
  priceModel: 'CPM' | 'CPC' | 'CPA';
  bidMicros: number;
  minBidMicros: number;
  maxBidMicros: number;
  frequencyCap: { count: number; period: 'HOUR' | 'DAY' | 'WEEK' | 'LIFETIME' } | null;
  /** 7 x 24, Monday first; null: every hour. */
  dayParting: boolean[][] | null;
  /** Exchanges on which the campaign is approved. */
  exchangeIds: ReadonlySet<number>;
  /** null: any. Values as request facts name them (see request-facts.ts). */
  countries: ReadonlySet<string> | null;
  states: ReadonlySet<string> | null;
  /** 'US|new york' (country | search key of the city name). */
  cities: ReadonlySet<string> | null;
  geoFences: GeoFence[] | null;
  /** os id -> version prefixes (empty: every version). */
  os: ReadonlyMap<string, string[]> | null;
  browsers: ReadonlySet<string> | null;
  deviceTypes: ReadonlySet<string> | null;
  /** Search keys of the makers' names. */
  makers: ReadonlySet<string> | null;
  /** MCC-MNC pairs and search keys of the carriers' names. */
  carriers: { codes: ReadonlySet<string>; names: ReadonlySet<string> } | null;
  languages: ReadonlySet<string> | null;
  trafficTypes: ReadonlySet<string> | null;
  /** Lower-case names of the smart-app taxonomy nodes targeted (and their descendants). */
  appCategories: ReadonlySet<string> | null;
  inventoryLists: ListRule[];
  audiences: ListRule[];
  /** Smart-app lists (campaign_smart_app_lists): when any, the app's bundle must be in one of them. */
  smartAppLists: number[];
  /** Private-marketplace deals the campaign buys (it may bid in a private auction only through one). */
  dealIds: ReadonlySet<string>;
  /** IAB content categories of the ads (bid.cat; matched against bcat) where a creative has none. */
  adCategories: string[];
  /** With deals: bid only into them. */
  dealsOnly: boolean;
  /** IAB categories of pages and apps not bid on (with their subcategories). */
  excludedContentCategories: string[];
  /** The lowest predicted viewability bid on, 0 to 1; null: any (imps without a prediction too). */
  minViewability: number | null;
  creatives: BidderCreative[];
  /** The markup on media cost, in basis points: the advertiser's margin_bps plus its agency's (ledger/margin.ts). */
  marginBps: number;
  /** The agency's part of marginBps (its advertiser's own margin_bps; 0 for a direct advertiser). */
  agencyMarginBps: number;
  /** Delivered so far (for CPC/CPA pricing). */
  stats: { impressions: number; clicks: number; conversions: number };
};

/** Membership of inventory lists, audiences and smart-app lists (list-cache.ts holds the loaded ones). */
export type ListMembership = {
  /** Whether the bundle or domain (as the request carries it) is in the inventory list. */
  inInventoryList: (listId: number, key: string) => boolean;
  /** Whether the device ifa or user id is in the audience. */
  inAudience: (audienceId: number, key: string) => boolean;
  /** Whether the app bundle is in the smart-app list. */
  inSmartAppList: (listId: number, bundle: string) => boolean;
};

/** Nothing loaded yet (the index before its first load): every list is empty. */
export const EMPTY_MEMBERSHIP: ListMembership = {
  inInventoryList: () => false,
  inAudience: () => false,
  inSmartAppList: () => false,
};
