// Demo bid request samples: the last 7 days of the demo's simulated traffic (simulated-traffic.ts),
// the very requests the demo history plays through the bid engine hour by hour, each kept once with
// weight 1 (it stands for itself, not for the sampling rate's many), so a fresh demo's forecast is of
// the traffic its history was made from. Each request goes through the bidder's own
// readRequestFacts and sampleOf.
import type { Db } from '../db/client.ts';
import { bidRequestSamples } from '../db/schema/delivery.ts';
import { readRequestFacts } from '../modules/bidding/request-facts.ts';
import { SAMPLE_KEEP_DAYS, type SampleRow, sampleOf } from '../modules/bidding/request-sampler.ts';
import { createSimulatedTraffic, type SimulatedTraffic } from './simulated-traffic.ts';
import { findTrafficExchangeIds } from './traffic-exchanges.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const INSERT_BATCH = 1_000;

/**
 * Requests on an average day of the demo's traffic (the history's and the sample's): about as many
 * events a day as a fresh start can write quickly on the embedded database.
 */
export const DEMO_REQUESTS_PER_DAY = 800;

export type DemoSamplesResult = { samples: number; ms: number };

/** The demo's traffic over the exchanges its campaigns name. */
export const demoTraffic = async (db: Db, perDay = DEMO_REQUESTS_PER_DAY): Promise<SimulatedTraffic> =>
  createSimulatedTraffic({ perDay, exchangeIds: await findTrafficExchangeIds(db) });

/** The sample rows of the traffic's UTC hours from `fromMs` to `untilMs`, one per request. */
export const sampleRowsOf = (traffic: SimulatedTraffic, fromMs: number, untilMs: number): SampleRow[] => {
  const reference = { alpha2OfAlpha3: new Map<string, string>(), tcfVendorId: null };
  const rows: SampleRow[] = [];
  for (let hour = fromMs; hour < untilMs; hour += HOUR_MS)
    for (const { request, exchangeId, atMs } of traffic.hour(hour))
      rows.push({ ...sampleOf(request, readRequestFacts(request, reference), exchangeId, atMs), weight: 1 });
  return rows;
};

/**
 * Writes SAMPLE_KEEP_DAYS days of samples (up to the last whole hour) of the demo traffic at
 * `requestsPerDay`. Skipped when samples exist.
 */
export const seedDemoSamples = async (
  db: Db,
  options: { requestsPerDay?: number; now?: Date } = {},
): Promise<DemoSamplesResult> => {
  const started = performance.now();
  const [existing] = await db.select({ id: bidRequestSamples.id }).from(bidRequestSamples).limit(1);
  if (existing) return { samples: 0, ms: 0 };
  const traffic = await demoTraffic(db, options.requestsPerDay);
  const now = (options.now ?? new Date()).getTime();
  const until = Math.floor(now / HOUR_MS) * HOUR_MS;
  const from = Math.floor(now / DAY_MS) * DAY_MS - (SAMPLE_KEEP_DAYS - 1) * DAY_MS;
  const rows = sampleRowsOf(traffic, from, until);
  for (let start = 0; start < rows.length; start += INSERT_BATCH)
    await db.insert(bidRequestSamples).values(rows.slice(start, start + INSERT_BATCH));
  return { samples: rows.length, ms: Math.round(performance.now() - started) };
};
