// The bid-request corpus (fixtures/openrtb-corpus/README.md): the base requests in the shapes
// exchanges send (the OpenRTB specification's examples and Prebid Server's adapter fixtures), and
// the variations each family of requests is sent in. Every case is a request a real exchange could
// send; what the bidder must answer is said only where the case decides it (a consent that forbids
// the user key to a frequency-capped campaign, an overlay, audio); every answer is checked against
// the request by bidder-corpus.test.ts whatever the case says.
import { readFileSync } from 'node:fs';
import {
  gppStringOf,
  gppWithTcString,
  OTHER_TCF_VENDOR_ID,
  type TcChoices,
  TEST_TCF_VENDOR_ID,
  tcStringOf,
} from './tc-strings.ts';

export type Json = Record<string, unknown>;

/** Our TCF vendor id, as the test app is configured. */
const US = TEST_TCF_VENDOR_ID;
/** Our buyer seat on exchanges (the test app's BIDDER_SEAT). */
export const OUR_SEAT = 'console';

export type CorpusCase = {
  /** family/variation, unique. */
  name: string;
  request: Json & { id: string; imp: Json[] };
  /** Sent with Content-Encoding: gzip (and Accept-Encoding: gzip). */
  gzip?: boolean;
  /** What the bidder must answer: at least one bid, or none (204). Absent: either, checked alike. */
  expect?: 'bid' | 'no-bid';
  /** The deal a bid must (string) or must not (null) name. */
  dealId?: string | null;
  /** The least a bid may offer (a recorded deal's floor, which the request does not say). */
  minPrice?: number;
};

const base = (name: string): Json & { id: string; imp: Json[] } =>
  JSON.parse(readFileSync(new URL(`../fixtures/openrtb-corpus/${name}.json`, import.meta.url), 'utf8'));

/** A deep copy of a base request with its imp and top-level fields patched. */
const variant = (name: string, patch: { imp?: Json; top?: Json } = {}) => {
  const request = base(name);
  request.imp = request.imp.map((imp) => ({ ...imp, ...patch.imp }));
  return Object.assign(request, patch.top);
};

/** The imp's media object (banner, video) of a request, to patch in place. */
const mediaOf = (request: Json & { imp: Json[] }, kind: string) => request.imp[0]![kind] as Json;

// ---- banner on sites: sizes x image-only mimes x secure --------------------------------------------

/** 300x250 fits the image creative, 300x600 the tag with http resources, 160x600 the https tag. */
const BANNER_SIZES: [string, Json[]][] = [
  ['mrec', [{ w: 300, h: 250 }]],
  ['half-page', [{ w: 300, h: 600 }]],
  ['skyscraper', [{ w: 160, h: 600 }]],
  [
    'mrec-or-half-page',
    [
      { w: 300, h: 250 },
      { w: 300, h: 600 },
    ],
  ],
];
const BANNER_MIMES: [string, string[] | undefined][] = [
  ['any-mime', undefined],
  ['images', ['image/jpeg', 'image/jpg', 'image/png', 'image/gif']],
  ['jpeg-gif-only', ['image/jpeg', 'image/gif']],
  ['html-and-images', ['text/html', 'application/javascript', 'image/png']],
];

/** Whether one of the banner campaign's creatives (bidder-corpus.test.ts) fits the slot. */
const bannerFits = (format: Json[], mimes: string[] | undefined, secure: 0 | 1) => {
  const offers = (w: number, h: number) => format.some((size) => size.w === w && size.h === h);
  const takes = (mime: string) => !mimes || mimes.includes(mime);
  const takesHtml = takes('text/html') || takes('application/javascript');
  return (
    (offers(300, 250) && takes('image/png')) ||
    (offers(300, 600) && takesHtml && secure === 0) ||
    (offers(160, 600) && takesHtml)
  );
};

const siteBanners = (): CorpusCase[] =>
  BANNER_SIZES.flatMap(([sizeName, format]) =>
    BANNER_MIMES.flatMap(([mimeName, mimes]) =>
      ([0, 1] as const).map((secure) => {
        const request = variant('site-banner', { imp: { secure } });
        request.imp[0]!.banner = { format, pos: 1, ...(mimes ? { mimes } : {}) };
        return {
          name: `site-banner/${sizeName}/${mimeName}/secure-${secure}`,
          request,
          expect: bannerFits(format, mimes, secure) ? 'bid' : 'no-bid',
        };
      }),
    ),
  );

// ---- several imps on one page ----------------------------------------------------------------------

const NATIVE_FEED_ASSETS = [
  { id: 1, required: 1, title: { len: 80 } },
  { id: 2, required: 1, img: { type: 3, wmin: 600, hmin: 314 } },
  { id: 3, required: 0, img: { type: 1, wmin: 50, hmin: 50 } },
  { id: 4, required: 1, data: { type: 1, len: 25 } },
  { id: 5, required: 0, data: { type: 2, len: 140 } },
];

const multiImps = (): CorpusCase[] => {
  const page = (name: string, imps: Json[], top: Json = {}): CorpusCase => {
    const request = variant('site-banner', { top });
    request.imp = imps;
    return { name: `multi-imp/${name}`, request, expect: 'bid' };
  };
  const mrec = (id: string, extra: Json = {}) => ({
    id,
    banner: { format: [{ w: 300, h: 250 }], pos: 1 },
    tagid: `slot-${id}`,
    bidfloor: 0.4,
    secure: 1,
    ...extra,
  });
  const leaderboard = (id: string) => ({ id, banner: { w: 728, h: 90, pos: 1 }, bidfloor: 0.8, secure: 1 });
  const halfPage = (id: string) => ({ id, banner: { w: 300, h: 600 }, bidfloor: 0.6, secure: 0 });
  const sky = (id: string) => ({
    id,
    banner: {
      format: [
        { w: 160, h: 600 },
        { w: 120, h: 600 },
      ],
    },
    secure: 1,
  });
  const outstream = (id: string) => ({
    id,
    video: {
      mimes: ['video/mp4'],
      protocols: [2, 3, 7],
      plcmt: 4,
      w: 640,
      h: 360,
      minduration: 5,
      maxduration: 30,
    },
    bidfloor: 2,
    secure: 1,
  });
  const feed = (id: string) => ({
    id,
    native: {
      request: JSON.stringify({
        ver: '1.2',
        plcmttype: 1,
        assets: NATIVE_FEED_ASSETS,
        eventtrackers: [{ event: 1, methods: [1] }],
      }),
      ver: '1.2',
    },
    bidfloor: 0.3,
    secure: 1,
  });
  return [
    page('two-mrecs', [mrec('1'), mrec('2')]),
    page('leaderboard-mrec-sky', [leaderboard('top'), mrec('right'), sky('left')]),
    page('mrec-half-page-non-secure', [mrec('1', { secure: 0 }), halfPage('2')]),
    page('mrec-outstream-native', [mrec('atf'), outstream('in-article'), feed('feed-3')]),
    page('article-six-slots', [leaderboard('1'), mrec('2'), mrec('3'), sky('4'), feed('5'), outstream('6')]),
    page('thirty-three-imps', [
      ...Array.from({ length: 32 }, (_, index) => leaderboard(`lb-${index}`)),
      mrec('after-the-32nd'),
      // Only the first 32 imps are answered; none of them fits.
    ]),
    page('video-and-banner-same-imp', [
      { ...mrec('1'), video: { mimes: ['video/mp4'], protocols: [2, 3], plcmt: 2, w: 300, h: 250 } },
    ]),
  ].map((entry) =>
    entry.name.endsWith('thirty-three-imps') ? { ...entry, expect: 'no-bid' as const } : entry,
  );
};

// ---- banner in apps ---------------------------------------------------------------------------------

const appBanners = (): CorpusCase[] => {
  const cases: CorpusCase[] = [];
  const devices: [string, Json][] = [
    ['ipad', {}],
    [
      'iphone',
      {
        ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
        model: 'iPhone15,2',
        osv: '18.1',
        devicetype: 4,
      },
    ],
    [
      'android-phone',
      {
        ua: 'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
        make: 'samsung',
        model: 'SM-A546B',
        os: 'Android',
        osv: '14',
        devicetype: 4,
        ifa: '1f4c7a2e-93b0-4d8f-a6c1-52e0f9b7d3a8',
      },
    ],
  ];
  for (const [deviceName, device] of devices) {
    for (const secure of [0, 1] as const) {
      for (const [mimeName, mimes] of [
        ['any', ['image/jpeg', 'image/png', 'image/gif', 'text/html']],
        ['jpeg-only', ['image/jpeg']],
      ] as const) {
        const request = variant('app-banner', { imp: { secure } });
        Object.assign(request.device as Json, device);
        Object.assign(mediaOf(request, 'banner'), { mimes });
        cases.push({
          name: `app-banner/${deviceName}/${mimeName}/secure-${secure}`,
          request,
          ...(mimeName === 'jpeg-only' ? { expect: 'no-bid' as const } : {}),
        });
      }
    }
  }
  // Interstitial: a full-screen banner the app shows between screens, in format sizes.
  const interstitial = variant('app-banner', { imp: { instl: 1 } });
  interstitial.imp[0]!.banner = {
    format: [
      { w: 320, h: 480 },
      { w: 728, h: 90 },
    ],
    pos: 7,
  };
  cases.push({ name: 'app-banner/interstitial-formats', request: interstitial, expect: 'bid' });
  return cases;
};

// ---- video: VAST protocols x linearity x placement ----------------------------------------------------

const VIDEO_PROTOCOLS: [string, number[]][] = [
  ['vast2', [2]],
  ['vast2-3', [2, 3]],
  ['vast2-3-wrappers', [2, 3, 5, 6]],
  ['vast4', [7]],
  ['vast2-to-4.2', [2, 3, 7, 11, 13]],
  ['vast4-4.1', [7, 11]],
  ['vast4.1-4.2', [11, 13]],
  ['vast2-wrapper', [5]],
  ['wrappers-only', [5, 6]],
  ['vast4-wrappers-only', [8, 12, 14]],
];
const VIDEO_SLOTS: [string, Json, CorpusCase['expect']][] = [
  ['instream-plcmt1', { linearity: 1, plcmt: 1 }, undefined],
  ['overlay-linearity2', { linearity: 2, plcmt: 1 }, 'no-bid'],
  ['in-article-placement3-2.5', { plcmt: undefined, placement: 3 }, undefined],
  ['standalone-plcmt4-no-linearity', { linearity: undefined, plcmt: 4 }, undefined],
];

const siteVideos = (): CorpusCase[] =>
  VIDEO_PROTOCOLS.flatMap(([protocolName, protocols]) =>
    VIDEO_SLOTS.map(([slotName, slot, expect]) => {
      const request = variant('site-video');
      const video = mediaOf(request, 'video');
      Object.assign(video, { protocols }, slot);
      for (const key of Object.keys(slot)) if (slot[key] === undefined) delete video[key];
      return { name: `site-video/${protocolName}/${slotName}`, request, ...(expect ? { expect } : {}) };
    }),
  );

const appVideos = (): CorpusCase[] => {
  const cases: CorpusCase[] = [];
  const slots: [string, Json][] = [
    ['interstitial-2.5-placement5', {}],
    ['rewarded', { rwdd: 1 }],
    ['ios-tablet', {}],
    ['short-max-duration-10s', {}],
    ['vast-2.5-single-protocol', {}],
    ['non-secure', { secure: 0 }],
  ];
  for (const [slotName, impPatch] of slots) {
    const request = variant('app-video', { imp: impPatch });
    const video = mediaOf(request, 'video');
    if (slotName === 'ios-tablet') {
      Object.assign(request.device as Json, {
        ua: 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
        make: 'Apple',
        model: 'iPad',
        os: 'iOS',
        osv: '17.6',
        devicetype: 5,
        ifa: 'A3C1E9F0-6B2D-4E8A-9F71-0C5D2B8E4A16',
      });
    }
    // A 15 s ad does not fit a 10 s maximum.
    if (slotName === 'short-max-duration-10s') video.maxduration = 10;
    if (slotName === 'vast-2.5-single-protocol') {
      delete video.protocols;
      video.protocol = 3;
    }
    cases.push({
      name: `app-video/${slotName}`,
      request,
      ...(slotName === 'short-max-duration-10s' ? { expect: 'no-bid' as const } : {}),
    });
  }
  // The interstitial in every VAST protocol list.
  for (const [protocolName, protocols] of VIDEO_PROTOCOLS) {
    const request = variant('app-video');
    mediaOf(request, 'video').protocols = protocols;
    cases.push({ name: `app-video/interstitial/${protocolName}`, request, expect: 'bid' });
  }
  return cases;
};

// ---- native: 1.0 wrapped, 1.1, 1.2 with and without asset ids ------------------------------------------

type NativeShape = { name: string; wrapped: boolean; ver: string | undefined; impVer: string; ids: boolean };
const NATIVE_SHAPES: NativeShape[] = [
  { name: '1.0-wrapped', wrapped: true, ver: '1', impVer: '1.0', ids: true },
  { name: '1.1', wrapped: false, ver: '1.1', impVer: '1.1', ids: true },
  { name: '1.2', wrapped: false, ver: '1.2', impVer: '1.2', ids: true },
  { name: '1.2-no-asset-ids', wrapped: false, ver: '1.2', impVer: '1.2', ids: false },
  { name: '1.2-version-on-imp-only', wrapped: false, ver: undefined, impVer: '1.2', ids: true },
];
const NATIVE_LAYOUTS: [string, Json[], CorpusCase['expect']][] = [
  ['content-feed', NATIVE_FEED_ASSETS, 'bid'],
  [
    'logo-optional-cta',
    [
      { id: 1, required: 1, title: { len: 90 } },
      { id: 2, required: 1, img: { type: 3, w: 1200, h: 627 } },
      { id: 3, required: 0, img: { type: 2, w: 100, h: 100 } },
      { id: 6, required: 0, data: { type: 12, len: 15 } },
    ],
    'bid',
  ],
  // A required logo: our creatives have none.
  [
    'logo-required',
    [
      { id: 1, required: 1, title: { len: 90 } },
      { id: 3, required: 1, img: { type: 2, wmin: 50, hmin: 50 } },
    ],
    'no-bid',
  ],
  // The main image only as a JPEG or GIF: ours is a PNG.
  [
    'main-image-jpeg-only',
    [
      { id: 1, required: 1, title: { len: 90 } },
      { id: 2, required: 1, img: { type: 3, wmin: 300, hmin: 157, mimes: ['image/jpeg', 'image/gif'] } },
    ],
    'no-bid',
  ],
  [
    'main-image-png-taken',
    [
      { id: 1, required: 1, title: { len: 90 } },
      { id: 2, required: 1, img: { type: 3, wmin: 300, hmin: 157, mimes: ['image/jpg', 'image/png'] } },
      { id: 3, required: 0, img: { type: 1, mimes: ['image/gif'] } },
    ],
    'bid',
  ],
  // A title of at most 20 characters: ours is longer.
  [
    'short-title',
    [
      { id: 1, required: 1, title: { len: 20 } },
      { id: 2, required: 1, img: { type: 3 } },
    ],
    'no-bid',
  ],
];
const NATIVE_TRACKERS: [string, Json[] | undefined][] = [
  ['no-eventtrackers', undefined],
  ['img-tracker', [{ event: 1, methods: [1, 2] }]],
  [
    'js-only-tracker',
    [
      { event: 1, methods: [2] },
      { event: 2, methods: [1] },
    ],
  ],
];

const nativeRequestText = (shape: NativeShape, assets: Json[], eventtrackers: Json[] | undefined) => {
  const body: Json = {
    ...(shape.ver ? { ver: shape.ver } : {}),
    ...(shape.wrapped ? { layout: 3, adunit: 2 } : { context: 1, plcmttype: 1 }),
    plcmtcnt: 1,
    assets: shape.ids ? assets : assets.map(({ id: _id, ...asset }) => asset),
    ...(eventtrackers && !shape.wrapped ? { eventtrackers } : {}),
  };
  return JSON.stringify(shape.wrapped ? { native: body } : body);
};

const natives = (): CorpusCase[] => {
  const cases: CorpusCase[] = [];
  for (const shape of NATIVE_SHAPES) {
    for (const [layoutName, assets, expect] of NATIVE_LAYOUTS) {
      // 1.0 has no event trackers; the other versions are sent with each offer.
      const offers = shape.wrapped ? NATIVE_TRACKERS.slice(0, 1) : NATIVE_TRACKERS;
      for (const [trackerName, eventtrackers] of offers) {
        if (layoutName !== 'content-feed' && trackerName !== 'img-tracker' && !shape.wrapped) continue;
        const baseName = shape.wrapped || shape.name === '1.1' ? 'app-native' : 'site-native';
        const request = variant(baseName);
        request.imp[0]!.native = {
          request: nativeRequestText(shape, assets, eventtrackers),
          ver: shape.impVer,
        };
        cases.push({ name: `native/${shape.name}/${layoutName}/${trackerName}`, request, expect });
      }
    }
  }
  return cases;
};

// ---- audio ---------------------------------------------------------------------------------------------

const audios = (): CorpusCase[] => {
  const only = variant('site-audio');
  const withCompanion = variant('site-audio');
  withCompanion.imp[0]!.banner = { w: 300, h: 250 };
  const podded = variant('site-audio');
  Object.assign(mediaOf(podded, 'audio'), { podid: 'pod-1', podseq: 1, rqddurs: [15, 30] });
  const inApp = variant('site-audio');
  delete inApp.site;
  inApp.app = { id: 'podcast-app', bundle: 'com.podcasts.player', publisher: { id: 'p-9' } };
  return [
    { name: 'audio/stream-midroll', request: only, expect: 'no-bid' },
    { name: 'audio/with-companion-banner-in-same-imp', request: withCompanion, expect: 'bid' },
    { name: 'audio/pod', request: podded, expect: 'no-bid' },
    { name: 'audio/podcast-app', request: inApp, expect: 'no-bid' },
  ];
};

// ---- private marketplace -------------------------------------------------------------------------------

const OUR_DEAL = 'AB-Agency1-0001';
/** Recorded for the corpus (bidder-corpus.test.ts): OUR_DEAL at a floor of 3 USD for our seat, and a deal for another seat. */
export const RECORDED_DEALS = {
  ours: { dealId: OUR_DEAL, floorUsd: 3, seats: [OUR_SEAT] },
  othersSeat: { dealId: 'AB-Agency1-0002', floorUsd: 1, seats: ['Agency2'] },
} as const;

const pmps = (): CorpusCase[] => {
  const deal = (patch: Json = {}) => ({ id: OUR_DEAL, at: 1, bidfloor: 2.5, ...patch });
  const otherDeal = { id: 'XY-Agency2-0001', at: 2, bidfloor: 2, wseat: ['Agency2'] };
  const with_ = (name: string, pmp: Json, expected: Partial<CorpusCase>): CorpusCase => {
    const request = variant('site-pmp');
    request.imp[0]!.pmp = pmp;
    return { name: `pmp/${name}`, request, ...expected };
  };
  return [
    with_(
      'private-wseat-ours',
      { private_auction: 1, deals: [deal({ wseat: [OUR_SEAT] }), otherDeal] },
      { expect: 'bid', dealId: OUR_DEAL },
    ),
    with_('private-no-wseat', { private_auction: 1, deals: [deal()] }, { expect: 'bid', dealId: OUR_DEAL }),
    with_(
      'private-wseat-others',
      { private_auction: 1, deals: [deal({ wseat: ['Agency2', 'dsp-77'] }), otherDeal] },
      { expect: 'no-bid' },
    ),
    with_('private-other-deal-only', { private_auction: 1, deals: [otherDeal] }, { expect: 'no-bid' }),
    with_(
      'open-wseat-others',
      { private_auction: 0, deals: [deal({ wseat: ['Agency2'] })] },
      { expect: 'bid', dealId: null },
    ),
    with_(
      'open-wseat-ours-empty-list',
      { private_auction: 0, deals: [deal({ wseat: [] })] },
      { expect: 'bid', dealId: OUR_DEAL },
    ),
    // The deal's floor is above the campaign's highest bid (5 USD).
    with_(
      'private-floor-above-max',
      { private_auction: 1, deals: [deal({ bidfloor: 6 })] },
      { expect: 'no-bid' },
    ),
    with_(
      'private-floor-in-eur',
      { private_auction: 1, deals: [deal({ bidfloorcur: 'EUR' })] },
      { expect: 'no-bid' },
    ),
    with_('open-no-deals-listed', { private_auction: 0, deals: [] }, { expect: 'bid', dealId: null }),
    // The request offers the deal at 1 USD; it was recorded at 3.
    with_(
      'private-recorded-floor-above-request',
      { private_auction: 1, deals: [deal({ bidfloor: 1 })] },
      { expect: 'bid', dealId: OUR_DEAL, minPrice: RECORDED_DEALS.ours.floorUsd },
    ),
    // Recorded for another buyer's seat: the request naming no seats does not make it ours.
    with_(
      'private-recorded-for-other-seat',
      { private_auction: 1, deals: [{ id: RECORDED_DEALS.othersSeat.dealId, bidfloor: 1 }] },
      { expect: 'no-bid' },
    ),
  ];
};

// ---- brand safety: content categories the banner campaign excludes (IAB25 and its subcategories) ----------

/** Excluded by the banner campaign for the corpus (bidder-corpus.test.ts). */
export const EXCLUDED_CONTENT = ['IAB25'];

const contentCategories = (): CorpusCase[] => {
  const on = (name: string, site: Json, expect: CorpusCase['expect']): CorpusCase => {
    const request = variant('site-banner');
    Object.assign(request.site as Json, site);
    return { name: `content/${name}`, request, expect };
  };
  return [
    on('site-cat-excluded-subcategory', { cat: ['IAB17', 'IAB25-3'] }, 'no-bid'),
    on('sectioncat-excluded', { sectioncat: ['IAB25'] }, 'no-bid'),
    on('pagecat-excluded-subcategory', { pagecat: ['IAB25-5'] }, 'no-bid'),
    on('content-cat-excluded', { content: { id: 'v1', cat: ['IAB25-2'] } }, 'no-bid'),
    on('other-categories', { cat: ['IAB20', 'IAB2-5'], content: { cat: ['IAB26'] } }, 'bid'),
  ];
};

// ---- predicted viewability: the app banner campaign wants 70% (its fixture predicts 85%) ----------------

export const MIN_VIEWABILITY_PCT = 70;

const viewability = (): CorpusCase[] => {
  const at = (name: string, metric: Json[] | null, expect: CorpusCase['expect']): CorpusCase => {
    const request = variant('app-banner');
    if (metric === null) delete request.imp[0]!.metric;
    else request.imp[0]!.metric = metric;
    return { name: `viewability/${name}`, request, expect };
  };
  return [
    at('above-minimum', [{ type: 'viewability', value: 0.85, vendor: 'ias.com' }], 'bid'),
    at('at-minimum', [{ type: 'viewability', value: 0.7, vendor: 'moat.com' }], 'bid'),
    at('below-minimum', [{ type: 'viewability', value: 0.42, vendor: 'ias.com' }], 'no-bid'),
    at(
      'one-vendor-below',
      [
        { type: 'viewability', value: 0.9, vendor: 'ias.com' },
        { type: 'viewability', value: 0.5, vendor: 'doubleverify.com' },
      ],
      'no-bid',
    ),
    at('only-other-metrics', [{ type: 'click_through_rate', value: 0.9, vendor: 'EXCHANGE' }], 'no-bid'),
    at('no-metric', null, 'no-bid'),
  ];
};

// ---- privacy signals: TCF v2 (2.6 and 2.5 locations), US Privacy, GPP, COPPA -----------------------------

/**
 * Video campaigns carry a frequency cap, so a video bid needs the user key, which the privacy
 * signals allow or not; the banner campaign has no cap and bids either way.
 */
const TC_VARIANTS: [string, () => string, boolean][] = [
  [
    'full-consent',
    () => tcStringOf({ vendorConsents: [US], purposeConsents: [1, 2, 3, 4], specialFeatures: [1] }),
    true,
  ],
  ['purposes-1-2-only', () => tcStringOf({ vendorConsents: [US], purposeConsents: [1, 2] }), true],
  [
    'purpose-2-by-legitimate-interest',
    () =>
      tcStringOf({
        vendorConsents: [US],
        vendorInterests: [US],
        purposeConsents: [1],
        purposeInterests: [2],
      }),
    true,
  ],
  [
    'other-vendor-only',
    () => tcStringOf({ vendorConsents: [OTHER_TCF_VENDOR_ID], purposeConsents: [1, 2, 3, 4] }),
    false,
  ],
  ['purposes-missing', () => tcStringOf({ vendorConsents: [US], purposeConsents: [] }), false],
  ['purpose-1-missing', () => tcStringOf({ vendorConsents: [US], purposeConsents: [2, 3, 4] }), false],
  ['invalid-string', () => 'COwJDpQOwJDpQIAAAAENAPCgAAAAAAAAAAAAAAAAAAAA.INVALID', false],
  ['empty-string', () => '', false],
];

type Locate = (request: Json, consent: string) => void;
const LOCATIONS: [string, Locate][] = [
  [
    '2.6',
    (request, consent) => {
      request.regs = { gdpr: 1 };
      request.user = { ...(request.user as Json), consent };
    },
  ],
  [
    '2.5-ext',
    (request, consent) => {
      request.regs = { ext: { gdpr: 1 } };
      request.user = { ...(request.user as Json), ext: { consent } };
    },
  ],
];

const gdpr = (): CorpusCase[] => {
  const cases: CorpusCase[] = [];
  for (const [tcName, tcString, allows] of TC_VARIANTS) {
    for (const [locationName, locate] of LOCATIONS) {
      const video = variant(locationName === '2.6' ? 'site-video' : 'app-video');
      locate(video, tcString());
      cases.push({
        name: `gdpr/${locationName}/${tcName}/video`,
        request: video,
        expect: allows ? 'bid' : 'no-bid',
      });
    }
    const banner = variant('site-banner');
    LOCATIONS[0]![1](banner, tcString());
    cases.push({ name: `gdpr/2.6/${tcName}/banner`, request: banner, expect: 'bid' });
  }
  // gdpr 0: a TC string is not read.
  const outside = variant('site-video');
  outside.regs = { gdpr: 0 };
  outside.user = { ...(outside.user as Json), consent: 'NOT-A-TCF-STRING' };
  cases.push({ name: 'gdpr/gdpr-0-string-ignored/video', request: outside, expect: 'bid' });
  // No gdpr flag, a consenting string: GDPR read as applying.
  const implied = variant('site-video');
  implied.user = { ...(implied.user as Json), consent: TC_VARIANTS[0]![1]() };
  cases.push({ name: 'gdpr/flag-absent-consent-given/video', request: implied, expect: 'bid' });
  return cases;
};

const usPrivacy = (): CorpusCase[] =>
  (
    [
      ['1YNN', 'regs', true],
      ['1---', 'regs', true],
      ['1YYN', 'regs', false],
      ['1NYY', 'ext', false],
      ['1YNY', 'ext', true],
      ['YNN', 'regs', false],
    ] as const
  ).map(([value, where, allows]) => {
    const request = variant('app-video');
    request.regs = where === 'regs' ? { us_privacy: value } : { ext: { us_privacy: value } };
    return { name: `us-privacy/${where}/${value}`, request, expect: allows ? 'bid' : 'no-bid' };
  });

const USNAT_NOTICES = {
  SaleOptOutNotice: 1,
  SharingOptOutNotice: 1,
  TargetedAdvertisingOptOutNotice: 1,
  SaleOptOut: 2,
  SharingOptOut: 2,
  TargetedAdvertisingOptOut: 2,
};

const gpp = (): CorpusCase[] => {
  const full: TcChoices = { vendorConsents: [US], purposeConsents: [1, 2, 3, 4], specialFeatures: [1] };
  const variants: [string, () => Json, boolean][] = [
    ['usnat-no-opt-out', () => ({ gpp: gppStringOf({ usnat: USNAT_NOTICES }), gpp_sid: [7] }), true],
    [
      'usnat-targeting-opt-out',
      () => ({
        gpp: gppStringOf({ usnat: { ...USNAT_NOTICES, TargetedAdvertisingOptOut: 1 } }),
        gpp_sid: [7],
      }),
      false,
    ],
    [
      'uspv1-sale-opt-out',
      () => ({
        gpp: gppStringOf({ uspv1: { Notice: 'Y', OptOutSale: 'Y', LspaCovered: 'N' } }),
        gpp_sid: [6],
      }),
      false,
    ],
    [
      'uspv1-no-opt-out',
      () => ({
        gpp: gppStringOf({ uspv1: { Notice: 'Y', OptOutSale: 'N', LspaCovered: 'N' } }),
        gpp_sid: [6],
      }),
      true,
    ],
    ['tcfeu-consent', () => ({ gpp: gppWithTcString(full), gpp_sid: [2] }), true],
    [
      'tcfeu-other-vendor',
      () => ({ gpp: gppWithTcString({ ...full, vendorConsents: [OTHER_TCF_VENDOR_ID] }), gpp_sid: [2] }),
      false,
    ],
    [
      'listed-section-missing',
      () => ({
        gpp: gppStringOf({ uspv1: { Notice: 'Y', OptOutSale: 'N', LspaCovered: 'N' } }),
        gpp_sid: [8],
      }),
      false,
    ],
    ['broken-string', () => ({ gpp: 'DBABMA~NOT-A-SECTION', gpp_sid: [7] }), false],
  ];
  return variants.map(([name, regs, allows]) => {
    const request = variant('site-video');
    request.regs = regs();
    return { name: `gpp/${name}`, request, expect: allows ? 'bid' : 'no-bid' };
  });
};

const coppa = (): CorpusCase[] => {
  const video = variant('app-video');
  video.regs = { coppa: 1 };
  const banner = variant('site-banner');
  banner.regs = { coppa: 1 };
  return [
    { name: 'coppa/video', request: video, expect: 'no-bid' },
    { name: 'coppa/banner', request: banner, expect: 'bid' },
  ];
};

// ---- request-level rules: JSON nulls, bcat, seats, currency --------------------------------------------

const nulls = (): CorpusCase[] => {
  const banner = variant('site-banner', { top: { bcat: null, badv: null, source: null, regs: null } });
  Object.assign(banner.imp[0]!, { bidfloorcur: null, pmp: null, tagid: null, ext: null });
  (banner.user as Json).eids = null;
  const video = variant('site-video', {
    top: { user: { id: '456789876567897654678987656789', buyeruid: null, ext: null } },
  });
  Object.assign(mediaOf(video, 'video'), {
    plcmt: null,
    placement: null,
    startdelay: null,
    companionad: null,
  });
  const app = variant('app-banner', { top: { bcat: null, badv: null } });
  Object.assign(app.device as Json, { geo: null, carrier: null, lmt: null });
  const native = variant('site-native');
  native.imp[0]!.native = {
    request: JSON.stringify({ ver: '1.2', assets: NATIVE_FEED_ASSETS, eventtrackers: null }),
    ver: '1.2',
    battr: null,
  };
  const regs = variant('site-video');
  regs.regs = { gdpr: null, us_privacy: null, gpp: null, gpp_sid: null, coppa: null };
  return [
    { name: 'nulls/site-banner', request: banner, expect: 'bid' },
    { name: 'nulls/site-video', request: video, expect: 'bid' },
    { name: 'nulls/app-banner', request: app, expect: 'bid' },
    { name: 'nulls/native', request: native, expect: 'bid' },
    { name: 'nulls/regs', request: regs, expect: 'bid' },
  ];
};

const requestRules = (): CorpusCase[] => [
  {
    name: 'bcat/other-categories',
    request: variant('site-banner', { top: { bcat: ['IAB25', 'IAB26', 'IAB7-39'] } }),
    expect: 'bid',
  },
  {
    name: 'bcat/travel-blocked',
    request: variant('site-banner', { top: { bcat: ['IAB20'] } }),
    expect: 'no-bid',
  },
  // The campaigns are filed under IAB20, which may hold the blocked IAB20-3.
  {
    name: 'bcat/travel-subcategory-only',
    request: variant('site-video', { top: { bcat: ['IAB20-3'] } }),
    expect: 'no-bid',
  },
  { name: 'bcat/empty-list', request: variant('site-banner', { top: { bcat: [] } }), expect: 'bid' },
  {
    name: 'badv/our-advertiser',
    request: variant('site-banner', { top: { badv: ['tailspin-travel.example'] } }),
    expect: 'no-bid',
  },
  {
    name: 'seat/wseat-ours',
    request: variant('site-banner', { top: { wseat: [OUR_SEAT, 'dsp-2'] } }),
    expect: 'bid',
  },
  {
    name: 'seat/wseat-others',
    request: variant('site-banner', { top: { wseat: ['dsp-2', 'dsp-3'] } }),
    expect: 'no-bid',
  },
  {
    name: 'seat/bseat-ours',
    request: variant('site-banner', { top: { bseat: [OUR_SEAT] } }),
    expect: 'no-bid',
  },
  { name: 'currency/eur-only', request: variant('site-banner', { top: { cur: ['EUR'] } }), expect: 'no-bid' },
  {
    name: 'currency/usd-and-eur',
    request: variant('site-banner', { top: { cur: ['EUR', 'USD'] } }),
    expect: 'bid',
  },
  { name: 'test-flag', request: variant('site-banner', { top: { test: 1 } }), expect: 'bid' },
  {
    name: 'floor/above-max-bid',
    request: variant('site-banner', { imp: { bidfloor: 7.5 } }),
    expect: 'no-bid',
  },
];

/** Every case, each with a unique auction id; every seventh sent gzipped. */
export const corpusCases = (): CorpusCase[] => {
  const cases = [
    ...siteBanners(),
    ...multiImps(),
    ...appBanners(),
    ...siteVideos(),
    ...appVideos(),
    ...natives(),
    ...audios(),
    ...pmps(),
    ...contentCategories(),
    ...viewability(),
    ...gdpr(),
    ...usPrivacy(),
    ...gpp(),
    ...coppa(),
    ...nulls(),
    ...requestRules(),
  ];
  const names = new Set<string>();
  return cases.map((entry, index) => {
    if (names.has(entry.name)) throw new Error(`two corpus cases are named ${entry.name}`);
    names.add(entry.name);
    entry.request.id = `corpus-${index}-${entry.request.id}`;
    return index % 7 === 3 ? { ...entry, gzip: true } : entry;
  });
};
