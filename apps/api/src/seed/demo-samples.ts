// Demo bid request samples: the last 7 days of the traffic `npm run simulate`
// plays (the same request shapes by share, floors, banner sizes, countries, devices, languages,
// carriers and a pool of 5,000 returning users), at `qps` requests a second, sampled as the bidder
// samples (request-sampler.ts: 1 in `rate` users by hash), so a fresh demo shows a forecast. Each
// request goes through the bidder's own readRequestFacts and sampleOf. Deterministic (seeded).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bidRequestSamples } from '../db/schema/delivery.ts';
import { exchanges } from '../db/schema/reference.ts';
import type { BidRequest } from '../modules/bidding/openrtb-request.ts';
import { readRequestFacts } from '../modules/bidding/request-facts.ts';
import {
  DEFAULT_SAMPLE_RATE,
  isSampledUser,
  SAMPLE_KEEP_DAYS,
  type SampleRow,
  sampleOf,
} from '../modules/bidding/request-sampler.ts';
import { pick, randomOf } from './demo-history.ts';
import { BANNER_SIZES, CARRIERS, TRAFFIC_COUNTRIES } from './simulated-traffic.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const INSERT_BATCH = 1_000;
/** The simulator's default exchanges. */
const SIMULATED_EXCHANGES = ['openx', 'xandr'];

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
const SITE = { id: '102855', domain: 'www.foobar.com', cat: ['IAB3-1'] };
const SITE_ABCD = { id: '1345135123', domain: 'siteabcd.com', cat: ['IAB2-1', 'IAB2-2'] };
const APP = { id: 'agltb3B1Yi1pbmNyDAsSA0FwcBiJkfIUDA', bundle: '12345', cat: ['IAB15', 'IAB15-10'] };

type Template = { weight: number; mobileOnly: boolean; build: (random: () => number) => Partial<BidRequest> };
const floor = (random: () => number, isVideo: boolean) =>
  Math.round((0.05 + random() * (isVideo ? 4 : 1.2)) * 100) / 100;

/** A banner on a site: 300x250, or (3 in 10) one of the simulator's other sizes. */
const siteBanner = (
  random: () => number,
  site: typeof SITE,
  extra: Record<string, unknown> = {},
  battr?: number[],
): Partial<BidRequest> => {
  const [w, h] = random() < 0.3 ? pick(random, BANNER_SIZES) : [300, 250];
  const banner = battr ? { w, h, battr } : { w, h };
  return { imp: [{ id: '1', bidfloor: floor(random, false), bidfloorcur: 'USD', banner, ...extra }], site };
};

/** The simulator's templates (the specification's examples) with its floors and sizes. */
const TEMPLATES: Template[] = [
  { weight: 40, mobileOnly: false, build: (random) => siteBanner(random, SITE) },
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
      app: APP,
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
      site: SITE_ABCD,
    }),
  },
  {
    weight: 10,
    mobileOnly: false,
    build: (random) =>
      siteBanner(random, SITE, {
        pmp: {
          private_auction: 1,
          deals: [
            { id: 'AB-Agency1-0001', bidfloor: 2.5, wseat: ['Agency1'] },
            { id: 'XY-Agency2-0001', bidfloor: 2, wseat: ['Agency2'] },
          ],
        },
      }),
  },
  { weight: 5, mobileOnly: false, build: (random) => siteBanner(random, SITE_ABCD, {}, [13]) },
];

const userIdOf = (random: () => number) =>
  Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');

/** One sampled request of the simulator's traffic, for a sampled user. */
const buildRequest = (random: () => number, user: string): BidRequest => {
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
    id: 'demo',
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

export type DemoSamplesResult = { samples: number; ms: number };

/**
 * Writes SAMPLE_KEEP_DAYS days of samples (up to the last whole hour) of `qps` requests a second on
 * the simulator's exchanges. Skipped when samples exist.
 */
export const seedDemoSamples = async (
  db: Db,
  options: { qps?: number; rate?: number; now?: Date } = {},
): Promise<DemoSamplesResult> => {
  const started = performance.now();
  const [existing] = await db.select({ id: bidRequestSamples.id }).from(bidRequestSamples).limit(1);
  if (existing) return { samples: 0, ms: 0 };
  const rate = options.rate ?? DEFAULT_SAMPLE_RATE;
  const qps = options.qps ?? 5;
  const exchangeRows = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(and(eq(exchanges.status, 'ACTIVE'), inArray(exchanges.key, SIMULATED_EXCHANGES)));
  if (exchangeRows.length === 0) return { samples: 0, ms: 0 };
  const random = randomOf(20_261_124);
  // The simulator's 5,000 returning users; the bidder samples the ones whose hash falls in 1 of `rate`.
  const pool = Array.from({ length: 5_000 }, () => userIdOf(random));
  const sampledUsers = pool.filter((user) => isSampledUser(user, rate));
  if (sampledUsers.length === 0) return { samples: 0, ms: 0 };
  const perHour = (qps * 3600 * sampledUsers.length) / pool.length;
  const now = (options.now ?? new Date()).getTime();
  const until = Math.floor(now / HOUR_MS) * HOUR_MS;
  const from = Math.floor(now / DAY_MS) * DAY_MS - (SAMPLE_KEEP_DAYS - 1) * DAY_MS;
  const reference = { alpha2OfAlpha3: new Map<string, string>(), tcfVendorId: null };
  let rows: SampleRow[] = [];
  let written = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    await db.insert(bidRequestSamples).values(rows);
    written += rows.length;
    rows = [];
  };
  let carry = 0;
  for (let hour = from; hour < until; hour += HOUR_MS) {
    carry += perHour;
    const count = Math.floor(carry);
    carry -= count;
    for (let n = 0; n < count; n++) {
      const request = buildRequest(random, pick(random, sampledUsers));
      const exchangeId = pick(random, exchangeRows).id;
      const atMs = hour + Math.floor(random() * HOUR_MS);
      rows.push(sampleOf(request, readRequestFacts(request, reference), exchangeId, atMs));
      if (rows.length >= INSERT_BATCH) await flush();
    }
  }
  await flush();
  return { samples: written, ms: Math.round(performance.now() - started) };
};
