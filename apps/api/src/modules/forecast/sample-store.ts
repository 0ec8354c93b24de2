// The bidder's request sample (bid_request_samples) held in memory for forecasts: parsed once, read
// again only from the last id seen (and whole when the table holds fewer rows than the memory), days
// out of the kept window dropped. A forecast then costs one
// small query and a pass of the real eligibility over the samples.
import { and, asc, count, gt, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bidRequestSamples } from '../../db/schema/delivery.ts';
import type { Imp, RequestFacts } from '../bidding/index.ts';
import { firstKeptDay, type NativeRequest, parseNativeRequest } from '../bidding/index.ts';

export type Sample = {
  day: string;
  hour: number;
  /** The middle of the sample's UTC hour (the clock day-parting reads). */
  atMs: number;
  exchangeId: number;
  userHash: string;
  facts: RequestFacts;
  blockedCategories: readonly string[];
  imps: Imp[];
  natives: (NativeRequest | null)[];
  /** How many requests the sample stands for; 0: the sampling rate (bid_request_samples.weight). */
  weight: number;
};

export type SampleWindow = {
  samples: readonly Sample[];
  /** Distinct UTC hours with samples, in days (hours / 24). */
  days: number;
};

const HOUR_MS = 3_600_000;
/** Rows read per query while catching up (the first read of a busy week). */
const PAGE = 5_000;

const toSample = (row: typeof bidRequestSamples.$inferSelect): Sample => {
  const { appCategories, blockedCategories, ...facts } = row.facts as Omit<
    RequestFacts,
    'appCategories' | 'userKey' | 'audienceKey'
  > & { appCategories?: string[]; blockedCategories?: string[] };
  const imps = row.imps as Imp[];
  return {
    day: row.day,
    hour: row.hour,
    atMs: Date.parse(`${row.day}T00:00:00Z`) + row.hour * HOUR_MS + HOUR_MS / 2,
    exchangeId: row.exchangeId,
    userHash: row.userHash,
    // The hashed key stands in for the user key: it keeps frequency-capped campaigns in (they need
    // a user); no audience is applied (see forecast.ts).
    facts: {
      ...facts,
      appCategories: new Set(appCategories ?? []),
      // Samples kept before content categories were read have none.
      contentCategories: facts.contentCategories ?? [],
      userKey: row.userHash || null,
      audienceKey: null,
    },
    blockedCategories: blockedCategories ?? [],
    imps,
    natives: imps.map((imp) => (imp.native ? parseNativeRequest(imp.native.request) : null)),
    weight: row.weight,
  };
};

export type SampleStore = {
  read: (nowMs?: number) => Promise<SampleWindow>;
  /** Reads what is new every `intervalMs` in the background, so no forecast waits for a big catch-up. */
  start: (intervalMs?: number) => void;
  stop: () => void;
};

const REFRESH_MS = 15_000;

export const createSampleStore = (db: Db): SampleStore => {
  let samples: Sample[] = [];
  let lastId = 0;
  let reading: Promise<SampleWindow> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const catchUp = async (nowMs: number): Promise<SampleWindow> => {
    const from = firstKeptDay(nowMs);
    if (samples.length > 0 && samples[0]!.day < from)
      samples = samples.filter((sample) => sample.day >= from);
    const readNew = async () => {
      for (;;) {
        const rows = await db
          .select()
          .from(bidRequestSamples)
          .where(and(gte(bidRequestSamples.day, from), gt(bidRequestSamples.id, lastId)))
          .orderBy(asc(bidRequestSamples.id))
          .limit(PAGE);
        for (const row of rows) samples.push(toSample(row));
        if (rows.length > 0) lastId = rows[rows.length - 1]!.id;
        if (rows.length < PAGE) return;
      }
    };
    await readNew();
    // Rows gone other than by day (deleted by hand): read the window again.
    const [held] = await db
      .select({ n: count() })
      .from(bidRequestSamples)
      .where(and(gte(bidRequestSamples.day, from), lte(bidRequestSamples.id, lastId)));
    if (Number(held?.n ?? 0) !== samples.length) {
      samples = [];
      lastId = 0;
      await readNew();
    }
    const hours = new Set(samples.map((sample) => `${sample.day}|${sample.hour}`));
    return { samples, days: hours.size / 24 };
  };

  // Concurrent forecasts share one catch-up.
  const read = (nowMs = Date.now()) => {
    reading ??= catchUp(nowMs).finally(() => {
      reading = null;
    });
    return reading;
  };
  return {
    read,
    start: (intervalMs = REFRESH_MS) => {
      if (timer) return;
      const refresh = () => void read().catch(() => undefined);
      refresh();
      timer = setInterval(refresh, intervalMs);
      timer.unref();
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
};
