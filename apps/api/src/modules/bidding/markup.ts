// Ad markup (bid.adm): a banner as HTML with our impression beacon and a click redirect, video as
// VAST (4.0 when the imp allows it, else the newest version it lists) with impression, click and
// quartile tracking, native as an IAB Native 1.2 response. Every tracking URL carries the signed
// token; the impression beacon bills (at the bid, until a notice brings the price) when an exchange
// sends no win notice.
import type { BidderCreative } from './bidder-campaign.ts';
import { type CreativeFit, type NativeRequest, nativeDataText } from './creative-match.ts';

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
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

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

const VIDEO_EVENTS = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const;

const durationText = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}.000`;
};

const videoMarkup = (fit: Extract<CreativeFit, { kind: 'video' }>, context: MarkupContext) => {
  const { creative } = fit;
  const id = String(creative.id);
  const impressions = [context.urls.impression, ...trackerUrlsOf(creative, context)]
    .map((url, index) => `<Impression id="i${index}">${cdata(url)}</Impression>`)
    .join('');
  const tracking = `<TrackingEvents>${VIDEO_EVENTS.map(
    (event) => `<Tracking event="${event}">${cdata(context.urls.videoEvent(event))}</Tracking>`,
  ).join('')}</TrackingEvents>`;
  const isV4 = fit.vastVersion.startsWith('4');
  const adSystem = '<AdSystem version="1.0">Trading Desk Console</AdSystem>';
  const title = `<AdTitle>${escapeHtml(context.title)}</AdTitle>`;
  const universalId = isV4 ? `<UniversalAdId idRegistry="unknown">${id}</UniversalAdId>` : '';
  let body: string;
  if (fit.wrapper) {
    body =
      `<Wrapper>${adSystem}<VASTAdTagURI>${cdata(creative.vastUrl ?? '')}</VASTAdTagURI>${impressions}` +
      `<Creatives><Creative id="${id}">${universalId}<Linear>${tracking}` +
      `<VideoClicks><ClickTracking>${cdata(context.urls.clickPixel)}</ClickTracking></VideoClicks>` +
      '</Linear></Creative></Creatives></Wrapper>';
  } else {
    const size =
      fit.w !== null && fit.h !== null ? ` width="${fit.w}" height="${fit.h}"` : ' width="640" height="360"';
    const media = absoluteUrl(creative.mediaUrl ?? '', context.baseUrl);
    body =
      `<InLine>${adSystem}${title}${impressions}<Creatives><Creative id="${id}" adId="${id}">${universalId}` +
      `<Linear><Duration>${durationText(creative.durationS ?? 0)}</Duration>${tracking}` +
      `<VideoClicks><ClickThrough id="c">${cdata(context.urls.click)}</ClickThrough></VideoClicks>` +
      `<MediaFiles><MediaFile delivery="progressive" type="${escapeHtml(creative.mediaMime ?? 'video/mp4')}"${size}>${cdata(media)}</MediaFile></MediaFiles>` +
      '</Linear></Creative></Creatives></InLine>';
  }
  return `<?xml version="1.0" encoding="UTF-8"?><VAST version="${fit.vastVersion}"><Ad id="${id}">${body}</Ad></VAST>`;
};

const nativeMarkup = (creative: BidderCreative, request: NativeRequest, context: MarkupContext) => {
  const native = creative.native!;
  const assets: Record<string, unknown>[] = [];
  for (const asset of request.assets) {
    if (asset.title) {
      if (asset.title.len === undefined || native.title.length <= asset.title.len)
        assets.push({ id: asset.id, title: { text: native.title, len: native.title.length } });
    } else if (asset.img) {
      const image = asset.img.type === 1 ? native.icon : native.main_image;
      if (!image) continue;
      const [w, h] = image.size.split('x').map(Number);
      assets.push({
        id: asset.id,
        img: { url: absoluteUrl(image.url, context.baseUrl), w, h, type: asset.img.type ?? 3 },
      });
    } else if (asset.data) {
      const value = nativeDataText(creative, asset.data.type);
      if (value !== null && (asset.data.len === undefined || value.length <= asset.data.len))
        assets.push({ id: asset.id, data: { value, type: asset.data.type } });
    }
  }
  const trackers = [context.urls.impression, ...trackerUrlsOf(creative, context)];
  return JSON.stringify({
    ver: '1.2',
    assets,
    link: { url: context.urls.click },
    // Native 1.2 event trackers (event 1 impression, method 1 image), plus imptrackers for 1.1 readers.
    eventtrackers: trackers.map((url) => ({ event: 1, method: 1, url })),
    imptrackers: trackers,
  });
};

export const buildMarkup = (fit: CreativeFit, context: MarkupContext): string => {
  if (fit.kind === 'banner') return bannerMarkup(fit.creative, fit.w, fit.h, context);
  if (fit.kind === 'video') return videoMarkup(fit, context);
  return nativeMarkup(fit.creative, fit.request, context);
};
