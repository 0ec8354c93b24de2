// VAST documents for video bids: an InLine ad for a creative whose media file we serve, a Wrapper
// around an advertiser's VAST tag otherwise. Each version (2.0, 3.0, 4.0, 4.1, 4.2) is written in
// the shape of the IAB Tech Lab's XSD for it (apps/api/test/fixtures/vast-xsd/), whose element
// orders differ: 2.0 and 3.0 put AdTitle first and Duration before TrackingEvents; 4.x puts the
// impressions first (in the VAST namespace), TrackingEvents before Duration and ClickThrough after
// ClickTracking, and needs a UniversalAdId (with idValue in 4.0 and 4.1, without it in 4.2) and,
// from 4.1, an AdServingId. Built with fast-xml-parser's XMLBuilder, which escapes text and splits
// "]]>" inside CDATA.
import { XMLBuilder } from 'fast-xml-parser';

export type VastVersion = '2.0' | '3.0' | '4.0' | '4.1' | '4.2';

/**
 * The protocols (OpenRTB 2.6 / AdCOM list "Creative Subtypes - Audio/Video") of the documents we
 * write: inline 2, 3, 7, 11, 13 and wrappers 5, 6, 8, 12, 14. VAST 1.0, DAAST and 4.3 are not.
 */
const INLINE_PROTOCOLS: Record<VastVersion, number> = { '2.0': 2, '3.0': 3, '4.0': 7, '4.1': 11, '4.2': 13 };
const WRAPPER_PROTOCOLS: Record<VastVersion, number> = { '2.0': 5, '3.0': 6, '4.0': 8, '4.1': 12, '4.2': 14 };
const VERSIONS = Object.keys(INLINE_PROTOCOLS) as VastVersion[];

export const vastProtocolOf = (version: VastVersion, wrapper: boolean) =>
  (wrapper ? WRAPPER_PROTOCOLS : INLINE_PROTOCOLS)[version];

/** The newest version we write that the imp's protocols list for an inline ad or a wrapper. */
export const vastVersionFor = (protocols: readonly number[], wrapper: boolean): VastVersion | null => {
  let best: VastVersion | null = null;
  for (const version of VERSIONS) {
    if (protocols.includes(vastProtocolOf(version, wrapper))) best = version;
  }
  return best;
};

/** video.linearity (list 5.7): every ad written here is linear (1); an overlay (2) is never answered. */
export const isLinearSlot = (linearity: number | undefined) => linearity === undefined || linearity === 1;

/** Events every ad reports (the quartiles a player fires while the ad plays). */
export const VAST_VIDEO_EVENTS = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const;
type VideoEvent = (typeof VAST_VIDEO_EVENTS)[number];

export type VastAd = {
  version: VastVersion;
  /** Ad and Creative id: the creative's id. */
  id: string;
  /** Unique per bid: the 4.1+ AdServingId. */
  adServingId: string;
  title: string;
  /** Our impression beacon first, then the advertiser's. */
  impressions: string[];
  videoEvent: (event: VideoEvent) => string;
  /** The click tracker a player pings on a click (our click, counted once). */
  clickTracking: string;
} & (
  | {
      kind: 'inline';
      media: { url: string; mime: string; width: number; height: number; durationS: number };
      /** Where a click goes (our counting redirect); null when the creative has no click URL. */
      clickThrough: string | null;
    }
  | { kind: 'wrapper'; vastTagUrl: string }
);
type InlineAd = Extract<VastAd, { kind: 'inline' }>;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  cdataPropName: '#cdata',
  textNodeName: '#text',
});

const AD_SYSTEM = { '@_version': '1.0', '#text': 'Trading Desk Console' };

const uri = (url: string) => ({ '#cdata': url });

/** hh:mm:ss.mmm (xs:time), whole seconds. */
const durationText = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}.000`;
};

const trackingEvents = (ad: VastAd) => ({
  Tracking: VAST_VIDEO_EVENTS.map((event) => ({ '@_event': event, ...uri(ad.videoEvent(event)) })),
});

/**
 * VideoClicks of an inline Linear: ClickThrough leads in 2.0/3.0, follows ClickTracking in 4.x.
 * A creative without a click URL has none (nowhere to go, no click to count).
 */
const inlineClicks = (ad: InlineAd, isV4: boolean) => {
  if (ad.clickThrough === null) return {};
  const tracking = { ClickTracking: uri(ad.clickTracking) };
  const through = { ClickThrough: uri(ad.clickThrough) };
  return { VideoClicks: isV4 ? { ...tracking, ...through } : { ...through, ...tracking } };
};

const mediaFiles = (media: InlineAd['media']) => ({
  MediaFile: {
    '@_delivery': 'progressive',
    '@_type': media.mime,
    '@_width': media.width,
    '@_height': media.height,
    ...uri(media.url),
  },
});

/** 4.0 and 4.1 require idValue beside idRegistry; 4.2 has no idValue. Our creatives have no registry id. */
const universalAdId = (version: VastVersion) =>
  version === '4.0' || version === '4.1'
    ? { '@_idRegistry': 'unknown', '@_idValue': 'unknown', '#text': 'unknown' }
    : { '@_idRegistry': 'unknown', '#text': 'unknown' };

const inlineAd = (ad: InlineAd) => {
  const isV4 = ad.version.startsWith('4');
  const impressions = { Impression: ad.impressions.map(uri) };
  const duration = { Duration: durationText(ad.media.durationS) };
  const events = { TrackingEvents: trackingEvents(ad) };
  const clicks = inlineClicks(ad, isV4);
  const files = { MediaFiles: mediaFiles(ad.media) };
  if (!isV4) {
    return {
      AdSystem: AD_SYSTEM,
      AdTitle: ad.title,
      ...impressions,
      Creatives: {
        Creative: { '@_id': ad.id, '@_sequence': 1, Linear: { ...duration, ...events, ...clicks, ...files } },
      },
    };
  }
  return {
    AdSystem: AD_SYSTEM,
    ...impressions,
    ...(ad.version === '4.0' ? {} : { AdServingId: ad.adServingId }),
    AdTitle: ad.title,
    Creatives: {
      Creative: {
        '@_id': ad.id,
        '@_sequence': 1,
        UniversalAdId: universalAdId(ad.version),
        Linear: { ...events, ...duration, ...files, ...clicks },
      },
    },
  };
};

/** A Wrapper's Linear carries only tracking: TrackingEvents, then VideoClicks with ClickTracking. */
const wrapperAd = (ad: Extract<VastAd, { kind: 'wrapper' }>) => {
  const creatives = {
    Creatives: {
      Creative: {
        '@_id': ad.id,
        '@_sequence': 1,
        Linear: { TrackingEvents: trackingEvents(ad), VideoClicks: { ClickTracking: uri(ad.clickTracking) } },
      },
    },
  };
  const impressions = { Impression: ad.impressions.map(uri) };
  const tag = { VASTAdTagURI: uri(ad.vastTagUrl) };
  return ad.version.startsWith('4')
    ? { AdSystem: AD_SYSTEM, ...impressions, ...creatives, ...tag }
    : { AdSystem: AD_SYSTEM, ...tag, ...impressions, ...creatives };
};

export const buildVastMarkup = (ad: VastAd): string =>
  builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    VAST: {
      '@_version': ad.version,
      // 4.x schemas have a target namespace; 2.0 and 3.0 have none.
      ...(ad.version.startsWith('4') ? { '@_xmlns': 'http://www.iab.com/VAST' } : {}),
      Ad: {
        '@_id': ad.id,
        ...(ad.kind === 'inline' ? { InLine: inlineAd(ad) } : { Wrapper: wrapperAd(ad) }),
      },
    },
  });
