// Group commit of delivery events: every bid, win, impression, click and conversion is durable
// before the answer that reports it, without one transaction per event. Calls made while a write is
// under way (or in the same turn of the event loop) share one statement: the insert of the raw events (a
// repeated fact is skipped by its unique key) and the hourly rollups of the rows that were new; with
// BILLING rows, the ledger debits of the new ones too (the same statement: one transaction). Each caller then learns which of its
// events were new (to count and bill a win once however often its URL is called).
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { fixedStatement } from '../../db/prepared-statement.ts';
import type { DeliveryEventType } from '../../db/schema/delivery.ts';
import { ensureAccounts } from '../ledger/index.ts';
import { createBidJournal } from './bid-journal.ts';
import { addRollupCtesOf, appendPendingRollupCteOf, foldPendingRollups } from './rollups.ts';
import { billedSpendCtesOf } from './spend-debit.ts';

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
  /** The app's bundle or the site's domain ('' when the request named none). */
  inventory?: string;
  bidMicros: number;
  /** BID events: the stored form of the request's user key ('' when none may be used). */
  userKey?: string;
  mediaCostMicros?: number;
  advertiserCostMicros?: number;
  /** BILLING: the agency's part of the margin (advertiser cost less media cost). */
  agencyMarginMicros?: number;
  /** BILLING: what priced it (notice-price.ts PRICE_SOURCE). */
  priceSource?: number;
  /** BILLING: the notice came after the exchange's notice window. */
  isLate?: boolean;
};

export type EventRecorder = {
  /** Resolves once the events are committed: for each, whether it was new. */
  record: (events: DeliveryEvent[]) => Promise<boolean[]>;
  /** Writes what is waiting now, and folds the pending rollups of bids in. */
  flush: () => Promise<void>;
  close: () => Promise<void>;
  /** Told of every batch written (its lane, events and time from send to commit): the bench's meter. */
  observeWrites?: (write: RecorderWrite) => void;
};

export type RecorderWrite = { lane: 'bids' | 'plain' | 'money'; events: number; ms: number };

type Waiter = {
  events: DeliveryEvent[];
  resolve: (inserted: boolean[]) => void;
  reject: (error: unknown) => void;
};

const keyOf = (event: DeliveryEvent | FactKey) =>
  'exchange_id' in event
    ? `${event.day}|${event.type}|${event.exchange_id}|${event.auction_id}|${event.imp_id}|${event.detail}`
    : `${event.day}|${event.type}|${event.exchangeId}|${event.auctionId}|${event.impId}|${event.detail ?? ''}`;

type FactKey = {
  day: string;
  type: string;
  exchange_id: number;
  auction_id: string;
  imp_id: string;
  detail: string;
};

/** The events as the JSON rows `json_to_recordset` reads: one parameter however long the batch. */
const EVENT_RECORD = sql.raw(`day date, occurred_at timestamptz, type text, exchange_id integer,
  auction_id text, imp_id text, detail text, campaign_id bigint, creative_id bigint, advertiser_id bigint,
  country text, os text, device_type text, traffic_type text, inventory text, user_key text, bid_micros bigint,
  media_cost_micros bigint, advertiser_cost_micros bigint, price_source smallint, is_late smallint,
  agency_margin_micros bigint`);
const EVENT_COLUMN_LIST = `day, occurred_at, type, exchange_id, auction_id, imp_id, detail, campaign_id,
  creative_id, advertiser_id, country, os, device_type, traffic_type, inventory, user_key, bid_micros,
  media_cost_micros, advertiser_cost_micros, price_source, is_late, agency_margin_micros`;
const EVENT_COLUMNS = sql.raw(EVENT_COLUMN_LIST);

/** The columns' values from the JSON rows: a bid journaled before a column existed has none of it. */
const EVENT_VALUES = sql.raw(
  EVENT_COLUMN_LIST.replace('inventory', "coalesce(inventory, '') as inventory")
    .replace('price_source', 'coalesce(price_source, 0) as price_source')
    .replace('is_late', 'coalesce(is_late, 0) as is_late')
    .replace('agency_margin_micros', 'coalesce(agency_margin_micros, 0) as agency_margin_micros'),
);

/**
 * An event as the JSON row `json_to_recordset` reads (and the bid journal keeps). `day` comes
 * first: the journal finds a row behind a torn line by its opening (bid-journal.ts ROW_START).
 */
export const eventRow = (event: DeliveryEvent) => ({
  day: event.day,
  occurred_at: event.occurredAt.toISOString(),
  type: event.type,
  exchange_id: event.exchangeId,
  auction_id: event.auctionId,
  imp_id: event.impId,
  detail: event.detail ?? '',
  campaign_id: event.campaignId,
  creative_id: event.creativeId,
  advertiser_id: event.advertiserId,
  country: event.country,
  os: event.os,
  device_type: event.deviceType,
  traffic_type: event.trafficType,
  inventory: event.inventory ?? '',
  user_key: event.userKey ?? '',
  bid_micros: event.bidMicros,
  media_cost_micros: event.mediaCostMicros ?? 0,
  advertiser_cost_micros: event.advertiserCostMicros ?? 0,
  // Billing's own columns only where set (absent reads as 0): bid lines stay as short as they were.
  ...(event.priceSource ? { price_source: event.priceSource } : {}),
  ...(event.isLate ? { is_late: 1 } : {}),
  ...(event.agencyMarginMicros ? { agency_margin_micros: event.agencyMarginMicros } : {}),
});

/**
 * Inserts event rows given as one JSON array (`eventRow`s; a fact already stored, or repeated in
 * the array, is skipped by its unique key) and adds the new ones to the hourly rollups, in one
 * statement and one round trip. One JSON parameter: building a parameter per value cost more CPU
 * than the bid decisions themselves (CPU profile of the bidder bench).
 */
const insertEventRowsSql = (
  rowsJson: SQL,
  rollups: 'direct' | 'pending',
  answer: SQL,
  more: SQL = sql``,
) => sql`
    with fresh as (
      insert into delivery_events (${EVENT_COLUMNS})
      select ${EVENT_VALUES} from json_to_recordset(${rowsJson}) as e(${EVENT_RECORD})
      on conflict do nothing
      returning *
    ), ${rollups === 'direct' ? addRollupCtesOf(sql`fresh`) : appendPendingRollupCteOf(sql`fresh`)}${more}
    ${answer}`;

const freshKeys = sql`select day::text as day, type, exchange_id, auction_id, imp_id, detail from fresh`;

// The recorder's statements are the same text every time (the rows come as one JSON parameter):
// built once (fixedStatement), and prepared once per connection, not parsed and planned again for
// every batch.
const insertRows = {
  direct: fixedStatement((rows) => insertEventRowsSql(sql`${rows}::json`, 'direct', freshKeys)),
  pending: fixedStatement((rows) => insertEventRowsSql(sql`${rows}::json`, 'pending', freshKeys)),
};

/** As above, answering the keys of the new events. */
export const insertEventRows = async (
  db: DbOrTx,
  rowsJson: string,
  rollups: 'direct' | 'pending',
): Promise<FactKey[]> => (await insertRows[rollups](db, rowsJson)).rows as FactKey[];

/**
 * As above, with rollups added directly, and the new BILLING rows debited (spend-debit.ts) in the
 * same statement: event and debit are one transaction, and the money lane's write one round trip.
 */
const insertBilledRows = fixedStatement((rows) =>
  insertEventRowsSql(sql`${rows}::json`, 'direct', freshKeys, sql`, ${billedSpendCtesOf(sql`fresh`)}`),
);
const insertBilledEventRows = async (db: DbOrTx, rowsJson: string): Promise<FactKey[]> =>
  (await insertBilledRows(db, rowsJson)).rows as FactKey[];

/**
 * Stores the journal's JSON lines (UTF-8 bytes, each line ended by a newline) as above, answering
 * nothing: the database makes the lines an array, and no key comes back.
 */
const storeLinesOf = (rollups: 'direct' | 'pending') =>
  fixedStatement((lines) =>
    insertEventRowsSql(
      sql`('[' || regexp_replace(btrim(convert_from(${lines}::bytea, 'UTF8'), E'\n'), E'\n+', ',', 'g') || ']')::json`,
      rollups,
      sql`select count(*) from fresh`,
    ),
  );
const storeLines = { direct: storeLinesOf('direct'), pending: storeLinesOf('pending') };
const storeEventLines = async (db: DbOrTx, lines: Buffer, rollups: 'direct' | 'pending') => {
  await storeLines[rollups](db, lines);
};

/** How often bids' pending rollup rows are folded into delivery_hourly. */
const FOLD_MS = 1000;

export const createEventRecorder = (
  db: Db,
  options: {
    maxInFlight?: number;
    maxBatch?: number;
    onError?: (error: unknown) => void;
    /** With a directory, bids are journaled there (bid-journal.ts) and shipped four times a second. */
    journalDir?: string;
  } = {},
): EventRecorder => {
  const onError = options.onError ?? (() => undefined);
  const journal = options.journalDir
    ? createBidJournal({
        dir: options.journalDir,
        onError,
        // A file in one transaction: one commit (one WAL flush), not one per piece, so the
        // database's flushes compete less with the journal's own syncs on the disk.
        store: (pieces) =>
          db.transaction(async (tx) => {
            for (const piece of pieces) await storeEventLines(tx, piece, 'pending');
          }),
      })
    : null;
  const maxInFlight = options.maxInFlight ?? 4;
  /** Advertisers known to hold a ledger account (spend names them). */
  const accountHolders = new Set<number>();
  const maxBatch = options.maxBatch ?? 1000;

  const writeBatch = async (batch: Waiter[], lane: Lane) => {
    const all = batch.flatMap((waiter) => waiter.events);
    const started = performance.now();
    // One row per fact; repeats inside the batch resolve to the first.
    const unique = new Map<string, DeliveryEvent>();
    for (const event of all) {
      const key = keyOf(event);
      if (!unique.has(key)) unique.set(key, event);
    }
    const ordered = [...unique.keys()].sort();
    const inserted = new Set<string>();
    const billing = [...unique.values()].filter((event) => event.type === 'BILLING');
    try {
      // One statement whatever the batch (atomic on its own): billing debits the new BILLING rows
      // in the same statement as the events that carry them.
      const rowsJson = JSON.stringify(ordered.map((key) => eventRow(unique.get(key)!)));
      let rows: FactKey[];
      if (billing.length > 0) {
        await ensureAccounts(
          db,
          billing.map((event) => event.advertiserId),
          accountHolders,
        );
        rows = await insertBilledEventRows(db, rowsJson);
      } else rows = await insertEventRows(db, rowsJson, lane.rollups);
      for (const row of rows) inserted.add(keyOf(row));
      recorder.observeWrites?.({ lane: lane.name, events: all.length, ms: performance.now() - started });
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

  // The group commit, in three lanes. Events that move money (BILLING) take the money lane: one
  // statement at a time (two would only wait for each other on the accounts' balance rows). Bids take the bid lane: up to maxInFlight statements at once on the pool's
  // connections, so a bid waits for its own commit, not for the one before it (PostgreSQL flushes
  // the WAL of concurrent commits together), and their rollup rows go to delivery_hourly_pending,
  // so those statements never wait on each other's rollup row locks either (a profile at 2,000 bids
  // a second showed bids waiting 14 ms there); a fold every FOLD_MS moves them into delivery_hourly.
  // Wins, impressions, clicks and conversions take the plain lane and update the rollups directly,
  // so what a tracking call counted shows at once. Each batch takes what arrived while its lane was
  // busy (at most maxBatch events), so batches grow with the load; rows are written in key order, so
  // concurrent statements lock them in one order.
  type Lane = {
    name: RecorderWrite['lane'];
    waiting: Waiter[];
    inFlight: Set<Promise<void>>;
    max: number;
    rollups: 'direct' | 'pending';
  };
  const bids: Lane = { name: 'bids', waiting: [], inFlight: new Set(), max: maxInFlight, rollups: 'pending' };
  const plain: Lane = {
    name: 'plain',
    waiting: [],
    inFlight: new Set(),
    max: maxInFlight,
    rollups: 'direct',
  };
  const money: Lane = { name: 'money', waiting: [], inFlight: new Set(), max: 1, rollups: 'direct' };
  const lanes = [bids, plain, money];
  const laneOf = (events: readonly DeliveryEvent[]) =>
    events.some((event) => event.type === 'BILLING')
      ? money
      : events.every((event) => event.type === 'BID')
        ? bids
        : plain;
  const takeBatch = (lane: Lane) => {
    let count = 0;
    let index = 0;
    while (index < lane.waiting.length && (index === 0 || count < maxBatch))
      count += lane.waiting[index++]!.events.length;
    return lane.waiting.splice(0, index);
  };
  const pump = (lane: Lane) => {
    while (lane.inFlight.size < lane.max && lane.waiting.length > 0) {
      const write: Promise<void> = writeBatch(takeBatch(lane), lane).finally(() => {
        lane.inFlight.delete(write);
        pump(lane);
      });
      lane.inFlight.add(write);
    }
  };
  // Calls made in the same turn of the event loop share a batch.
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      for (const lane of lanes) pump(lane);
    });
  };

  // The fold of pending bid rollups: one at a time, on a timer that does not keep the process alive.
  let folding: Promise<unknown> = Promise.resolve();
  const fold = () => {
    folding = folding.then(() => foldPendingRollups(db)).catch(onError);
    return folding;
  };
  const foldTimer = setInterval(() => void fold(), FOLD_MS);
  foldTimer.unref();

  const flush = async (): Promise<void> => {
    await journal?.flush();
    for (;;) {
      for (const lane of lanes) pump(lane);
      const inFlight = lanes.flatMap((lane) => [...lane.inFlight]);
      if (inFlight.length === 0) break;
      await Promise.allSettled(inFlight);
    }
    await fold();
  };

  const recorder: EventRecorder = {
    record: (events) => {
      if (events.length === 0) return Promise.resolve([]);
      const lane = laneOf(events);
      // A bid is new by construction (its auction and imp were just read): kept once journaled.
      if (journal && lane === bids)
        return journal
          .append(events.map((event) => JSON.stringify(eventRow(event))))
          .then(() => events.map(() => true));
      return new Promise<boolean[]>((resolve, reject) => {
        lane.waiting.push({ events, resolve, reject });
        schedule();
      });
    },
    flush,
    close: async () => {
      clearInterval(foldTimer);
      await journal?.close();
      await flush();
    },
  };
  return recorder;
};

/** UTC day of a unix time in seconds. */
export const utcDayOf = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toISOString().slice(0, 10);
