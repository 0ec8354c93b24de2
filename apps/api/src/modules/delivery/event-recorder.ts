// Group commit of delivery events: every bid, win, impression, click and conversion is durable
// before the answer that reports it, without one transaction per event. Calls made within a couple
// of milliseconds (or until a batch is full) share one transaction: one multi-row insert of the raw
// events (a repeated fact is skipped by its unique key), the hourly rollup deltas of the rows that
// were new, and the ledger debits of the new BILLING rows. Each caller then learns which of its
// events were new (to count and bill a win once however often its URL is called).
import type { Db } from '../../db/client.ts';
import { type DeliveryEventType, deliveryEvents } from '../../db/schema/delivery.ts';
import { aggregateDeltas, applyRollupDeltas } from './rollups.ts';
import { debitSpend } from './spend-debit.ts';

export type DeliveryEvent = {
  type: DeliveryEventType;
  /** UTC day of the auction, 'YYYY-MM-DD'. */
  day: string;
  occurredAt: Date;
  exchangeId: number;
  auctionId: string;
  impId: string;
  detail?: string;
  campaignId: number;
  creativeId: number;
  advertiserId: number;
  country: string;
  os: string;
  deviceType: string;
  trafficType: string;
  bidMicros: number;
  /** BID events: the stored form of the request's user key ('' when none may be used). */
  userKey?: string;
  mediaCostMicros?: number;
  advertiserCostMicros?: number;
};

export type EventRecorder = {
  /** Resolves once the events are committed: for each, whether it was new. */
  record: (events: DeliveryEvent[]) => Promise<boolean[]>;
  /** Writes what is waiting now. */
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

type Waiter = {
  events: DeliveryEvent[];
  resolve: (inserted: boolean[]) => void;
  reject: (error: unknown) => void;
};

const keyOf = (event: {
  day: string;
  type: string;
  exchangeId: number;
  auctionId: string;
  impId: string;
  detail?: string | null;
}) =>
  `${event.day}|${event.type}|${event.exchangeId}|${event.auctionId}|${event.impId}|${event.detail ?? ''}`;

export const createEventRecorder = (
  db: Db,
  options: { maxDelayMs?: number; maxBatch?: number } = {},
): EventRecorder => {
  const maxDelayMs = options.maxDelayMs ?? 2;
  const maxBatch = options.maxBatch ?? 1000;
  let waiting: Waiter[] = [];
  let waitingEvents = 0;
  let timer: NodeJS.Timeout | null = null;

  const writeBatch = async (batch: Waiter[]) => {
    const all = batch.flatMap((waiter) => waiter.events);
    // One row per fact; repeats inside the batch resolve to the first.
    const unique = new Map<string, DeliveryEvent>();
    for (const event of all) if (!unique.has(keyOf(event))) unique.set(keyOf(event), event);
    const inserted = new Set<string>();
    try {
      await db.transaction(async (tx) => {
        const rows = await tx
          .insert(deliveryEvents)
          .values(
            [...unique.values()].map((event) => ({
              day: event.day,
              occurredAt: event.occurredAt,
              type: event.type,
              exchangeId: event.exchangeId,
              auctionId: event.auctionId,
              impId: event.impId,
              detail: event.detail ?? '',
              campaignId: event.campaignId,
              creativeId: event.creativeId,
              advertiserId: event.advertiserId,
              country: event.country,
              os: event.os,
              deviceType: event.deviceType,
              trafficType: event.trafficType,
              bidMicros: event.bidMicros,
              userKey: event.userKey ?? '',
              mediaCostMicros: event.mediaCostMicros ?? 0,
              advertiserCostMicros: event.advertiserCostMicros ?? 0,
            })),
          )
          .onConflictDoNothing()
          .returning({
            day: deliveryEvents.day,
            type: deliveryEvents.type,
            exchangeId: deliveryEvents.exchangeId,
            auctionId: deliveryEvents.auctionId,
            impId: deliveryEvents.impId,
            detail: deliveryEvents.detail,
          });
        for (const row of rows) inserted.add(keyOf(row));
        const fresh = [...unique.values()].filter((event) => inserted.has(keyOf(event)));
        await applyRollupDeltas(
          tx,
          aggregateDeltas(
            fresh.map((event) => ({
              ...event,
              mediaCostMicros: event.mediaCostMicros ?? 0,
              advertiserCostMicros: event.advertiserCostMicros ?? 0,
            })),
          ),
        );
        await debitSpend(
          tx,
          fresh
            .filter((event) => event.type === 'BILLING')
            .map((event) => ({
              advertiserId: event.advertiserId,
              mediaCostMicros: event.mediaCostMicros ?? 0,
              advertiserCostMicros: event.advertiserCostMicros ?? 0,
              occurredAt: event.occurredAt,
              exchangeId: event.exchangeId,
              auctionId: event.auctionId,
              impId: event.impId,
              campaignId: event.campaignId,
            })),
        );
      });
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
      return;
    }
    // The first caller naming a fact gets "new"; a repeat in the same batch does not.
    const claimed = new Set<string>();
    for (const waiter of batch) {
      waiter.resolve(
        waiter.events.map((event) => {
          const key = keyOf(event);
          if (!inserted.has(key) || claimed.has(key)) return false;
          claimed.add(key);
          return true;
        }),
      );
    }
  };

  // The group commit: one transaction at a time, and each takes everything that arrived while the
  // previous one was committing (at most maxBatch events), so batches grow with the load instead of
  // queueing up behind each other.
  let running: Promise<void> | null = null;
  const takeBatch = () => {
    let count = 0;
    let index = 0;
    while (index < waiting.length && (index === 0 || count < maxBatch))
      count += waiting[index++]!.events.length;
    const batch = waiting.slice(0, index);
    waiting = waiting.slice(index);
    waitingEvents -= count;
    return batch;
  };
  const drain = (): Promise<void> => {
    if (running) return running;
    if (waiting.length === 0) return Promise.resolve();
    // The loop awaits before it can end, so `running` is set before the finally clears it.
    running = (async () => {
      try {
        while (waiting.length > 0) await writeBatch(takeBatch());
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const flush = async (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (running || waiting.length > 0) await drain();
  };

  return {
    record: (events) => {
      if (events.length === 0) return Promise.resolve([]);
      return new Promise<boolean[]>((resolve, reject) => {
        waiting.push({ events, resolve, reject });
        waitingEvents += events.length;
        if (running) return; // the running drain takes these next
        if (waitingEvents >= maxBatch) void drain();
        else
          timer ??= setTimeout(() => {
            timer = null;
            void drain();
          }, maxDelayMs);
      });
    },
    flush,
    close: async () => {
      await flush();
    },
  };
};

/** UTC day of a unix time in seconds. */
export const utcDayOf = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toISOString().slice(0, 10);
