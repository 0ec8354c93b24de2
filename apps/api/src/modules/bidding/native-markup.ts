// A native bid's markup (bid.adm): the IAB Native response in the shape and version of the request.
// A 1.0 request came wrapped ({"native": {...}}) and gets a wrapped answer; 1.1 and later get the
// response object at the root. Only assets the creative has a match for are answered (an optional
// logo is left out, never filled with another image). Impression tracking uses only what the
// request offers: its eventtrackers (event 1, method 1: an image pixel) when it lists any, else the
// legacy imptrackers of the versions that define them, else none (the win and billing notices
// still count the impression).
import {
  type AssetResponse,
  type DataResponse,
  EventTrackingMethod,
  EventType,
  type NativeResponse,
} from 'iab-native/v12';
import type { BidderCreative } from './bidder-campaign.ts';
import { canFillAsset, type NativeRequest, nativeDataText, nativeImageFor } from './creative-match.ts';

/** Native versions whose response defines imptrackers (1.2 keeps them beside eventtrackers). */
const IMPTRACKER_VERSIONS = new Set(['1', '1.0', '1.1', '1.2']);

/** The version the answer declares: the request's, else 1.0 for the wrapped form and 1.2 for the bare one. */
const versionOf = (request: NativeRequest) => request.ver ?? (request.wrapped ? '1.0' : '1.2');

/** 1.2 added the asset type and length fields of the response (title len, img type, data type/len). */
const isAtLeast12 = (version: string) => {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 1 || (major === 1 && minor >= 2);
};

const assetsOf = (
  creative: BidderCreative,
  request: NativeRequest,
  absolute: (url: string) => string,
  typed: boolean,
): AssetResponse[] => {
  const native = creative.native!;
  const assets: AssetResponse[] = [];
  for (const asset of request.assets) {
    if (!canFillAsset(creative, asset)) continue;
    const id = typeof asset.id === 'number' ? { id: asset.id } : {};
    if (asset.title) {
      assets.push({ ...id, title: { text: native.title, ...(typed ? { len: native.title.length } : {}) } });
    } else if (asset.img) {
      const image = nativeImageFor(native, asset.img.type)!;
      const [w, h] = image.size.split('x').map(Number);
      const type = asset.img.type === 1 ? 1 : 3;
      assets.push({
        ...id,
        img: { url: absolute(image.url), w, h, ...(typed ? { type } : {}) },
      });
    } else if (asset.data) {
      const value = nativeDataText(creative, asset.data.type)!;
      assets.push({
        ...id,
        data: {
          value,
          ...(typed && asset.data.type !== undefined
            ? { type: asset.data.type as DataResponse['type'], len: value.length }
            : {}),
        },
      });
    }
  }
  return assets;
};

/** The tracking part of the answer: offered eventtrackers, else imptrackers where the version has them. */
const trackingOf = (
  request: NativeRequest,
  version: string,
  urls: readonly string[],
): Pick<NativeResponse, 'eventtrackers' | 'imptrackers'> => {
  if (request.eventtrackers && request.eventtrackers.length > 0) {
    const takesPixel = request.eventtrackers.some(
      (offer) =>
        offer.event === EventType.IMPRESSION && (offer.methods ?? []).includes(EventTrackingMethod.IMG),
    );
    return takesPixel
      ? {
          eventtrackers: urls.map((url) => ({
            event: EventType.IMPRESSION,
            method: EventTrackingMethod.IMG,
            url,
          })),
        }
      : {};
  }
  return IMPTRACKER_VERSIONS.has(version) ? { imptrackers: [...urls] } : {};
};

export type NativeMarkupInput = {
  creative: BidderCreative;
  request: NativeRequest;
  clickUrl: string;
  /** Our impression beacon and the creative's own impression pixels. */
  impressionUrls: readonly string[];
  absolute: (url: string) => string;
};

export const nativeMarkup = (input: NativeMarkupInput): string => {
  const { request } = input;
  const version = versionOf(request);
  const response: NativeResponse = {
    ver: version,
    assets: assetsOf(input.creative, request, input.absolute, isAtLeast12(version)),
    link: { url: input.clickUrl },
    ...trackingOf(request, version, input.impressionUrls),
  };
  return JSON.stringify(request.wrapped ? { native: response } : response);
};
