// Which of a campaign's creatives fits an imp: banner size (w/h or format), creative attributes
// (battr), banner mimes (an HTML tag only where HTML or JavaScript is accepted), video mimes,
// duration, protocols, linearity and placement, native assets (IAB Native 1.0 to 1.2 requests),
// secure serving, and approval on the exchange. Pure.
import { LinearityMode } from 'iab-adcom';
import { mimeOfFileName } from '../../platform/media-types.ts';
import type { BidderCreative } from './bidder-campaign.ts';
import type { Imp } from './openrtb-request.ts';
import { type VastVersion, vastVersionFor } from './vast-markup.ts';

export type NativeAssetRequest = {
  id: number;
  required?: number;
  title?: { len?: number };
  img?: { type?: number; w?: number; h?: number; wmin?: number; hmin?: number; mimes?: string[] };
  data?: { type?: number; len?: number };
  video?: unknown;
};
/** An event tracker the request offers (Native 1.2 5.8): event type and the methods it takes. */
export type NativeEventTrackerRequest = { event?: number; methods?: number[] };
export type NativeRequest = {
  ver?: string;
  assets: NativeAssetRequest[];
  eventtrackers?: NativeEventTrackerRequest[];
  /** The request came in the pre-1.1 wrapper ({"native": {...}}): the answer is wrapped too. */
  wrapped: boolean;
};

export type CreativeFit =
  | { kind: 'banner'; creative: BidderCreative; w: number; h: number }
  | {
      kind: 'video';
      creative: BidderCreative;
      w: number | null;
      h: number | null;
      vastVersion: VastVersion;
      wrapper: boolean;
    }
  | { kind: 'native'; creative: BidderCreative; request: NativeRequest };

/**
 * imp.native.request as an object (1.1 and later put the assets at the top; 1.0 wrapped them in
 * "native"); its version is its own ver, else imp.native.ver.
 */
export const parseNativeRequest = (text: string, impVersion?: string): NativeRequest | null => {
  try {
    const parsed = JSON.parse(text) as { assets?: unknown; native?: { assets?: unknown } } | null;
    if (!parsed || typeof parsed !== 'object') return null;
    const wrapped = !Array.isArray(parsed.assets);
    const root = wrapped ? parsed.native : parsed;
    if (!root || typeof root !== 'object' || !Array.isArray(root.assets)) return null;
    const assets = (root.assets as unknown[]).filter(
      (asset): asset is NativeAssetRequest => typeof asset === 'object' && asset !== null,
    );
    const { eventtrackers, ver } = root as { eventtrackers?: unknown; ver?: unknown };
    const version = typeof ver === 'string' || typeof ver === 'number' ? String(ver) : impVersion;
    return {
      ...(version ? { ver: version } : {}),
      assets,
      ...(Array.isArray(eventtrackers)
        ? { eventtrackers: eventtrackers.filter((entry) => typeof entry === 'object' && entry !== null) }
        : {}),
      wrapped,
    };
  } catch {
    return null;
  }
};

const sizeOf = (size: string | undefined) => {
  const match = size ? /^(\d+)x(\d+)$/.exec(size) : null;
  return match ? { w: Number(match[1]), h: Number(match[2]) } : null;
};

const hasBlockedAttr = (creative: BidderCreative, battr: readonly number[] | undefined) =>
  battr !== undefined && battr.length > 0 && creative.attrs.some((attr) => battr.includes(attr));

const isSecureUrl = (url: string | null) => url === null || url.startsWith('https://') || url.startsWith('/');

/**
 * What a creative's markup loads on a secure imp is https: an html tag's resources (scanned when it
 * was saved: secureCompatible), its media file, the VAST tag a wrapper points the player to, and the
 * advertiser's pixels (written without a scheme, they are served as https).
 */
const loadsSecurely = (creative: BidderCreative) =>
  creative.secureCompatible &&
  isSecureUrl(creative.mediaUrl) &&
  isSecureUrl(creative.vastUrl) &&
  creative.trackerUrls.every((url) => !/^http:/i.test(url.trim()));

/** 'image/jpg' is what many exchanges write for JPEG. */
const sameMime = (offered: string, mime: string) => {
  const lower = offered.toLowerCase();
  return lower === mime || (mime === 'image/jpeg' && lower === 'image/jpg');
};

/** The mimes under which an HTML tag (which may carry scripts) may be served. */
const HTML_MIMES = ['text/html', 'application/javascript', 'text/javascript', 'application/x-javascript'];

/**
 * Whether banner.mimes takes this creative: an image by its own type; an HTML tag only when the
 * list names HTML or JavaScript (a list of image types asks for images only). No list: anything.
 */
const acceptsMime = (creative: BidderCreative, mimes: readonly string[] | undefined) => {
  if (!mimes || mimes.length === 0) return true;
  if (creative.type === 'html') return mimes.some((offered) => HTML_MIMES.includes(offered.toLowerCase()));
  return creative.mediaMime !== null && mimes.some((offered) => sameMime(offered, creative.mediaMime!));
};

const fitBanner = (creative: BidderCreative, imp: Imp): CreativeFit | null => {
  const banner = imp.banner;
  if (!banner || (creative.type !== 'image' && creative.type !== 'html')) return null;
  if (creative.width === null || creative.height === null) return null;
  const { width, height } = creative;
  const fitsSize =
    (banner.w === width && banner.h === height) ||
    (banner.format?.some((size) => size.w === width && size.h === height) ?? false);
  if (!fitsSize) return null;
  if (hasBlockedAttr(creative, banner.battr)) return null;
  // btype (list 5.2): 2 XHTML banner (our image markup), 3 JavaScript (html tags may carry scripts).
  const btype = creative.type === 'image' ? 2 : 3;
  if (banner.btype?.includes(btype)) return null;
  if (!acceptsMime(creative, banner.mimes)) return null;
  return { kind: 'banner', creative, w: creative.width, h: creative.height };
};

/**
 * Video placements our creatives fill. Every video creative is a linear VAST ad (a progressive file,
 * or a VAST tag that plays one), which each 2.6 plcmt (AdCOM's Plcmt Subtypes - Video: 1 instream,
 * 2 accompanying content, 3 interstitial, 4 no content / standalone) and each 2.5 placement (list
 * 5.9: 1 in-stream, 2 in-banner, 3 in-article, 4 in-feed, 5 interstitial / slider / floating) can
 * play. A value outside these lists is a placement we cannot know we fill: no bid. plcmt wins over
 * the deprecated placement.
 * (iab-adcom's VideoPlacementSubtype, which iab-openrtb types plcmt with, holds the 2.5 list.)
 */
const FILLED_PLCMT = new Set([1, 2, 3, 4]);
const FILLED_PLACEMENT = new Set([1, 2, 3, 4, 5]);

const fillsPlacement = (video: NonNullable<Imp['video']>) =>
  video.plcmt !== undefined
    ? FILLED_PLCMT.has(video.plcmt)
    : video.placement === undefined || FILLED_PLACEMENT.has(video.placement);

const fitVideo = (creative: BidderCreative, imp: Imp): CreativeFit | null => {
  const video = imp.video;
  if (!video || creative.type !== 'video') return null;
  // A non-linear (overlay) imp: our creatives are linear ads.
  if (video.linearity === LinearityMode.NON_LINEAR || !fillsPlacement(video)) return null;
  if (hasBlockedAttr(creative, video.battr)) return null;
  const duration = creative.durationS;
  if (duration !== null) {
    if (video.minduration !== undefined && duration < video.minduration) return null;
    if (video.maxduration !== undefined && video.maxduration > 0 && duration > video.maxduration) return null;
  } else if (video.minduration !== undefined || video.maxduration !== undefined) {
    return null; // a VAST URL of unknown length cannot promise a duration
  }
  const protocols = video.protocols ?? (video.protocol !== undefined ? [video.protocol] : [2, 3, 5, 6, 7, 8]);
  const wrapper = creative.mediaUrl === null;
  if (wrapper) {
    if (!creative.vastUrl) return null;
    const version = vastVersionFor(protocols, true);
    return version
      ? { kind: 'video', creative, w: video.w ?? null, h: video.h ?? null, vastVersion: version, wrapper }
      : null;
  }
  if (
    video.mimes &&
    video.mimes.length > 0 &&
    (!creative.mediaMime || !video.mimes.includes(creative.mediaMime))
  )
    return null;
  const version = vastVersionFor(protocols, false);
  return version
    ? {
        kind: 'video',
        creative,
        w: creative.width ?? video.w ?? null,
        h: creative.height ?? video.h ?? null,
        vastVersion: version,
        wrapper,
      }
    : null;
};

/**
 * The creative's image for a native image asset type (Native 1.2 list 7.4): 1 icon, 3 main image
 * (also when no type is given). Our creatives have no logo (2): a logo asset is never filled.
 */
export const nativeImageFor = (native: NonNullable<BidderCreative['native']>, type: number | undefined) =>
  type === 1 ? native.icon : type === 3 || type === undefined ? native.main_image : undefined;

/**
 * Whether the creative has a matching asset for the requested one (its kind, image type and size,
 * text length): required assets must be fillable to bid, optional ones are answered only when so.
 * Data types: 1 sponsored, 2 description, 12 CTA text.
 */
export const canFillAsset = (creative: BidderCreative, asset: NativeAssetRequest): boolean => {
  const native = creative.native;
  if (!native) return false;
  if (asset.title) return asset.title.len === undefined || native.title.length <= asset.title.len;
  if (asset.img) {
    const image = nativeImageFor(native, asset.img.type);
    if (!image) return false;
    // Request JSON is read unchecked here: a mimes that is not a list of text offers nothing.
    const mimes = Array.isArray(asset.img.mimes)
      ? asset.img.mimes.filter((mime): mime is string => typeof mime === 'string')
      : [];
    if (mimes.length > 0) {
      // Uploads are named by their sniffed type (platform/media-types.ts).
      const mime = mimeOfFileName(image.url);
      if (!mime || !mimes.some((offered) => sameMime(offered, mime))) return false;
    }
    const size = sizeOf(image.size);
    if (!size) return asset.img.w === undefined && asset.img.wmin === undefined;
    if (
      asset.img.w !== undefined &&
      asset.img.h !== undefined &&
      (asset.img.w !== size.w || asset.img.h !== size.h)
    ) {
      // Exchanges give w/h as the preferred size; wmin/hmin, when given, are the real limits.
      if (asset.img.wmin === undefined || asset.img.hmin === undefined) return false;
    }
    if (asset.img.wmin !== undefined && size.w < asset.img.wmin) return false;
    if (asset.img.hmin !== undefined && size.h < asset.img.hmin) return false;
    return true;
  }
  if (asset.data) {
    const text = nativeDataText(creative, asset.data.type);
    return text !== null && (asset.data.len === undefined || text.length <= asset.data.len);
  }
  return false; // video assets: our native creatives carry none
};

export const nativeDataText = (creative: BidderCreative, type: number | undefined): string | null => {
  const native = creative.native;
  if (!native) return null;
  if (type === 1) return native.sponsored_by;
  if (type === 2) return native.description ?? null;
  if (type === 12) return native.cta ?? null;
  return null;
};

const fitNative = (creative: BidderCreative, imp: Imp, request: NativeRequest | null): CreativeFit | null => {
  if (!imp.native || creative.type !== 'native' || !creative.native || !request) return null;
  if (hasBlockedAttr(creative, imp.native.battr)) return null;
  for (const asset of request.assets) {
    if (asset.required === 1 && !canFillAsset(creative, asset)) return null;
  }
  return { kind: 'native', creative, request };
};

export type FitInput = {
  exchangeId: number;
  imp: Imp;
  /** The imp's parsed native request (parse once per imp). */
  nativeRequest: NativeRequest | null;
  /** imp.secure = 1 needs https tracking; the base URL decides that. */
  trackingIsSecure: boolean;
};

/** The first of the creatives that fits the imp, or null. */
export const findCreativeFit = (
  creatives: readonly BidderCreative[],
  input: FitInput,
): CreativeFit | null => {
  const { imp } = input;
  const secure = imp.secure === 1;
  if (secure && !input.trackingIsSecure) return null;
  for (const creative of creatives) {
    if (!creative.exchangeIds.has(input.exchangeId)) continue;
    if (secure && !loadsSecurely(creative)) continue;
    const fit =
      fitBanner(creative, imp) ?? fitVideo(creative, imp) ?? fitNative(creative, imp, input.nativeRequest);
    if (fit) return fit;
  }
  return null;
};
