// Clicks and conversions, the facts an advertiser pays CPC and CPA on, so only real ones count. A
// click counts once, and only after a served impression of the same bid (its IMPRESSION row, which
// every billed notice and the beacon record) and never when the exchange reported the auction lost.
// A conversion ties back to a counted click: once per click and event name, and a click converts
// under the account's active conversion events only (event_configs), or, where the account has
// configured none, under at most MAX_EVENTS_PER_CLICK names. The click's row is locked while a
// conversion is counted, so postbacks racing on one click cannot pass the bound together.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type DeliveryEventType, deliveryEvents } from '../../db/schema/delivery.ts';
import { eventConfigs } from '../../db/schema/reports.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { eventRow, insertEventRows, utcDayOf } from '../delivery/index.ts';
import type { Bidder } from './bidder.ts';
import { eventOf, untilNoticeCommitted } from './tracking-service.ts';
import type { TrackedBid } from './tracking-token.ts';

/** How many event names one click may convert under when the account configured no events. */
export const MAX_EVENTS_PER_CLICK = 10;

export const UNKNOWN_EVENT_MESSAGE = "The event is not one of the account's active conversion events.";
export const TOO_MANY_EVENTS_MESSAGE = `A click converts under at most ${MAX_EVENTS_PER_CLICK} event names; this one has them.`;

/** The facts of a bid's auction and imp among these types. */
const factsOf = (db: DbOrTx, tracked: TrackedBid, types: DeliveryEventType[]) =>
  db
    .select({ type: deliveryEvents.type, detail: deliveryEvents.detail })
    .from(deliveryEvents)
    .where(
      and(
        eq(deliveryEvents.day, utcDayOf(tracked.bidAt)),
        inArray(deliveryEvents.type, types),
        eq(deliveryEvents.exchangeId, tracked.exchangeId),
        eq(deliveryEvents.auctionId, tracked.auctionId),
        eq(deliveryEvents.impId, tracked.impId),
      ),
    );

/** A click: counted once, when the bid's impression was served and its auction not lost. */
export const recordClick = async (db: Db, bidder: Bidder, tracked: TrackedBid, nowMs = Date.now()) => {
  if (tracked.isTest) return false;
  await untilNoticeCommitted(bidder, tracked);
  const facts = await factsOf(db, tracked, ['IMPRESSION', 'LOSS']);
  if (!facts.some((fact) => fact.type === 'IMPRESSION') || facts.some((fact) => fact.type === 'LOSS'))
    return false;
  const [inserted] = await bidder.recorder.record([eventOf(tracked, 'CLICK', nowMs)]);
  return inserted === true;
};

/** Whether the click this conversion claims was counted (conversions tie back to a click). */
export const hasClick = async (db: Db, tracked: TrackedBid): Promise<boolean> =>
  (await factsOf(db, tracked, ['CLICK'])).length > 0;

/**
 * A conversion of a counted click under an event name: answers whether it was new (false when this
 * event of this click was counted before). Refuses an event the account's configuration does not
 * list (400) and a click past its bound of event names (409).
 */
export const recordConversion = async (
  db: Db,
  tracked: TrackedBid,
  eventName: string,
  nowMs = Date.now(),
) => {
  if (tracked.isTest) return false;
  const configured = await db
    .select({ key: eventConfigs.key })
    .from(eventConfigs)
    .where(and(eq(eventConfigs.userId, tracked.advertiserId), eq(eventConfigs.eventStatus, 'ACTIVE')));
  if (configured.length > 0 && !configured.some((event) => event.key === eventName))
    throw new AppError(400, UNKNOWN_EVENT_MESSAGE);
  return db.transaction(async (tx) => {
    await factsOf(tx, tracked, ['CLICK']).for('update');
    const conversions = await factsOf(tx, tracked, ['CONVERSION']);
    if (conversions.some((conversion) => conversion.detail === eventName)) return false;
    if (configured.length === 0 && conversions.length >= MAX_EVENTS_PER_CLICK)
      throw conflict(TOO_MANY_EVENTS_MESSAGE);
    const event = eventOf(tracked, 'CONVERSION', nowMs, { detail: eventName });
    const inserted = await insertEventRows(tx, JSON.stringify([eventRow(event)]), 'direct');
    return inserted.length > 0;
  });
};
