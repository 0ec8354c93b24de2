// Demo delivery history: N days of the demo's simulated traffic (simulated-traffic.ts) played hour
// by hour, on a simulated clock, through the live bidder's own parts: the campaign index as the
// bidder loads it (campaign-index.ts: active, approved campaigns with approved creatives, their
// lists, balances and margins), the auction (bid-engine.ts runAuction: targeting, exchanges,
// inventory lists, audiences, flight, day-parting, floors, deals, creative fit, pricing) and a
// delivery state (budgets, pacing, funds, frequency caps) whose clock is the simulated one. So a
// paused campaign, one outside its flight, one its inventory list or exchanges turn away, or one
// without an approved creative gets no history, exactly as it would get no bid live. The history is
// made as if today's settings had held all along.
//
// Each bid meets the simulated market (a competing bid, first or second price): won, it clears at
// most at our bid and is recorded as the win notice records it (WIN, BILLING, IMPRESSION at once,
// tracking-service.ts), the spend settled in the delivery state; lost, a LOSS notice gives the hold
// back. Clicks and conversions follow at the market's rates. The events are the bidder's own
// (bid-response.ts bidEventOf, tracking-service.ts eventOf), the hourly rollups are rebuilt from them
// by the same statement as `npm run rollups:rebuild`, and the spend reaches the ledger through
// recordSpends, as the bidder's sums do: one SPEND transfer per campaign and UTC hour of its BILLING
// events carrying their summed media and advertiser cost and the agency's part of the margin
// (credited to the agency), occurring and booked at the hour's last
// billing, in time order: the statement, the funds history and the dashboards count every hour's
// spend in the same day and month, in UTC and in every whole-hour time zone, as if it had been
// booked live.
//
// Deterministic (seeded traffic and market), and quick: multi-row inserts of 5,000 events.

import { readLocalClock } from '@console/core/time/zoned-time';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { DeliveryEventType } from '../db/schema/delivery.ts';
import { runAuction } from '../modules/bidding/bid-engine.ts';
import { bidEventOf, trackedBidOf } from '../modules/bidding/bid-response.ts';
import { type IndexSnapshot, loadIndexSnapshot } from '../modules/bidding/campaign-index.ts';
import { createMemoryDeliveryState } from '../modules/bidding/delivery-state.ts';
import { createListCache } from '../modules/bidding/list-cache.ts';
import { costOfImpression } from '../modules/bidding/pricing.ts';
import { eventOf } from '../modules/bidding/tracking-service.ts';
import type { TrackedBid } from '../modules/bidding/tracking-token.ts';
import type { DeliveryEvent } from '../modules/delivery/event-recorder.ts';
import { PRICE_SOURCE } from '../modules/delivery/notice-price.ts';
import { rebuildRollups } from '../modules/delivery/rollups.ts';
import { recordSpends } from '../modules/ledger/record-spend.ts';
import { DEMO_REQUESTS_PER_DAY, demoTraffic } from './demo-samples.ts';
import {
  clearingCpmOf,
  competingCpm,
  SIMULATED_CONVERSION_RATE,
  SIMULATED_CTR,
  type SimulatedRequest,
  type SimulatedTraffic,
} from './simulated-traffic.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const INSERT_BATCH = 5_000;
/** Hours of spend posted a statement. */
const SPEND_BATCH = 1_000;
/** The bidder's default seat (BIDDER_SEAT): deals for other seats are not ours to bid into. */
const DEFAULT_SEAT = 'console';

const EVENT_COLUMNS =
  'day, occurred_at, type, exchange_id, auction_id, imp_id, detail, campaign_id, creative_id, advertiser_id, ' +
  'country, os, device_type, traffic_type, inventory, user_key, bid_micros, media_cost_micros, ' +
  'advertiser_cost_micros, price_source, agency_margin_micros';

const SAFE_TEXT = /^[A-Za-z0-9_.:-]*$/;
const text = (value: string) => {
  if (!SAFE_TEXT.test(value)) throw new Error(`demo history: unexpected text ${value}`);
  return `'${value}'`;
};
const int = (value: number) => String(Math.trunc(value));

const valuesOf = (event: DeliveryEvent) =>
  `(${text(event.day)},${text(event.occurredAt.toISOString())},${text(event.type)},${int(event.exchangeId)},` +
  `${text(event.auctionId)},${text(event.impId)},${text(event.detail ?? '')},${int(event.campaignId)},` +
  `${int(event.creativeId)},${int(event.advertiserId)},${text(event.country)},${text(event.os)},` +
  `${text(event.deviceType)},${text(event.trafficType)},${text(event.inventory ?? '')},` +
  `${text(event.userKey ?? '')},${int(event.bidMicros)},${int(event.mediaCostMicros ?? 0)},` +
  `${int(event.advertiserCostMicros ?? 0)},${int(event.priceSource ?? 0)},${int(event.agencyMarginMicros ?? 0)})`;

export type HistoryResult = {
  /** Simulated bid requests played. */
  requests: number;
  bids: number;
  events: number;
  impressions: number;
  spendMicros: number;
  ms: number;
};

/** The first instant of the history `days` days long that ends now: its first UTC day's start. */
export const demoHistoryStart = (days: number, now = new Date()): Date =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (Math.max(days, 1) - 1) * DAY_MS);

/** What one played auction left: its events, and its billed impression's costs (if won). */
export type PlayedBid = {
  tracked: TrackedBid;
  events: DeliveryEvent[];
  billed: { mediaMicros: number; advertiserMicros: number; agencyMarginMicros: number; atMs: number } | null;
};

/** Delays after the auction: notices, then a click, then a conversion (within the last hour's end). */
const NOTICE_DELAY_MS = 120;
const CLICK_DELAY_MS = 15_000;
const CONVERSION_DELAY_MS = 240_000;

export type Simulation = {
  /**
   * Plays the traffic of the UTC hours from `fromMs` to `untilMs` through the bid engine and the
   * market; `onBid` gets each bid's outcome in time order.
   */
  play: (fromMs: number, untilMs: number, onBid: (bid: PlayedBid) => Promise<void> | void) => Promise<number>;
  snapshot: IndexSnapshot;
};

/**
 * The live bidder's index, loaded as of `nowMs`, and a delivery state on the simulated clock: what
 * the history and the forecast check play the traffic through.
 */
export const createSimulation = async (
  db: Db,
  traffic: SimulatedTraffic,
  options: { nowMs: number; seat?: string; advertiserIds?: readonly number[] },
): Promise<Simulation> => {
  let clockMs = options.nowMs;
  const state = createMemoryDeliveryState({ now: () => clockMs });
  const snapshot = await loadIndexSnapshot(db, state, createListCache(db), null, undefined, options.nowMs);
  const seat = options.seat ?? DEFAULT_SEAT;
  const allowed = options.advertiserIds ? new Set(options.advertiserIds) : null;
  const campaigns = [...snapshot.campaignById.values()];

  /** Spend before each campaign's local day (even pacing without a daily budget reads it). */
  const spentBefore = async (nowMs: number) => {
    const spent = new Map<number, { dateKey: string; micros: number }>();
    for (const campaign of campaigns) {
      const { dateKey } = readLocalClock(campaign.timeZone, nowMs);
      const { totalMicros, todayMicros } = await state.readCampaignSpend(campaign.id, dateKey);
      spent.set(campaign.id, { dateKey, micros: totalMicros - todayMicros });
    }
    return spent;
  };

  const playOne = async (simulated: SimulatedRequest, hourSnapshot: IndexSnapshot, untilMs: number) => {
    const { request, exchangeId, atMs } = simulated;
    clockMs = atMs;
    const auction = await runAuction(
      request,
      exchangeId,
      { snapshot: hourSnapshot, state, membership: snapshot.membership, seat, nowMs: atMs },
      { trackingIsSecure: true },
    );
    const random = traffic.marketRandom(simulated);
    const played: PlayedBid[] = [];
    for (const placed of auction.bids) {
      const tracked = trackedBidOf({ request, exchangeId, facts: auction.facts, nowMs: atMs }, placed);
      if (allowed && !allowed.has(tracked.advertiserId)) {
        await state.release(`${exchangeId}:${request.id}:${placed.imp.id}`);
        continue;
      }
      const at = (delayMs: number) => Math.min(atMs + delayMs, untilMs - 1);
      const events = [bidEventOf(tracked, auction.facts, atMs)];
      const floorCpm = placed.imp.bidfloor ?? 0;
      const bidCpm = placed.priceMicros / 1_000_000;
      const clearing = clearingCpmOf(
        request.at ?? 2,
        bidCpm,
        floorCpm,
        competingCpm(random, floorCpm, Boolean(placed.imp.video)),
      );
      const key = placed.reservationKey;
      if (clearing === null) {
        events.push(eventOf(tracked, 'LOSS', at(NOTICE_DELAY_MS), { detail: '102' }));
        await state.release(key);
        played.push({ tracked, events, billed: null });
        continue;
      }
      // Read as the win notice's price: never above the bid.
      const clearingMicros = Math.min(placed.priceMicros, Math.round(clearing * 1_000_000));
      const cost = costOfImpression(clearingMicros, tracked.marginBps, tracked.agencyMarginBps);
      const servedAt = at(NOTICE_DELAY_MS);
      clockMs = servedAt;
      const served = (type: DeliveryEventType, extra: Partial<DeliveryEvent> = {}) =>
        events.push(eventOf(tracked, type, servedAt, extra));
      served('WIN');
      served('BILLING', {
        mediaCostMicros: cost.mediaMicros,
        advertiserCostMicros: cost.advertiserMicros,
        agencyMarginMicros: cost.agencyMarginMicros,
        priceSource: PRICE_SOURCE.win,
      });
      served('IMPRESSION');
      await state.settle({
        reservationKey: key,
        campaignId: tracked.campaignId,
        advertiserId: tracked.advertiserId,
        dateKey: tracked.dateKey,
        amountMicros: cost.advertiserMicros,
        frequency: tracked.frequencyKey
          ? { key: tracked.frequencyKey, ttlSeconds: tracked.frequencyTtl }
          : null,
      });
      if (random() < SIMULATED_CTR) {
        events.push(eventOf(tracked, 'CLICK', at(CLICK_DELAY_MS)));
        if (random() < SIMULATED_CONVERSION_RATE)
          events.push(eventOf(tracked, 'CONVERSION', at(CONVERSION_DELAY_MS), { detail: 'event1' }));
      }
      played.push({ tracked, events, billed: { ...cost, atMs: servedAt } });
    }
    return played;
  };

  return {
    snapshot,
    play: async (fromMs, untilMs, onBid) => {
      let requests = 0;
      for (let hour = fromMs; hour < untilMs; hour += HOUR_MS) {
        const hourSnapshot: IndexSnapshot = { ...snapshot, spentBeforeToday: await spentBefore(hour) };
        for (const simulated of traffic.hour(hour)) {
          requests++;
          for (const bid of await playOne(simulated, hourSnapshot, untilMs)) await onBid(bid);
        }
      }
      return requests;
    },
  };
};

/**
 * Writes `days` days of history (ending with the last whole hour) for the campaigns of the given
 * advertisers, from `requestsPerDay` simulated requests on an average day. Meant for a fresh demo
 * database: run twice, the repeated facts are skipped by their keys and the spend by its references.
 */
export const seedDemoHistory = async (
  db: Db,
  options: { advertiserIds: number[]; days: number; now?: Date; requestsPerDay?: number; seat?: string },
): Promise<HistoryResult> => {
  const started = performance.now();
  const result: HistoryResult = { requests: 0, bids: 0, events: 0, impressions: 0, spendMicros: 0, ms: 0 };
  if (options.days <= 0 || options.advertiserIds.length === 0) return result;
  const now = (options.now ?? new Date()).getTime();
  const until = Math.floor(now / HOUR_MS) * HOUR_MS;
  const firstDay = demoHistoryStart(options.days, new Date(now)).getTime();
  const traffic = await demoTraffic(db, options.requestsPerDay ?? DEMO_REQUESTS_PER_DAY);
  const simulation = await createSimulation(db, traffic, {
    nowMs: until,
    seat: options.seat,
    advertiserIds: options.advertiserIds,
  });

  await db.transaction(async (tx) => {
    let buffer: DeliveryEvent[] = [];
    const flush = async () => {
      if (buffer.length === 0) return;
      // Literal VALUES: building a 5,000-row statement of bound parameters costs more than the
      // insert itself on the embedded database. Every text is made here from fixed sets (checked).
      await tx.execute(
        sql.raw(`insert into delivery_events (${EVENT_COLUMNS}) values ${buffer.map(valuesOf).join(',')}
          on conflict do nothing`),
      );
      result.events += buffer.length;
      buffer = [];
    };
    // A campaign's spend by the UTC hour its BILLING events occurred (a billing a moment after an
    // auction at 23:59:59.9 is the next hour's, as the rollups count it).
    type Spend = {
      advertiserId: number;
      campaignId: number;
      hour: string;
      media: number;
      advertiser: number;
      agencyMargin: number;
      lastAt: number;
    };
    const spends = new Map<string, Spend>();
    result.requests = await simulation.play(firstDay, until, async ({ tracked, events, billed }) => {
      result.bids++;
      buffer.push(...events);
      if (billed) {
        result.impressions++;
        result.spendMicros += billed.advertiserMicros;
        // Spend by campaign and UTC hour, the rollups' grain: every whole-hour time zone's days and
        // months then hold exactly the spend the dashboards count in them.
        const hour = new Date(billed.atMs).toISOString().slice(0, 13);
        const key = `${tracked.campaignId}:${hour}`;
        const spend = spends.get(key) ?? {
          advertiserId: tracked.advertiserId,
          campaignId: tracked.campaignId,
          hour,
          media: 0,
          advertiser: 0,
          agencyMargin: 0,
          lastAt: billed.atMs,
        };
        spend.media += billed.mediaMicros;
        spend.advertiser += billed.advertiserMicros;
        spend.agencyMargin += billed.agencyMarginMicros;
        spend.lastAt = Math.max(spend.lastAt, billed.atMs);
        spends.set(key, spend);
      }
      if (buffer.length >= INSERT_BATCH) await flush();
    });
    await flush();
    // Booked in the order it happened, so each account's entries run in time order (the references
    // sort by hour: spendCtesOf posts in reference order), many hours a statement.
    const booked = [...spends.values()].sort((a, b) => a.lastAt - b.lastAt || a.campaignId - b.campaignId);
    for (let start = 0; start < booked.length; start += SPEND_BATCH)
      await recordSpends(
        tx,
        booked.slice(start, start + SPEND_BATCH).map((spend) => ({
          advertiserId: spend.advertiserId,
          campaignId: spend.campaignId,
          mediaCostMicros: BigInt(spend.media),
          advertiserCostMicros: BigInt(spend.advertiser),
          agencyMarginMicros: BigInt(spend.agencyMargin),
          occurredAt: new Date(spend.lastAt),
          bookedAt: new Date(spend.lastAt),
          reference: `history:${spend.hour}:${String(spend.campaignId).padStart(12, '0')}`,
        })),
      );
  });
  await rebuildRollups(db, { from: new Date(firstDay), to: new Date(until) });
  result.ms = Math.round(performance.now() - started);
  return result;
};
