// Database rows -> the bidder's in-memory campaign (bidder-campaign.ts): targeting ids resolved to
// what bid requests carry (city ids to 'US|new york', carrier ids to their MCC-MNC pairs and names,
// maker ids to names, smart-app nodes to the names of the node and its descendants). Pure: the
// reference look-ups come in.
import type { Targeting } from '@console/core/api/campaigns';
import { parseGeoFenceList } from '@console/core/validation/geo-fence';
import { CreativeAttribute } from 'iab-adcom';
import type { creatives } from '../../db/schema/creatives.ts';
import { searchKeyOf } from '../reference/index.ts';
import type { BidderCampaign, BidderCreative, CreativeKind, ListRule } from './bidder-campaign.ts';
import { normaliseVersion } from './eligibility.ts';

export type CompileReference = {
  cityKeyOf: (cityId: number) => string | undefined;
  carrierOf: (carrierId: string) => { codes: string[]; name: string } | undefined;
  makerNameOf: (makerId: string) => string | undefined;
  /** Lower-case names of a smart-app node and all of its descendants. */
  appCategoryNamesOf: (nodeId: number) => string[];
};

/** OpenRTB creative attributes (list 5.3) of our markup: html tags may be interactive (13). */
const ATTRS_BY_TYPE: Record<CreativeKind, CreativeAttribute[]> = {
  image: [],
  native: [],
  video: [],
  html: [CreativeAttribute.USER_INTERACTIVE],
};

/** The registrable-looking host of a click URL ('www.example.com/x' -> 'example.com'). */
export const domainOfUrl = (url: string | null): string | null => {
  if (!url) return null;
  try {
    const host = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase();
    return host.startsWith('www.') ? host.slice(4) : host;
  } catch {
    return null;
  }
};

const sizeOf = (size: string | null | undefined) => {
  const match = size ? /^(\d+)x(\d+)$/.exec(size) : null;
  return match ? { w: Number(match[1]), h: Number(match[2]) } : null;
};

/** An HTML tag without a stored size: read it from the outer element's width/height style. */
const sizeOfTag = (tag: string | null) => {
  const match = tag ? /width:\s*(\d+)px;?\s*height:\s*(\d+)px/i.exec(tag) : null;
  return match ? { w: Number(match[1]), h: Number(match[2]) } : null;
};

export const compileCreative = (
  row: typeof creatives.$inferSelect,
  exchangeIds: ReadonlySet<number>,
): BidderCreative => {
  const type = row.creativeType as CreativeKind;
  const size = sizeOf(row.size) ?? (type === 'html' ? sizeOfTag(row.htmlTag) : null);
  const media = row.media;
  const duration = row.videoSection?.duration ?? media?.duration_s ?? null;
  const isVideo = type === 'video';
  const clickUrl = row.clickUrl || null;
  const trackerUrls = type === 'image' ? row.pixelUrls : row.impressionUrls;
  return {
    id: row.id,
    type,
    width: size?.w ?? media?.width ?? null,
    height: size?.h ?? media?.height ?? null,
    clickUrl,
    trackerUrls: trackerUrls.filter((url) => url.trim() !== ''),
    mediaUrl: isVideo ? (media?.mime.startsWith('video/') ? media.url : null) : (media?.url ?? null),
    mediaMime: media?.mime ?? null,
    durationS: isVideo ? duration : null,
    vastUrl: isVideo ? (row.videoSection?.vast_url ?? null) || null : null,
    native: row.nativeAssets ?? null,
    htmlTag: row.htmlTag,
    secureCompatible: row.secureCompatible,
    exchangeIds,
    attrs: ATTRS_BY_TYPE[type] ?? [],
    adomain:
      row.adomain ??
      domainOfUrl(clickUrl) ??
      domainOfUrl(/<a\b[^>]*\bhref="([^"]+)"/i.exec(row.htmlTag ?? '')?.[1] ?? null),
    categories: row.iabCategories ?? [],
  };
};

const setOrNull = <T>(values: readonly T[]): ReadonlySet<T> | null =>
  values.length > 0 ? new Set(values) : null;

export type CampaignRow = {
  id: number;
  advertiserId: number;
  name: string;
  startAt: Date;
  endAt: Date;
  timeZone: string;
  totalBudgetMicros: number;
  dailyBudgetMicros: number | null;
  pacing: string;
  priceModel: string;
  bidMicros: number;
  minBidMicros: number;
  maxBidMicros: number;
  frequencyCap: BidderCampaign['frequencyCap'];
  dayParting: boolean[][] | null;
  targeting: Partial<Targeting>;
};

export type CampaignExtras = {
  exchangeIds: ReadonlySet<number>;
  creatives: BidderCreative[];
  inventoryLists: ListRule[];
  audiences: ListRule[];
  smartAppLists: number[];
  marginBps: number;
  /** The agency's part of marginBps (0 when absent: a direct advertiser). */
  agencyMarginBps?: number;
  stats: BidderCampaign['stats'];
};

export const compileCampaign = (
  row: CampaignRow,
  extras: CampaignExtras,
  reference: CompileReference,
): BidderCampaign => {
  const t = row.targeting;
  const fences = t.geo_fence ? parseGeoFenceList(t.geo_fence) : null;
  const nodeIds = [...(t.app_categories ?? []), ...(t.app_genres ?? []), ...(t.app_subgenres ?? [])];
  const carrierIds = t.carriers ?? [];
  const carriers = carrierIds.map((id) => reference.carrierOf(id)).filter((entry) => entry !== undefined);
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    name: row.name,
    startMs: row.startAt.getTime(),
    endMs: row.endAt.getTime(),
    timeZone: row.timeZone,
    totalBudgetMicros: row.totalBudgetMicros,
    dailyBudgetMicros: row.dailyBudgetMicros,
    pacing: row.pacing === 'ASAP' ? 'ASAP' : 'EVEN',
    priceModel: row.priceModel === 'CPC' || row.priceModel === 'CPA' ? row.priceModel : 'CPM',
    bidMicros: row.bidMicros,
    minBidMicros: row.minBidMicros,
    maxBidMicros: row.maxBidMicros,
    frequencyCap: row.frequencyCap,
    dayParting: row.dayParting,
    exchangeIds: extras.exchangeIds,
    countries: setOrNull(t.countries ?? []),
    states: setOrNull(t.states ?? []),
    // A targeted city the reference does not know (deleted upstream) matches nothing, as it should.
    cities:
      (t.cities ?? []).length > 0
        ? new Set((t.cities ?? []).map((id) => reference.cityKeyOf(id) ?? `?${id}`))
        : null,
    geoFences:
      fences?.success && fences.entries.length > 0
        ? fences.entries.map((entry) => ({
            lat: entry.latitude,
            lon: entry.longitude,
            radiusKm: entry.radius,
          }))
        : null,
    os:
      (t.os ?? []).length > 0
        ? new Map(
            (t.os ?? []).map((entry) => [
              entry.os,
              entry.versions.map((id) => normaliseVersion(id.slice(id.indexOf('-') + 1))),
            ]),
          )
        : null,
    browsers: setOrNull(t.browsers ?? []),
    deviceTypes: setOrNull(t.device_types ?? []),
    makers:
      (t.device_makers ?? []).length > 0
        ? new Set((t.device_makers ?? []).map((id) => searchKeyOf(reference.makerNameOf(id) ?? id)))
        : null,
    carriers:
      carrierIds.length > 0
        ? {
            codes: new Set(carriers.flatMap((entry) => entry.codes)),
            names: new Set(carriers.map((entry) => searchKeyOf(entry.name))),
          }
        : null,
    languages: setOrNull(t.languages ?? []),
    trafficTypes: setOrNull(t.traffic_types ?? []),
    appCategories:
      nodeIds.length > 0 ? new Set(nodeIds.flatMap((id) => reference.appCategoryNamesOf(id))) : null,
    inventoryLists: extras.inventoryLists,
    audiences: extras.audiences,
    smartAppLists: extras.smartAppLists,
    dealIds: new Set(t.deal_ids ?? []),
    adCategories: t.ad_categories ?? [],
    dealsOnly: t.deals_only ?? true,
    excludedContentCategories: t.excluded_content_categories ?? [],
    minViewability: typeof t.min_viewability_pct === 'number' ? t.min_viewability_pct / 100 : null,
    creatives: extras.creatives,
    marginBps: extras.marginBps,
    agencyMarginBps: extras.agencyMarginBps ?? 0,
    stats: extras.stats,
  };
};
