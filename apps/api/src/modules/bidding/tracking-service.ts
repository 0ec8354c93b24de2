// What a tracking call counts. A win notice (nurl), billing notice (burl) and the impression beacon
// each stand for a served, billable impression: whichever comes first records WIN, BILLING and
// IMPRESSION once for the auction and imp (the events' unique key), debits the advertiser once (in
// the same transaction, see event-recorder.ts) and turns the pending hold into spend. The price is
// the notice's own when it carries a real one (notice-price.ts), else the bid; a later notice whose
// price outranks it reprices the impression (billing-correction.ts). A loss notice drops the hold.
// Video progress is counted once per event; clicks and conversions follow engagement.ts.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creatives } from '../../db/schema/creatives.ts';
import type { DeliveryEventType } from '../../db/schema/delivery.ts';
import {
  correctBilledPrice,
  type DeliveryEvent,
  PRICE_SOURCE,
  type PriceDecoder,
  type PriceSource,
  readNoticePrice,
  repricesBilled,
  utcDayOf,
} from '../delivery/index.ts';
import type { Bidder } from './bidder.ts';
import { DEFAULT_NOTICE_WINDOW_MS } from './delivery-state.ts';
import { absoluteUrl } from './markup.ts';
import { costOfImpression } from './pricing.ts';
import type { TrackedBid } from './tracking-token.ts';

export const TRACKING_KINDS = ['win', 'bill', 'imp', 'loss', 'click', 'video'] as const;
export type TrackingKind = (typeof TRACKING_KINDS)[number];

export const VIDEO_EVENT_TYPES: Record<string, DeliveryEventType> = {
  start: 'VIDEO_START',
  firstQuartile: 'VIDEO_FIRST_QUARTILE',
  midpoint: 'VIDEO_MIDPOINT',
  thirdQuartile: 'VIDEO_THIRD_QUARTILE',
  complete: 'VIDEO_COMPLETE',
};

export const eventOf = (
  tracked: TrackedBid,
  type: DeliveryEventType,
  nowMs: number,
  extra: Partial<DeliveryEvent> = {},
): DeliveryEvent => ({
  type,
  day: utcDayOf(tracked.bidAt),
  occurredAt: new Date(nowMs),
  exchangeId: tracked.exchangeId,
  auctionId: tracked.auctionId,
  impId: tracked.impId,
  campaignId: tracked.campaignId,
  creativeId: tracked.creativeId,
  advertiserId: tracked.advertiserId,
  country: tracked.country,
  os: tracked.os,
  deviceType: tracked.deviceType,
  trafficType: tracked.trafficType,
  inventory: tracked.inventory,
  bidMicros: tracked.bidMicros,
  ...extra,
});

const reservationKeyOf = (tracked: TrackedBid) =>
  `${tracked.exchangeId}:${tracked.auctionId}:${tracked.impId}`;

/** A notice that the impression was served: the win notice, the billing notice or the beacon. */
export type ServedNotice = {
  kind: 'win' | 'bill' | 'imp';
  /** The notice's price value as the exchange filled it in (the beacon's is never read). */
  price: string | undefined;
  /** The exchange's price decoder (encrypted prices), or null for plain decimal CPMs. */
  decode: PriceDecoder | null;
};

/** How an exchange's notices carry the price: its decoder (encrypted prices), or null (plain CPMs). */
export const priceDecoderOf = (bidder: Bidder, exchangeId: number): PriceDecoder | null =>
  bidder.index.current().exchangeSettings.get(exchangeId)?.decode ?? null;

/** The price a notice sets and how authoritative it is. */
const priceOfNotice = (notice: ServedNotice, tracked: TrackedBid) => {
  const price =
    notice.kind === 'imp'
      ? null
      : readNoticePrice(notice.price, tracked.bidMicros, notice.decode ?? undefined);
  if (price === null) return { clearingMicros: tracked.bidMicros, source: PRICE_SOURCE.none as PriceSource };
  return { clearingMicros: price, source: notice.kind === 'bill' ? PRICE_SOURCE.bill : PRICE_SOURCE.win };
};

/** What this process billed an impression at lately: its price's rank and its costs. */
type BilledPrice = {
  source: PriceSource;
  mediaMicros: number;
  advertiserMicros: number;
  agencyMarginMicros: number;
};

/**
 * Impressions billed lately, by reservation key, per bidder (newest BILLED_MEMORY kept). An
 * exchange sends a win notice and then a billing notice for each impression, most often at one
 * price: the second notice changes nothing, and knowing so here spares it a database read, one
 * per notice, which on a busy machine queued the notices behind the pool's ten connections
 * (bench: 300 notices a second at most, p50 10 s). Skipping is safe whatever else moved the price
 * since: a price's rank only rises (billing-correction.ts), and a notice that does not outrank
 * or change what is remembered cannot outrank or change what is stored. Anything else asks the
 * database (correctBilledPrice).
 */
const BILLED_MEMORY = 100_000;
const billedByBidder = new WeakMap<Bidder, Map<string, BilledPrice>>();
const rememberBilled = (bidder: Bidder, key: string, price: BilledPrice) => {
  const billed = billedByBidder.get(bidder) ?? new Map<string, BilledPrice>();
  billedByBidder.set(bidder, billed);
  billed.delete(key);
  billed.set(key, price);
  if (billed.size > BILLED_MEMORY) billed.delete(billed.keys().next().value!);
};

/**
 * Win, billing notice or beacon: the impression is served and billed, once, at the notice's price
 * when it has one (a later notice of a higher rank reprices it). Resolves once the notice is durable
 * (bidder.notices: journaled, or committed).
 */
export const recordBilledImpression = async (
  db: Db,
  bidder: Bidder,
  tracked: TrackedBid,
  notice: ServedNotice,
  nowMs = Date.now(),
): Promise<void> => {
  if (tracked.isTest) return;
  const { clearingMicros, source } = priceOfNotice(notice, tracked);
  const cost = costOfImpression(clearingMicros, tracked.marginBps, tracked.agencyMarginBps);
  const key = reservationKeyOf(tracked);
  const price = {
    source,
    mediaMicros: cost.mediaMicros,
    advertiserMicros: cost.advertiserMicros,
    agencyMarginMicros: cost.agencyMarginMicros,
  };
  // The second notice of an impression this bidder billed (the burl after the nurl, at the same
  // price) changes nothing: it is answered without a write, so it never waits in the money lane
  // behind other impressions' debits (half of that lane's work at an exchange that sends both).
  // When it comes while the first one is still being made durable, it waits for that first.
  const notices = noticesInFlight.get(bidder) ?? new Map<string, Promise<unknown>>();
  noticesInFlight.set(bidder, notices);
  const earlier = notices.get(key);
  if (earlier) await earlier.catch(() => undefined);
  const remembered = billedByBidder.get(bidder)?.get(key);
  if (remembered && !repricesBilled(remembered, price)) return;
  const work = billImpression(db, bidder, tracked, key, price, nowMs);
  notices.set(key, work);
  try {
    await work;
  } finally {
    if (notices.get(key) === work) notices.delete(key);
  }
};

/** Each bidder's notices being made durable, by reservation key (so a repeat waits for its first). */
const noticesInFlight = new WeakMap<Bidder, Map<string, Promise<unknown>>>();

const billImpression = async (
  db: Db,
  bidder: Bidder,
  tracked: TrackedBid,
  key: string,
  price: BilledPrice,
  nowMs: number,
): Promise<void> => {
  const windowMs =
    bidder.index.current().exchangeSettings.get(tracked.exchangeId)?.noticeWindowMs ??
    DEFAULT_NOTICE_WINDOW_MS;
  // After the window the hold was given back: billed all the same, and marked. A late notice does
  // not say when the impression was served, the auction does (it is served right after it): its
  // facts and its spend are dated then, in the day and month of the delivery, not of the notice.
  const isLate = nowMs > tracked.bidAt * 1000 + windowMs;
  const servedAtMs = isLate ? tracked.bidAt * 1000 : nowMs;
  const billing = eventOf(tracked, 'BILLING', servedAtMs, {
    mediaCostMicros: price.mediaMicros,
    advertiserCostMicros: price.advertiserMicros,
    agencyMarginMicros: price.agencyMarginMicros,
    priceSource: price.source,
    isLate,
  });
  const settle = (amountMicros: number, counted: boolean) =>
    bidder.state.settle({
      reservationKey: key,
      campaignId: tracked.campaignId,
      advertiserId: tracked.advertiserId,
      dateKey: tracked.dateKey,
      amountMicros,
      frequency:
        counted && tracked.frequencyKey
          ? { key: tracked.frequencyKey, ttlSeconds: tracked.frequencyTtl }
          : null,
    });
  // After the commit (behind the answer when the notice is journaled): a new impression turns its
  // hold into spend; a known one may be repriced, and the hold follows the difference.
  const afterCommit = async ([, billed]: boolean[]) => {
    if (billed) return settle(price.advertiserMicros, true);
    const change = await correctBilledPrice(db, billing);
    if (change !== 0) await settle(change, false);
  };
  const { committed } = await bidder.notices.write(
    [eventOf(tracked, 'WIN', servedAtMs), billing, eventOf(tracked, 'IMPRESSION', servedAtMs)],
    afterCommit,
  );
  // Durable: the database will hold this price's rank at least, whatever else notices it.
  rememberBilled(bidder, key, price);
  const behind = commitsBehind.get(bidder) ?? new Map<string, Promise<void>>();
  commitsBehind.set(bidder, behind);
  behind.set(key, committed);
  void committed.then(() => {
    if (behind.get(key) === committed) behind.delete(key);
  });
};

/** Each bidder's answered notices whose commit is still behind the answer, by reservation key. */
const commitsBehind = new WeakMap<Bidder, Map<string, Promise<void>>>();

/**
 * Resolves once the commit of this bid's answered notice, if one is still behind its answer, has
 * ended: a click that follows the notice at once then finds the impression it needs.
 */
export const untilNoticeCommitted = async (bidder: Bidder, tracked: TrackedBid) => {
  await commitsBehind.get(bidder)?.get(reservationKeyOf(tracked));
};

export const recordLoss = async (
  bidder: Bidder,
  tracked: TrackedBid,
  reason: string | undefined,
  nowMs = Date.now(),
) => {
  if (tracked.isTest) return;
  const code = reason && /^\d{1,4}$/.test(reason) ? reason : '';
  await bidder.recorder.record([eventOf(tracked, 'LOSS', nowMs, { detail: code })]);
  await bidder.state.release(reservationKeyOf(tracked));
};

export const recordOnce = async (
  bidder: Bidder,
  tracked: TrackedBid,
  type: DeliveryEventType,
  nowMs = Date.now(),
) => {
  if (tracked.isTest) return false;
  const [inserted] = await bidder.recorder.record([eventOf(tracked, type, nowMs)]);
  return inserted === true;
};

/**
 * Where a click lands: the creative's click URL (its macros filled), or for an HTML tag one of the
 * links written in the tag (never any other URL: the redirect is not open).
 */
export const findClickTarget = async (
  db: Db,
  bidder: Bidder,
  tracked: TrackedBid,
  token: string,
  tagUrl: string | undefined,
): Promise<string | null> => {
  const cached = bidder.index.current().creativeById.get(tracked.creativeId);
  const creative =
    cached ??
    (await db
      .select({ clickUrl: creatives.clickUrl, htmlTag: creatives.htmlTag })
      .from(creatives)
      .where(eq(creatives.id, tracked.creativeId))
      .then(([row]) => row));
  if (!creative) return null;
  if (tagUrl && creative.htmlTag?.includes(tagUrl)) return tagUrl;
  if (!creative.clickUrl) return null;
  const url = creative.clickUrl
    .replaceAll('{click_id}', encodeURIComponent(token))
    .replaceAll('{campaign_id}', String(tracked.campaignId))
    .replaceAll('{creative_id}', String(tracked.creativeId))
    .replaceAll('{auction_id}', encodeURIComponent(tracked.auctionId))
    .replaceAll('{timestamp}', String(tracked.bidAt));
  return absoluteUrl(url, 'https://');
};
