// What a bid request says about where and to whom an ad would show, read once per request in the
// vocabulary campaign targeting uses (ISO alpha-2 countries, 'US-CA' states, bowser's OS and browser
// ids, targeting device-type names, ...), so each campaign check is a set look-up.
import Bowser from 'bowser';
import { searchKeyOf } from '../reference/index.ts';
import { appCategoryNamesOf } from './app-categories.ts';
import { readConsent } from './consent.ts';
import type { BidRequest } from './openrtb-request.ts';

export type TrafficType = 'APP' | 'WEB';

export type RequestFacts = {
  country: string | null;
  state: string | null;
  /** 'US|new york', when the request names a city. */
  city: string | null;
  lat: number | null;
  lon: number | null;
  /** The targeting device types this device counts as (devicetype 1 is phone or tablet). */
  deviceTypes: readonly string[];
  /** One name for delivery data ('PHONE', ..., 'UNKNOWN'). */
  deviceType: string;
  os: string | null;
  osVersion: string | null;
  browser: string | null;
  /** Search key of the maker's name. */
  make: string | null;
  carrierCode: string | null;
  carrierName: string | null;
  language: string | null;
  trafficType: TrafficType;
  /** Lower-case smart-app taxonomy names the app's IAB categories map to. */
  appCategories: ReadonlySet<string>;
  /**
   * The IAB content categories of the page or app, upper case: cat, sectioncat, pagecat and
   * content.cat of the site or app (campaigns' content-category exclusions).
   */
  contentCategories: readonly string[];
  /** app.bundle or site.domain (inventory lists). */
  inventoryKey: string | null;
  /** device ifa, else user id: the key of frequency caps; null when the privacy signals do not allow it (consent.ts). */
  userKey: string | null;
  /** The same key for audiences and the BID events rule audiences grow from: null without consent to personalised ads. */
  audienceKey: string | null;
};

/** OpenRTB 2.6 / AdCOM device types -> the targeting names that match them. */
const DEVICE_TYPE_NAMES: Record<number, readonly string[]> = {
  1: ['PHONE', 'TABLET'],
  2: ['DESKTOP'],
  3: ['CONNECTED_TV'],
  4: ['PHONE'],
  5: ['TABLET'],
  6: ['CONNECTED_DEVICE'],
  7: ['SET_TOP_BOX'],
};
const PLATFORM_DEVICE_TYPES: Record<string, readonly string[]> = {
  mobile: ['PHONE'],
  tablet: ['TABLET'],
  desktop: ['DESKTOP'],
  tv: ['CONNECTED_TV'],
};

/** device.os as exchanges write it -> the OS id (bowser's OS_MAP key, lower case). */
const OS_ALIASES: Record<string, string> = {
  ios: 'ios',
  ipados: 'ios',
  iphoneos: 'ios',
  android: 'android',
  osx: 'macos',
  macos: 'macos',
  macosx: 'macos',
  mac: 'macos',
  windows: 'windows',
  win: 'windows',
  windowsphone: 'windowsphone',
  chromeos: 'chromeos',
  linux: 'linux',
  roku: 'roku',
  tizen: 'tizen',
  webos: 'webos',
  blackberry: 'blackberry',
  harmonyos: 'harmonyos',
  playstation4: 'playstation4',
  bada: 'bada',
};

const OS_ID_BY_NAME = new Map(Object.entries(Bowser.OS_MAP).map(([key, name]) => [name, key.toLowerCase()]));
const BROWSER_ID_BY_NAME = new Map(Object.entries(Bowser.BROWSER_MAP).map(([key, name]) => [name, key]));

type UaFacts = {
  os: string | null;
  osVersion: string | null;
  browser: string | null;
  platform: string | null;
};
const UA_CACHE_LIMIT = 10_000;
const uaCache = new Map<string, UaFacts>();

/** bowser parses a user agent in tens of microseconds; the same few agents repeat, so keep them. */
const readUserAgent = (ua: string): UaFacts => {
  const cached = uaCache.get(ua);
  if (cached) return cached;
  const parsed = Bowser.parse(ua);
  const facts: UaFacts = {
    os: parsed.os.name ? (OS_ID_BY_NAME.get(parsed.os.name) ?? null) : null,
    osVersion: parsed.os.version ?? null,
    browser: parsed.browser.name ? (BROWSER_ID_BY_NAME.get(parsed.browser.name) ?? null) : null,
    platform: parsed.platform.type ?? null,
  };
  if (uaCache.size >= UA_CACHE_LIMIT) uaCache.clear();
  uaCache.set(ua, facts);
  return facts;
};

const normaliseOs = (os: string): string | null =>
  OS_ALIASES[os.toLowerCase().replace(/[^a-z0-9]/g, '')] ?? null;

/**
 * Reference data the facts need: ISO alpha-3 -> alpha-2 (OpenRTB geo.country is alpha-3), and our
 * IAB TCF vendor id (TCF_VENDOR_ID; null: none, so no TC string grants us consent).
 */
export type FactsReference = { alpha2OfAlpha3: ReadonlyMap<string, string>; tcfVendorId: number | null };

const countryOf = (code: string | undefined, reference: FactsReference): string | null => {
  if (!code) return null;
  const upper = code.trim().toUpperCase();
  if (upper.length === 2) return upper;
  return reference.alpha2OfAlpha3.get(upper) ?? null;
};

const stateOf = (region: string | undefined, country: string | null): string | null => {
  if (!region) return null;
  const upper = region.trim().toUpperCase();
  if (upper.includes('-')) return upper;
  return country ? `${country}-${upper}` : null;
};

const contentCategoriesOf = (request: BidRequest): string[] => {
  const place = request.app ?? request.site;
  if (!place) return [];
  const all = [
    ...(place.cat ?? []),
    ...(place.sectioncat ?? []),
    ...(place.pagecat ?? []),
    ...(place.content?.cat ?? []),
  ];
  return [...new Set(all.map((category) => category.trim().toUpperCase()))];
};

export const readRequestFacts = (request: BidRequest, reference: FactsReference): RequestFacts => {
  const device = request.device;
  const geo = device?.geo ?? request.user?.geo;
  const country = countryOf(geo?.country, reference);
  const ua = device?.ua ? readUserAgent(device.ua) : null;
  const deviceTypes =
    (device?.devicetype !== undefined ? DEVICE_TYPE_NAMES[device.devicetype] : undefined) ??
    (ua?.platform ? PLATFORM_DEVICE_TYPES[ua.platform] : undefined) ??
    [];
  const consent = readConsent(request, reference.tcfVendorId);
  const key =
    device?.ifa && device.lmt !== 1 ? device.ifa : (request.user?.id ?? request.user?.buyeruid ?? null);
  const app = request.app;
  return {
    country,
    state: stateOf(geo?.region, country),
    city: geo?.city && country ? `${country}|${searchKeyOf(geo.city.trim())}` : null,
    lat: consent.preciseGeo && typeof geo?.lat === 'number' ? geo.lat : null,
    lon: consent.preciseGeo && typeof geo?.lon === 'number' ? geo.lon : null,
    deviceTypes,
    deviceType: device?.devicetype === 1 ? 'PHONE' : (deviceTypes[0] ?? 'UNKNOWN'),
    os: (device?.os ? normaliseOs(device.os) : null) ?? ua?.os ?? null,
    osVersion: device?.osv ?? ua?.osVersion ?? null,
    browser: ua?.browser ?? null,
    make: device?.make ? searchKeyOf(device.make.trim()) : null,
    carrierCode: device?.mccmnc ? device.mccmnc.trim() : null,
    carrierName: device?.carrier ? searchKeyOf(device.carrier.trim()) : null,
    language: device?.language ? device.language.slice(0, 2).toLowerCase() : null,
    trafficType: app ? 'APP' : 'WEB',
    appCategories: app?.cat ? appCategoryNamesOf(app.cat) : new Set(),
    contentCategories: contentCategoriesOf(request),
    inventoryKey: app ? (app.bundle ?? app.domain ?? null) : (request.site?.domain ?? null),
    userKey: consent.userKey ? key : null,
    audienceKey: consent.personalisedAds ? key : null,
  };
};
