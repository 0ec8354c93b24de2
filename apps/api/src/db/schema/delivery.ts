// Delivery data: raw events of the built-in bidder and its tracking, kept by day, and
// the hourly rollups dashboards and reports read. Money in integer micro-units.
//
// Raw events: one row per fact (bid, win, billing, impression, click, conversion, loss, video
// progress), made idempotent by the unique key (day, type, exchange, auction, imp, detail): a win
// notice, beacon or click called twice is one row. `day` is the UTC day of the auction (the bid),
// so every event of an auction shares it and a day's events can be dropped or moved as a block.
// Bid requests are not stored one per row: they are counted in memory and flushed as hourly
// counters (bid_request_hourly).
//
// The ClickHouse seam: delivery_events is append-only and delivery_hourly is derived from it
// (modules/delivery/rollups.ts rebuilds it from the raw rows). Past one PostgreSQL server, these two
// tables move to a column store (or delivery_events gets partitioned by `day`) with nothing else
// reading them but modules/delivery.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const DELIVERY_EVENT_TYPES = [
  'BID',
  'WIN',
  'BILLING',
  'IMPRESSION',
  'CLICK',
  'CONVERSION',
  'LOSS',
  'VIDEO_START',
  'VIDEO_FIRST_QUARTILE',
  'VIDEO_MIDPOINT',
  'VIDEO_THIRD_QUARTILE',
  'VIDEO_COMPLETE',
] as const;
export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** UTC day of the auction. */
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    type: text('type').$type<DeliveryEventType>().notNull(),
    exchangeId: integer('exchange_id').notNull(),
    /** The bid request's id (OpenRTB BidRequest.id). */
    auctionId: text('auction_id').notNull(),
    impId: text('imp_id').notNull(),
    /** The conversion's event name (event1, event_signup); '' for other types. */
    detail: text('detail').notNull().default(''),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    creativeId: bigint('creative_id', { mode: 'number' }).notNull(),
    advertiserId: bigint('advertiser_id', { mode: 'number' }).notNull(),
    /** ISO alpha-2, '' when unknown. */
    country: text('country').notNull().default(''),
    os: text('os').notNull().default(''),
    deviceType: text('device_type').notNull().default(''),
    /** APP or WEB. */
    trafficType: text('traffic_type').notNull(),
    /** Where the ad ran: the app's bundle or the site's domain as the request named it ('' when it did not). */
    inventory: text('inventory').notNull().default(''),
    /**
     * BID rows only: the user key of the request (device ifa lower-cased, else the user id), '' when
     * personal data may not be used (COPPA, GDPR without consent, opt-outs). A click or conversion
     * reaches it through its auction's BID row (rule audiences), so tracking URLs never carry it.
     */
    userKey: text('user_key').notNull().default(''),
    /** The bid, CPM in micro-units. */
    bidMicros: bigint('bid_micros', { mode: 'number' }).notNull().default(0),
    /** BILLING: what the exchange charges (clearing CPM / 1000). */
    mediaCostMicros: bigint('media_cost_micros', { mode: 'number' }).notNull().default(0),
    /** BILLING: what the advertiser pays (media cost with the margin). */
    advertiserCostMicros: bigint('advertiser_cost_micros', { mode: 'number' }).notNull().default(0),
    /**
     * BILLING: the agency's part of the margin (advertiser cost less media cost), at the split signed
     * into the bid's tracking token (ledger/margin.ts marginSplitOf); the platform's part is the rest.
     * 0 for a direct advertiser, and for events recorded before the split was (migration 0030).
     */
    agencyMarginMicros: bigint('agency_margin_micros', { mode: 'number' }).notNull().default(0),
    /**
     * BILLING: what set the price of the costs (delivery/notice-price.ts): 0 none (the bid, an
     * upper bound), 1 the win notice, 2 the billing notice. A notice of a higher rank than the
     * impression's billed one corrects it with a row of its own (detail 'win' or 'bill': the change).
     */
    priceSource: smallint('price_source').notNull().default(0),
    /** BILLING: 1 when the notice came after the exchange's notice window (the hold was given back). */
    isLate: smallint('is_late').notNull().default(0),
  },
  (t) => [
    uniqueIndex('delivery_events_fact_key').on(t.day, t.type, t.exchangeId, t.auctionId, t.impId, t.detail),
    // Rebuilding rollups reads a time range.
    index('delivery_events_occurred_idx').on(t.occurredAt),
    // A campaign's late-billed impressions (its view): only the few late rows are indexed.
    index('delivery_events_late_idx').on(t.campaignId).where(sql`${t.isLate} = 1`),
    check('delivery_events_type_check', sql`${t.type} in (${inList(DELIVERY_EVENT_TYPES)})`),
  ],
);

/** The sums every rollup tier carries (fresh builders for each table). */
const sumColumns = () => ({
  bids: bigint('bids', { mode: 'number' }).notNull().default(0),
  wins: bigint('wins', { mode: 'number' }).notNull().default(0),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
  mediaCostMicros: bigint('media_cost_micros', { mode: 'number' }).notNull().default(0),
  advertiserCostMicros: bigint('advertiser_cost_micros', { mode: 'number' }).notNull().default(0),
  /** The agency's part of the margin; the platform's is advertiser cost - media cost - this. */
  agencyMarginMicros: bigint('agency_margin_micros', { mode: 'number' }).notNull().default(0),
});

/** The columns of an hourly rollup row: its key and its sums (fresh builders for each table). */
const rollupColumns = () => ({
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  creativeId: bigint('creative_id', { mode: 'number' }).notNull(),
  advertiserId: bigint('advertiser_id', { mode: 'number' }).notNull(),
  exchangeId: integer('exchange_id').notNull(),
  country: text('country').notNull(),
  os: text('os').notNull(),
  deviceType: text('device_type').notNull(),
  trafficType: text('traffic_type').notNull(),
  ...sumColumns(),
});

/**
 * Hourly rollups by campaign, creative, exchange, country, OS, device type and app-or-site: what
 * every dashboard and report reads (never the raw rows on a page load). Advertiser is carried for
 * the tenancy filter. Kept current by the statement that writes the raw events (bids through
 * delivery_hourly_pending, folded in within a second).
 */
export const deliveryHourly = pgTable('delivery_hourly', rollupColumns(), (t) => [
  uniqueIndex('delivery_hourly_key').on(
    t.hour,
    t.campaignId,
    t.creativeId,
    t.exchangeId,
    t.country,
    t.os,
    t.deviceType,
    t.trafficType,
  ),
  // Dashboards: one advertiser's (or one campaign's) hours in a date range.
  index('delivery_hourly_advertiser_idx').on(t.advertiserId, t.hour),
  index('delivery_hourly_campaign_idx').on(t.campaignId, t.hour),
]);

/**
 * Rollup rows of bids not yet added to delivery_hourly: the bidder's statement that stores a batch of
 * bids appends their rollup rows here (no key, so concurrent batches never wait on each other's row
 * locks), and a fold every second moves them into delivery_hourly in one statement
 * (delivery/rollups.ts foldPendingRollups). Raw events, pending and folded rows always agree.
 */
export const deliveryHourlyPending = pgTable('delivery_hourly_pending', rollupColumns());

/**
 * Each campaign's lifetime delivery: delivery_hourly summed over everything but the campaign, one row
 * a campaign, so a list page reads its rows' totals by key instead of summing every rollup row of
 * them (a campaign a month old has thousands). Written in the statements that write delivery_hourly
 * (delivery/rollups.ts), by the same integer sums, so it agrees with delivery_hourly exactly.
 */
export const campaignDeliveryTotals = pgTable('campaign_delivery_totals', {
  campaignId: bigint('campaign_id', { mode: 'number' }).primaryKey(),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  advertiserCostMicros: bigint('advertiser_cost_micros', { mode: 'number' }).notNull().default(0),
  // The bidder's index reads a campaign's lifetime delivery here too (migration 0038), conversions among it.
  conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
});

/**
 * Each campaign's spend by UTC hour: delivery_hourly's advertiser cost summed over everything but the
 * campaign and the hour, so a list page reads "spent today" as at most a day's hours of each row by
 * key instead of every rollup row of those hours (one per creative, exchange, country, OS, device
 * and traffic type). Written in the statements that write delivery_hourly (delivery/rollups.ts), by
 * the same integer sums, as campaign_delivery_totals is, so it agrees with delivery_hourly exactly.
 */
export const campaignDeliveryHours = pgTable(
  'campaign_delivery_hours',
  {
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    advertiserCostMicros: bigint('advertiser_cost_micros', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('campaign_delivery_hours_key').on(t.campaignId, t.hour)],
);

// Compacted tiers (delivery/compaction.ts): narrow sums of delivery_hourly for closed UTC days, so a
// dashboard over everyone's month reads a few hundred thousand rows instead of millions. Each is
// delivery_hourly summed over fewer columns; days before rollup_compaction.compacted_before are in
// them, later hours are read from delivery_hourly (delivery/rollup-source.ts picks and unions).

/** Every advertiser's UTC days: totals and charts by day, the smallest tier (a month of everyone is 9,000 rows). */
export const deliveryDailyAdvertiser = pgTable(
  'delivery_daily_advertiser',
  {
    day: date('day', { mode: 'string' }).notNull(),
    advertiserId: bigint('advertiser_id', { mode: 'number' }).notNull(),
    ...sumColumns(),
  },
  (t) => [
    uniqueIndex('delivery_daily_advertiser_key').on(t.day, t.advertiserId),
    index('delivery_daily_advertiser_scope_idx').on(t.advertiserId, t.day),
  ],
);

/** Every advertiser's hours: totals and charts by hour or by day in any time zone. */
export const deliveryHourlyAdvertiser = pgTable(
  'delivery_hourly_advertiser',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    advertiserId: bigint('advertiser_id', { mode: 'number' }).notNull(),
    ...sumColumns(),
  },
  (t) => [
    uniqueIndex('delivery_hourly_advertiser_key').on(t.hour, t.advertiserId),
    index('delivery_hourly_advertiser_scope_idx').on(t.advertiserId, t.hour),
  ],
);

/**
 * UTC days by campaign: performance by campaign and the campaign filter, a row a campaign and day
 * (the tier by creative and exchange holds one a campaign, creative, exchange and day: for the
 * demo's month 2,616 rows where this holds 145).
 */
export const deliveryDailyCampaignTotal = pgTable(
  'delivery_daily_campaign_total',
  {
    day: date('day', { mode: 'string' }).notNull(),
    advertiserId: bigint('advertiser_id', { mode: 'number' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    ...sumColumns(),
  },
  (t) => [
    uniqueIndex('delivery_daily_campaign_total_key').on(t.day, t.campaignId),
    index('delivery_daily_campaign_total_scope_idx').on(t.advertiserId, t.day),
  ],
);

/** UTC days by campaign, creative and exchange: performance by those, and reports by day. */
export const deliveryDailyCampaign = pgTable(
  'delivery_daily_campaign',
  {
    day: date('day', { mode: 'string' }).notNull(),
    advertiserId: bigint('advertiser_id', { mode: 'number' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    creativeId: bigint('creative_id', { mode: 'number' }).notNull(),
    exchangeId: integer('exchange_id').notNull(),
    ...sumColumns(),
  },
  (t) => [
    uniqueIndex('delivery_daily_campaign_key').on(t.day, t.campaignId, t.creativeId, t.exchangeId),
    index('delivery_daily_campaign_scope_idx').on(t.advertiserId, t.day),
  ],
);

/** UTC days by country and OS: performance by those, and the country filter. */
export const deliveryDailyGeo = pgTable(
  'delivery_daily_geo',
  {
    day: date('day', { mode: 'string' }).notNull(),
    advertiserId: bigint('advertiser_id', { mode: 'number' }).notNull(),
    country: text('country').notNull(),
    os: text('os').notNull(),
    ...sumColumns(),
  },
  (t) => [
    uniqueIndex('delivery_daily_geo_key').on(t.day, t.advertiserId, t.country, t.os),
    index('delivery_daily_geo_scope_idx').on(t.advertiserId, t.day),
  ],
);

/**
 * Delivery by app or site (the running-apps export): UTC days by campaign, exchange, app-or-site and
 * the bundle or domain. Its own rollup of the raw events (delivery_hourly does not keep the
 * inventory: it would make that table as sparse again as the events), written by the statements of
 * wins, impressions, clicks, conversions and billing; bids are not counted here.
 */
export const deliveryDailyInventory = pgTable(
  'delivery_daily_inventory',
  {
    day: date('day', { mode: 'string' }).notNull(),
    advertiserId: bigint('advertiser_id', { mode: 'number' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    exchangeId: integer('exchange_id').notNull(),
    trafficType: text('traffic_type').notNull(),
    inventory: text('inventory').notNull(),
    ...sumColumns(),
  },
  (t) => [
    uniqueIndex('delivery_daily_inventory_key').on(
      t.day,
      t.campaignId,
      t.exchangeId,
      t.trafficType,
      t.inventory,
    ),
    index('delivery_daily_inventory_scope_idx').on(t.advertiserId, t.day),
  ],
);

/** How far the compacted tiers reach: every UTC day before `compacted_before` is in them. One row. */
export const rollupCompaction = pgTable(
  'rollup_compaction',
  {
    id: integer('id').primaryKey().default(1),
    compactedBefore: date('compacted_before', { mode: 'string' }).notNull(),
  },
  (t) => [check('rollup_compaction_one_row', sql`${t.id} = 1`)],
);

/** Bid requests received, counted in memory and flushed every few seconds. */
export const bidRequestHourly = pgTable(
  'bid_request_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    exchangeId: integer('exchange_id').notNull(),
    trafficType: text('traffic_type').notNull(),
    country: text('country').notNull(),
    deviceType: text('device_type').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    /** Requests answered with at least one bid. */
    bidResponses: bigint('bid_responses', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('bid_request_hourly_key').on(t.hour, t.exchangeId, t.trafficType, t.country, t.deviceType),
  ],
);

/**
 * A sample of the valid bid requests (1 in BID_SAMPLE_RATE, default 100) for reach and spend
 * forecasts: the request's facts in targeting vocabulary (request-facts.ts, without the user key)
 * and its imps trimmed to what creative fit and floors read, kept 7 days. Written in batches by
 * modules/bidding/request-sampler.ts, read by modules/forecast.
 */
export const bidRequestSamples = pgTable(
  'bid_request_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** UTC day of the request. */
    day: date('day', { mode: 'string' }).notNull(),
    /** UTC hour of the day, 0-23. */
    hour: integer('hour').notNull(),
    exchangeId: integer('exchange_id').notNull(),
    /** A short hash of the user key (unique users); '' when the request carries none. */
    userHash: text('user_hash').notNull().default(''),
    /** RequestFacts without the user key; appCategories as a list. */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    /** The imps: banner/video/native/audio, sizes, floors, secure, pmp. */
    imps: jsonb('imps').$type<Record<string, unknown>[]>().notNull(),
    /**
     * How many requests the row stands for; 0: the sampling rate (BID_SAMPLE_RATE), as the bidder
     * samples. The demo seed writes every simulated request once (1).
     */
    weight: integer('weight').notNull().default(0),
  },
  (t) => [index('bid_request_samples_day_idx').on(t.day, t.id)],
);
