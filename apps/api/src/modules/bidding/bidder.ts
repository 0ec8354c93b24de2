// The built-in bidder's parts, made once per process: the campaign index with the targeting lists its
// campaigns use (list-cache.ts), the delivery state (memory, or Redis with REDIS_URL), the event
// recorder (group commit), the bid request counter and the tracking URL signer. The bid and tracking routes use it; app.ts starts and stops it.
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { concerns, onEntityChange } from '../../platform/change-feed.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import {
  createEventRecorder,
  createNoticeWriter,
  createRequestCounter,
  type EventRecorder,
  type NoticeWriter,
  openPriceDecoder,
  PRICE_KEYS_PURPOSE,
  type RequestCounter,
} from '../delivery/index.ts';
import { type Admission, createAdmission, createLoopLag, DEFAULT_ADMISSION_LIMITS } from './bid-admission.ts';
import { type CampaignIndex, createCampaignIndex } from './campaign-index.ts';
import { createMemoryDeliveryState, type DeliveryState } from './delivery-state.ts';
import { createListCache, type ListCache } from './list-cache.ts';
import { createRedisDeliveryState } from './redis-delivery-state.ts';
import { createRequestSampler, type RequestSampler } from './request-sampler.ts';
import { createTrackingSigner, type TokenSigner } from './tracking-token.ts';

export type Bidder = {
  index: CampaignIndex;
  state: DeliveryState;
  recorder: EventRecorder;
  /** Billed notices' writes: answered once journaled when the journal is on (notice-journal.ts). */
  notices: NoticeWriter;
  requests: RequestCounter;
  /** 1 in N valid bid requests, kept for forecasts. */
  sampler: RequestSampler;
  signer: TokenSigner;
  lists: ListCache;
  seat: string;
  /** Absolute origin of tracking URLs; null: the request's own origin. */
  trackingBaseUrl: string | null;
  /** The bidder's clock (ms): bids, holds and notice windows read it (tests move it). */
  now: () => number;
  /** The monotonic clock (ms) tmax and load shedding are measured on; tests may replace it. */
  monotonicNow: () => number;
  /** Load shedding at the bid endpoint's door. */
  admission: Admission;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * What changes the index: campaigns and their approvals, creatives, exchanges, users and their
 * configs, and the entries of inventory lists, audiences and smart-app lists.
 */
const INDEX_ENTITIES = new Set([
  'campaign',
  'deal',
  'creative',
  'exchange',
  'user',
  'smart-app-category',
  'ledger',
  'applist',
  'audience',
  'smart-app-list',
]);

/** How often each process gives back the holds whose notice window closed. */
const SWEEP_INTERVAL_MS = 5_000;

export const createBidder = (
  db: Db,
  config: Pick<
    AppConfig,
    | 'jwtSecret'
    | 'redisUrl'
    | 'redisPrefix'
    | 'bidderSeat'
    | 'trackingBaseUrl'
    | 'bidSampleRate'
    | 'bidJournal'
    | 'bidJournalDir'
    | 'dataDir'
    | 'tcfVendorId'
    | 'bidMaxInFlight'
    | 'bidMaxQueueMs'
  >,
  options: { onError?: (error: unknown) => void; now?: () => number } = {},
): Bidder => {
  const now = options.now ?? Date.now;
  const state = config.redisUrl
    ? createRedisDeliveryState(config.redisUrl, { prefix: config.redisPrefix, now })
    : createMemoryDeliveryState({ now });
  const lists = createListCache(db);
  const priceKeyBox = createSecretBox(config.jwtSecret, PRICE_KEYS_PURPOSE);
  const index = createCampaignIndex(db, state, lists, {
    onError: options.onError,
    tcfVendorId: config.tcfVendorId ?? null,
    // Keys that no longer open (JWT_SECRET rotated) leave the exchange's encrypted prices unread:
    // its notices bill the bid, as with any price that is not one.
    openPriceKeys: async (sealed) => {
      try {
        return await openPriceDecoder(await priceKeyBox, sealed);
      } catch (error) {
        options.onError?.(error);
        return null;
      }
    },
  });
  const journalDir = config.bidJournal ? (config.bidJournalDir ?? config.dataDir) : undefined;
  const recorder = createEventRecorder(db, {
    onError: options.onError,
    ...(journalDir ? { journalDir } : {}),
  });
  const notices = createNoticeWriter(db, recorder, {
    ...(journalDir ? { dir: journalDir } : {}),
    onError: options.onError ?? (() => undefined),
  });
  const requests = createRequestCounter(db, { onError: options.onError });
  const sampler = createRequestSampler(db, { rate: config.bidSampleRate, onError: options.onError });
  let unsubscribe: (() => void) | null = null;
  // Holds whose notice window closed are given back on a timer too, so a quiet bidder (no bids to
  // sweep them) still frees them, in every process.
  let sweeper: NodeJS.Timeout | null = null;
  const admission = createAdmission(
    {
      maxInFlight: config.bidMaxInFlight ?? DEFAULT_ADMISSION_LIMITS.maxInFlight,
      maxQueueMs: config.bidMaxQueueMs ?? DEFAULT_ADMISSION_LIMITS.maxQueueMs,
    },
    () => bidder.monotonicNow(),
    createLoopLag(() => performance.now()),
  );
  const bidder: Bidder = {
    index,
    state,
    recorder,
    notices,
    requests,
    sampler,
    signer: createTrackingSigner(config.jwtSecret),
    lists,
    seat: config.bidderSeat,
    trackingBaseUrl: config.trackingBaseUrl ?? null,
    now,
    monotonicNow: () => performance.now(),
    admission,
    start: async () => {
      sweeper = setInterval(() => {
        state.sweep(now()).catch((error: unknown) => options.onError?.(error));
      }, SWEEP_INTERVAL_MS);
      sweeper.unref();
      // Notices come once their change committed, from every process on the database.
      unsubscribe = onEntityChange((entity) => {
        if (concerns(entity, INDEX_ENTITIES)) index.requestReload();
      });
      await index.start();
    },
    close: async () => {
      unsubscribe?.();
      admission.close();
      if (sweeper) clearInterval(sweeper);
      index.stop();
      await notices.close();
      await recorder.close();
      await requests.close();
      await sampler.close();
      await state.close();
    },
  };
  return bidder;
};
