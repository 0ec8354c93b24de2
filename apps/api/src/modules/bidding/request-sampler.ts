// A sample of the valid bid requests for reach and spend forecasts (modules/forecast): 1 in `rate`
// (BID_SAMPLE_RATE, default 100), kept SAMPLE_KEEP_DAYS days in bid_request_samples.
//
// Which requests: a request with a user key is kept when a hash of the key falls in 1 of `rate`
// buckets, so a sampled user is sampled on every request and the sample's distinct users times
// `rate` estimates unique users; a request without a key is kept every `rate`-th one. Either way a
// sampled request stands for `rate` requests.
//
// Off the hot path: offer() is a hash and an array push; rows go to the database in one multi-row
// insert every few seconds (and when the server stops). Days older than the kept ones are deleted
// when a flush sees a new day. A crash loses at most the last interval's samples.
import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bidRequestSamples } from '../../db/schema/delivery.ts';
import type { BidRequest, Imp } from './openrtb-request.ts';
import type { RequestFacts } from './request-facts.ts';

export const SAMPLE_KEEP_DAYS = 7;
export const DEFAULT_SAMPLE_RATE = 100;
/** Samples held in memory between flushes at most (a stalled database must not eat the memory). */
const MAX_PENDING = 20_000;
const DAY_MS = 86_400_000;

export type SampleRow = typeof bidRequestSamples.$inferInsert;

/** FNV-1a, 32 bits: the sampling decision for a user key (cheap enough for every request). */
const fnv1a = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

/** Whether a user key falls in the sampled bucket of 1 in `rate`. */
export const isSampledUser = (userKey: string, rate: number) => fnv1a(userKey.toLowerCase()) % rate === 0;

/** The stored stand-in of a user key: short, one-way, the same for the same key. */
export const userHashOf = (userKey: string) =>
  createHash('sha1').update(userKey.toLowerCase()).digest('base64url').slice(0, 12);

/** An imp trimmed to what creative fit, floors and deals read (creative-match.ts, bid-engine.ts). */
const trimImp = (imp: Imp): Record<string, unknown> => {
  const pmp = imp.pmp
    ? {
        private_auction: imp.pmp.private_auction,
        deals: (imp.pmp.deals ?? []).map((deal) => ({
          id: deal.id,
          bidfloor: deal.bidfloor,
          bidfloorcur: deal.bidfloorcur,
          wseat: deal.wseat,
          wadomain: deal.wadomain,
        })),
      }
    : undefined;
  return {
    id: imp.id,
    metric: imp.metric,
    banner: imp.banner
      ? {
          w: imp.banner.w,
          h: imp.banner.h,
          format: imp.banner.format?.map((size) => ({ w: size.w, h: size.h })),
          battr: imp.banner.battr,
          btype: imp.banner.btype,
          mimes: imp.banner.mimes,
        }
      : undefined,
    video: imp.video
      ? {
          mimes: imp.video.mimes,
          minduration: imp.video.minduration,
          maxduration: imp.video.maxduration,
          protocols: imp.video.protocols,
          protocol: imp.video.protocol,
          w: imp.video.w,
          h: imp.video.h,
          battr: imp.video.battr,
          linearity: imp.video.linearity,
          plcmt: imp.video.plcmt,
          placement: imp.video.placement,
        }
      : undefined,
    native: imp.native ? { request: imp.native.request, battr: imp.native.battr } : undefined,
    audio: imp.audio ? {} : undefined,
    bidfloor: imp.bidfloor,
    bidfloorcur: imp.bidfloorcur,
    secure: imp.secure,
    pmp,
  };
};

/** The stored sample of one request: facts without the user key (with bcat), trimmed imps, the UTC day and hour. */
export const sampleOf = (
  request: BidRequest,
  facts: RequestFacts,
  exchangeId: number,
  nowMs: number,
): SampleRow => {
  const { userKey, audienceKey, appCategories, ...rest } = facts;
  const at = new Date(nowMs);
  // JSON drops undefined fields, so the stored imps stay as small as the request allows.
  const imps = JSON.parse(JSON.stringify(request.imp.map(trimImp))) as Record<string, unknown>[];
  return {
    day: at.toISOString().slice(0, 10),
    hour: at.getUTCHours(),
    exchangeId,
    userHash: userKey ? userHashOf(userKey) : '',
    facts: { ...rest, appCategories: [...appCategories], blockedCategories: request.bcat ?? [] },
    imps,
  };
};

export type RequestSampler = {
  rate: number;
  /** Keeps the request when it falls in the sample (valid, non-test requests only). */
  offer: (request: BidRequest, facts: RequestFacts, exchangeId: number, nowMs: number) => void;
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

/** The oldest day kept on a day: SAMPLE_KEEP_DAYS days including it. */
export const firstKeptDay = (nowMs: number) =>
  new Date(Math.floor(nowMs / DAY_MS) * DAY_MS - (SAMPLE_KEEP_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);

/**
 * The rows as one JSON parameter: drizzle's insert of a few hundred rows built its SQL text on the
 * bidder's event loop for 15 ms, a stall every bid request behind it waited out (bench profile).
 */
const insertSamples = (db: Db, batch: readonly SampleRow[]) =>
  db.execute(sql`
    insert into bid_request_samples (day, hour, exchange_id, user_hash, facts, imps)
    select day, hour, exchange_id, user_hash, facts, imps
    from jsonb_to_recordset(${JSON.stringify(
      batch.map((row) => ({
        day: row.day,
        hour: row.hour,
        exchange_id: row.exchangeId,
        user_hash: row.userHash ?? '',
        facts: row.facts,
        imps: row.imps,
      })),
    )}::jsonb) as s(day date, hour integer, exchange_id integer, user_hash text, facts jsonb, imps jsonb)`);

export const createRequestSampler = (
  db: Db,
  options: {
    rate?: number;
    intervalMs?: number;
    now?: () => number;
    onError?: (error: unknown) => void;
  } = {},
): RequestSampler => {
  const rate = Math.max(1, Math.floor(options.rate ?? DEFAULT_SAMPLE_RATE));
  const now = options.now ?? Date.now;
  let pending: SampleRow[] = [];
  let keyless = 0;
  let prunedFor = '';
  let flushing: Promise<void> = Promise.resolve();

  const flush = () => {
    const batch = pending;
    pending = [];
    const today = new Date(now()).toISOString().slice(0, 10);
    const prune = prunedFor !== today;
    if (batch.length === 0 && !prune) return flushing;
    prunedFor = today;
    flushing = flushing.then(async () => {
      try {
        if (batch.length > 0) await insertSamples(db, batch);
        if (prune) await db.delete(bidRequestSamples).where(lt(bidRequestSamples.day, firstKeptDay(now())));
      } catch (error) {
        options.onError?.(error);
      }
    });
    return flushing;
  };

  const timer = setInterval(() => void flush(), options.intervalMs ?? 5000);
  timer.unref();

  return {
    rate,
    offer: (request, facts, exchangeId, nowMs) => {
      if (request.test === 1 || pending.length >= MAX_PENDING) return;
      const sampled = facts.userKey ? isSampledUser(facts.userKey, rate) : keyless++ % rate === 0;
      if (sampled) pending.push(sampleOf(request, facts, exchangeId, nowMs));
    },
    flush,
    close: async () => {
      clearInterval(timer);
      await flush();
    },
  };
};
