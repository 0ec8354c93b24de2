// Ad markup (bid.adm): a banner as HTML with our impression beacon and a click redirect, video as
// VAST (vast-markup.ts: the newest version the imp lists) with impression, click and quartile
// tracking, native as an IAB Native response (native-markup.ts). Every tracking URL carries the
// signed token; the impression beacon bills (at the bid, until a notice brings the price) when an
// exchange sends no win notice.
import type { BidderCreative } from './bidder-campaign.ts';
import type { CreativeFit } from './creative-match.ts';
import { nativeMarkup } from './native-markup.ts';
import { buildVastMarkup } from './vast-markup.ts';

export type TrackingUrls = {
  impression: string;
  click: string;
  /** Click tracking without a redirect (VAST wrappers, native clicktrackers). */
  clickPixel: string;
  /** A video event by VAST name: start, firstQuartile, midpoint, thirdQuartile, complete. */
  videoEvent: (event: string) => string;
};

export type MarkupContext = {
  urls: TrackingUrls;
  /** Absolute base for our own media (/media/...). */
  baseUrl: string;
  /** Replaces the creative URL macros ({click_id}, {campaign_id}, ...). */
  expandMacros: (url: string) => string;
  title: string;
  /** Unique per bid: VAST 4.1+ AdServingId. */
  adServingId: string;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const absoluteUrl = (url: string, baseUrl: string) =>
  url.startsWith('/') ? `${baseUrl}${url}` : /^https?:\/\//i.test(url) ? url : `https://${url}`;

const trackerUrlsOf = (creative: BidderCreative, context: MarkupContext) =>
  creative.trackerUrls.map((url) => absoluteUrl(context.expandMacros(url), context.baseUrl));

const pixel = (url: string) =>
  `<img src="${escapeHtml(url)}" width="1" height="1" alt="" style="position:absolute;width:1px;height:1px;border:0;visibility:hidden">`;

/** Links inside an HTML tag go through the click redirect, which only follows URLs of that tag. */
const routeTagClicks = (tag: string, clickUrl: string) =>
  tag.replace(/href="(https?:\/\/[^"]+)"/gi, (_match, url: string) => {
    const decoded = url.replaceAll('&amp;', '&');
    return `href="${escapeHtml(`${clickUrl}?u=${encodeURIComponent(decoded)}`)}"`;
  });

const bannerMarkup = (creative: BidderCreative, w: number, h: number, context: MarkupContext) => {
  const trackers = [context.urls.impression, ...trackerUrlsOf(creative, context)].map(pixel).join('');
  if (creative.type === 'html') {
    return `<div style="position:relative;width:${w}px;height:${h}px;overflow:hidden">${routeTagClicks(creative.htmlTag ?? '', context.urls.click)}${trackers}</div>`;
  }
  const src = absoluteUrl(creative.mediaUrl ?? '', context.baseUrl);
  return (
    `<div style="position:relative;width:${w}px;height:${h}px;overflow:hidden">` +
    `<a href="${escapeHtml(context.urls.click)}" target="_blank" rel="noopener">` +
    `<img src="${escapeHtml(src)}" width="${w}" height="${h}" alt="${escapeHtml(context.title)}" style="border:0;display:block"></a>` +
    `${trackers}</div>`
  );
};

/** The fit's VAST document (vast-markup.ts): an inline ad for our media file, else a wrapper of its tag. */
const videoMarkup = (fit: Extract<CreativeFit, { kind: 'video' }>, context: MarkupContext) => {
  const { creative } = fit;
  const ad = {
    version: fit.vastVersion,
    id: String(creative.id),
    adServingId: context.adServingId,
    title: context.title,
    impressions: [context.urls.impression, ...trackerUrlsOf(creative, context)],
    videoEvent: context.urls.videoEvent,
    clickTracking: context.urls.clickPixel,
  };
  if (fit.wrapper) return buildVastMarkup({ ...ad, kind: 'wrapper', vastTagUrl: creative.vastUrl ?? '' });
  const [width, height] = fit.w !== null && fit.h !== null ? [fit.w, fit.h] : [640, 360];
  return buildVastMarkup({
    ...ad,
    kind: 'inline',
    media: {
      url: absoluteUrl(creative.mediaUrl ?? '', context.baseUrl),
      mime: creative.mediaMime ?? 'video/mp4',
      width,
      height,
      durationS: creative.durationS ?? 0,
    },
    clickThrough: creative.clickUrl ? context.urls.click : null,
  });
};

export const buildMarkup = (fit: CreativeFit, context: MarkupContext): string => {
  if (fit.kind === 'banner') return bannerMarkup(fit.creative, fit.w, fit.h, context);
  if (fit.kind === 'video') return videoMarkup(fit, context);
  return nativeMarkup({
    creative: fit.creative,
    request: fit.request,
    clickUrl: context.urls.click,
    impressionUrls: [context.urls.impression, ...trackerUrlsOf(fit.creative, context)],
    absolute: (url) => absoluteUrl(url, context.baseUrl),
  });
};
