// The demo's simulated exchange traffic, one generator for everything that plays it: the demo's
// bid request sample (demo-samples.ts), its delivery history (demo-history.ts, through the real bid
// engine), the forecast check (scripts/bench/forecast-error.ts) and `npm run simulate`. OpenRTB 2.6
// requests of the specification's example shapes (banner on sites, banner in apps, video, a PMP
// deal) and an in-feed native ad in apps, with varied floors, sizes, countries, devices, languages,
// carriers, apps and sites, from a pool of returning users; a day-shaped hourly volume; and the
// market they meet (a competing bid, first or second price, click and conversion rates).
// Deterministic: each hour's requests come from a generator seeded by the traffic's seed and the
// hour, so the sample and the history of the same hour are the same requests.
import type { BidRequest } from '../modules/bidding/openrtb-request.ts';
import { demoInventory } from './demo-inventory.ts';

const HOUR_MS = 3_600_000;

/** mulberry32: small, seeded, good enough for demo data. */
export const randomOf = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

export const pick = <T>(
  random: () => number,
  items: readonly T[],
  weightOf: (item: T) => number = () => 1,
): T => {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= weightOf(item);
    if (roll <= 0) return item;
  }
  return items[items.length - 1]!;
};

/** Share of a day's requests per UTC hour: quiet at night, peaks at lunch and in the evening. */
export const HOUR_WEIGHTS = [
  2, 1.5, 1, 1, 1, 1.5, 2.5, 4, 5, 5.5, 6, 6.5, 7, 6.5, 6, 5.5, 5.5, 6, 7, 7.5, 7, 6, 4.5, 3,
] as const;
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((sum, weight) => sum + weight, 0);

/** Requests expected in the UTC hour starting at `hourMs`, at `perDay` on an average day (weekends quieter). */
export const requestsExpectedIn = (hourMs: number, perDay: number) => {
  const at = new Date(hourMs);
  const weekday = at.getUTCDay();
  const dayFactor = weekday === 0 || weekday === 6 ? 0.85 : 1.06;
  return (perDay * dayFactor * HOUR_WEIGHTS[at.getUTCHours()]!) / HOUR_TOTAL;
};

/** Countries by share of requests, with the language a request from there names (its first). */
export const TRAFFIC_COUNTRIES: readonly [country: string, share: number, language: string][] = [
  ['US', 38, 'en'],
  ['GB', 9, 'en'],
  ['DE', 8, 'de'],
  ['FR', 6, 'fr'],
  ['CA', 5, 'en'],
  ['IT', 5, 'it'],
  ['ES', 5, 'es'],
  ['JP', 4, 'ja'],
  ['AU', 3, 'en'],
  ['BR', 4, 'pt'],
  ['IN', 5, 'hi'],
  ['NL', 2, 'nl'],
  ['RS', 1, 'sr'],
  ['GR', 1, 'el'],
  ['MX', 4, 'es'],
];
export const CARRIERS: Record<string, string[]> = {
  US: ['VERIZON', 'AT&T', 'T-Mobile'],
  GB: ['EE', 'Vodafone', 'O2'],
  DE: ['Telekom', 'Vodafone', 'O2'],
};
/** Banner sizes of site requests (300x250 twice as often). */
export const BANNER_SIZES: readonly [number, number][] = [
  [300, 250],
  [300, 250],
  [728, 90],
  [320, 50],
  [160, 600],
  [300, 600],
];

/** The market our bids meet: clicks per impression and conversions per click. */
export const SIMULATED_CTR = 0.006;
export const SIMULATED_CONVERSION_RATE = 0.08;

/** A standard normal draw (Box-Muller). */
const normal = (random: () => number) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** The best competing bid (CPM): above the floor, log-normal around a market price (video costs more). */
export const competingCpm = (random: () => number, floorCpm: number, isVideo: boolean) =>
  floorCpm + Math.exp(Math.log(isVideo ? 7 : 2.2) + 0.6 * normal(random));

/**
 * What a won auction clears at (CPM): our bid at first price (`at` 1), else the runner-up plus a
 * cent, never under the floor nor over our bid. Null: the competitor won.
 */
export const clearingCpmOf = (auctionType: number, bidCpm: number, floorCpm: number, rivalCpm: number) => {
  if (rivalCpm >= bidCpm) return null;
  return auctionType === 1 ? bidCpm : Math.max(floorCpm, Math.min(bidCpm, rivalCpm + 0.01));
};

const AGENTS = {
  iphone: {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    os: 'iOS',
    osv: '17.5',
    make: 'Apple',
  },
  android: {
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    os: 'Android',
    osv: '14',
    make: 'Samsung',
  },
  windows: {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    os: 'Windows',
    osv: '10',
    make: undefined,
  },
  mac: {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    os: 'macOS',
    osv: '14',
    make: undefined,
  },
};

/** A site or an app of the demo supply (demo-inventory.ts), with the example requests' categories. */
const siteOf = (random: () => number, cat: string[]) => {
  const domain = demoInventory('WEB', random);
  return { id: domain, domain, page: `https://${domain}/`, cat };
};
const appOf = (random: () => number) => {
  const bundle = demoInventory('APP', random);
  return { id: bundle, bundle, cat: ['IAB15', 'IAB15-10'] };
};

const NATIVE_IN_FEED = JSON.stringify({
  ver: '1.2',
  plcmttype: 1,
  assets: [
    { id: 1, required: 1, title: { len: 90 } },
    { id: 2, required: 1, img: { type: 3, wmin: 600, hmin: 300 } },
    { id: 3, required: 0, data: { type: 2, len: 140 } },
    { id: 4, required: 1, data: { type: 1 } },
  ],
});

type Template = { weight: number; mobileOnly: boolean; build: (random: () => number) => Partial<BidRequest> };
const floor = (random: () => number, isVideo: boolean) =>
  Math.round((0.05 + random() * (isVideo ? 4 : 1.2)) * 100) / 100;

/** A banner on a site: 300x250, or (3 in 10) one of the other sizes. */
const siteBanner = (
  random: () => number,
  cat: string[],
  extra: Record<string, unknown> = {},
  battr?: number[],
): Partial<BidRequest> => {
  const [w, h] = random() < 0.3 ? pick(random, BANNER_SIZES) : [300, 250];
  const banner = battr ? { w, h, battr } : { w, h };
  return {
    imp: [{ id: '1', bidfloor: floor(random, false), bidfloorcur: 'USD', banner, ...extra }],
    site: siteOf(random, cat),
  };
};

/** The specification's example requests and an in-feed native one, by share of traffic. */
const TEMPLATES: Template[] = [
  { weight: 40, mobileOnly: false, build: (random) => siteBanner(random, ['IAB3-1']) },
  {
    weight: 25,
    mobileOnly: true,
    build: (random) => ({
      bcat: ['IAB25', 'IAB7-39', 'IAB8-18', 'IAB8-5', 'IAB9-9'],
      imp: [
        {
          id: '1',
          bidfloor: floor(random, false),
          bidfloorcur: 'USD',
          banner: { w: 728, h: 90, btype: [4], battr: [14] },
        },
      ],
      app: appOf(random),
    }),
  },
  {
    weight: 20,
    mobileOnly: false,
    build: (random) => ({
      imp: [
        {
          id: '1',
          bidfloor: floor(random, true),
          bidfloorcur: 'USD',
          video: {
            w: 640,
            h: 480,
            minduration: 5,
            maxduration: 30,
            protocols: [2, 3],
            mimes: ['video/x-flv', 'video/mp4', 'application/javascript'],
            battr: [13, 14],
          },
        },
      ],
      site: siteOf(random, ['IAB2-1', 'IAB2-2']),
    }),
  },
  {
    weight: 10,
    mobileOnly: false,
    build: (random) =>
      siteBanner(random, ['IAB3-1'], {
        pmp: {
          private_auction: 1,
          deals: [
            { id: 'AB-Agency1-0001', bidfloor: 2.5, wseat: ['Agency1'] },
            { id: 'XY-Agency2-0001', bidfloor: 2, wseat: ['Agency2'] },
          ],
        },
      }),
  },
  { weight: 5, mobileOnly: false, build: (random) => siteBanner(random, ['IAB2-1', 'IAB2-2'], {}, [13]) },
  {
    // An in-feed native ad in an app (IAB Native 1.2): title, main image, sponsor, description.
    weight: 8,
    mobileOnly: true,
    build: (random) => ({
      imp: [
        {
          id: '1',
          bidfloor: floor(random, false),
          bidfloorcur: 'USD',
          native: { ver: '1.2', request: NATIVE_IN_FEED },
        },
      ],
      app: appOf(random),
    }),
  },
];

const userIdOf = (random: () => number) =>
  Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');

/** One request of the traffic, from a user of the pool. */
export const buildSimulatedRequest = (random: () => number, id: string, user: string): BidRequest => {
  const template = pick(random, TEMPLATES, (entry) => entry.weight);
  const isMobile = template.mobileOnly || random() < 0.55;
  const agent = isMobile
    ? random() < 0.45
      ? AGENTS.iphone
      : AGENTS.android
    : random() < 0.7
      ? AGENTS.windows
      : AGENTS.mac;
  const [country, , language] = pick(random, TRAFFIC_COUNTRIES, ([, share]) => share);
  const request = template.build(random);
  return {
    ...request,
    id,
    at: random() < 0.7 ? 1 : 2,
    tmax: 200,
    imp: request.imp!,
    device: {
      ua: agent.ua,
      devicetype: isMobile ? 4 : 2,
      make: agent.make,
      os: agent.os,
      osv: agent.osv,
      language,
      carrier: isMobile ? pick(random, CARRIERS[country] ?? ['Mobile']) : undefined,
      geo: { country },
      ...(isMobile ? { ifa: user.replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5') } : {}),
    },
    user: { id: user },
  } as BidRequest;
};

export type SimulatedRequest = { request: BidRequest; exchangeId: number; atMs: number };

export type SimulatedTraffic = {
  /** The requests of the UTC hour starting at `hourMs`, in time order (the same every time). */
  hour: (hourMs: number) => SimulatedRequest[];
  /** The market's own draws for an auction (competing bid, clicks), seeded by the request. */
  marketRandom: (request: SimulatedRequest) => () => number;
};

/**
 * The traffic of `perDay` requests on an average day over the given exchanges (ids), from a pool
 * of `users` returning users.
 */
export const createSimulatedTraffic = (options: {
  perDay: number;
  exchangeIds: readonly number[];
  seed?: number;
  users?: number;
}): SimulatedTraffic => {
  const seed = options.seed ?? 20_261_124;
  const poolRandom = randomOf(seed);
  const users = Array.from({ length: options.users ?? 5_000 }, () => userIdOf(poolRandom));
  const seedOf = (hourMs: number) => (seed ^ Math.imul(Math.floor(hourMs / HOUR_MS), 0x9e3779b1)) >>> 0;
  return {
    hour: (hourMs) => {
      if (options.exchangeIds.length === 0) return [];
      const random = randomOf(seedOf(hourMs));
      const count = Math.floor(requestsExpectedIn(hourMs, options.perDay) + random());
      const offsets = Array.from({ length: count }, () => Math.floor(random() * HOUR_MS)).sort(
        (a, b) => a - b,
      );
      const hourKey = Math.floor(hourMs / HOUR_MS);
      return offsets.map((offset, n) => ({
        request: buildSimulatedRequest(random, `sim-${hourKey}-${n}`, pick(random, users)),
        exchangeId: pick(random, options.exchangeIds),
        atMs: hourMs + offset,
      }));
    },
    marketRandom: (simulated) => randomOf(seedOf(simulated.atMs) ^ (simulated.atMs % HOUR_MS)),
  };
};
