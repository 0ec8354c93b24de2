// Demo delivery history: N days of auctions for the demo campaigns, written
// straight into the store so a fresh console's dashboards are alive on first open. The events have
// the shape the bidder and its tracking write (BID for every bid, WIN + BILLING + IMPRESSION for a
// won auction, CLICK and CONVERSION at plausible rates), the hourly rollups are rebuilt from them
// by the same statement as `npm run rollups:rebuild`, and the spend reaches the ledger through
// recordSpend, like the bidder's: one SPEND transfer per campaign and UTC day of its BILLING events
// (a batch reference, as recordSpend allows) carrying their summed media and advertiser cost,
// occurring and booked at the day's last billing, in time order: the statement, the funds history
// and the dashboards count every day's spend in the same UTC day, as if it had been booked live. Per-impression transfers would be ~25x more rows for the same balances.
//
// Deterministic (a seeded generator per campaign), and quick: multi-row inserts of 2,000 events.
// Only campaigns of advertisers with money get history, only inside their flight, and never more
// spend than the advertiser holds.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { campaignCreatives, campaignExchanges, campaigns } from '../db/schema/campaigns.ts';
import type { DeliveryEventType } from '../db/schema/delivery.ts';
import type { DeliveryEvent } from '../modules/delivery/event-recorder.ts';
import { rebuildRollups } from '../modules/delivery/rollups.ts';
import { readBalanceMicros } from '../modules/ledger/ledger-accounts.ts';
import { advertiserCostOf, readMarginsBps } from '../modules/ledger/margin.ts';
import { recordSpend } from '../modules/ledger/record-spend.ts';
import { demoInventory } from './demo-inventory.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const INSERT_BATCH = 5_000;

/** Share of a day's traffic per UTC hour: quiet at night, peaks at lunch and in the evening. */
const HOUR_WEIGHTS = [
  2, 1.5, 1, 1, 1, 1.5, 2.5, 4, 5, 5.5, 6, 6.5, 7, 6.5, 6, 5.5, 5.5, 6, 7, 7.5, 7, 6, 4.5, 3,
];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((sum, weight) => sum + weight, 0);

/** Countries by rough share of programmatic traffic (a campaign's own country targeting wins). */
const COUNTRIES: [string, number][] = [
  ['US', 40],
  ['GB', 10],
  ['DE', 9],
  ['FR', 7],
  ['CA', 6],
  ['IT', 5],
  ['ES', 5],
  ['AU', 4],
  ['NL', 3],
  ['BR', 3],
  ['IN', 3],
  ['RS', 2],
  ['GR', 2],
  ['MX', 1],
];
const DEVICES: { os: string; deviceType: string; weight: number }[] = [
  { os: 'android', deviceType: 'PHONE', weight: 38 },
  { os: 'ios', deviceType: 'PHONE', weight: 27 },
  { os: 'ios', deviceType: 'TABLET', weight: 5 },
  { os: 'android', deviceType: 'TABLET', weight: 3 },
  { os: 'windows', deviceType: 'DESKTOP', weight: 17 },
  { os: 'macos', deviceType: 'DESKTOP', weight: 8 },
  { os: 'linux', deviceType: 'DESKTOP', weight: 2 },
];

/** mulberry32: small, seeded, good enough for demo data. */
export const randomOf = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

export const pick = <T>(
  random: () => number,
  items: readonly T[],
  weightOf: (item: T) => number = () => 1,
): T => {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= weightOf(item);
    if (roll <= 0) return item;
  }
  return items[items.length - 1]!;
};

type HistoryCampaign = {
  id: number;
  advertiserId: number;
  bidMicros: number;
  priceModel: string;
  startAt: Date;
  endAt: Date;
  targeting: {
    countries?: string[];
    traffic_types?: string[];
    os?: { os: string }[];
    device_types?: string[];
  };
  creativeIds: number[];
  exchangeIds: number[];
};

const EVENT_COLUMNS =
  'day, occurred_at, type, exchange_id, auction_id, imp_id, detail, campaign_id, creative_id, advertiser_id, ' +
  'country, os, device_type, traffic_type, inventory, bid_micros, media_cost_micros, advertiser_cost_micros';

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
  `${text(event.deviceType)},${text(event.trafficType)},${text(event.inventory ?? '')},${int(event.bidMicros)},` +
  `${int(event.mediaCostMicros ?? 0)},${int(event.advertiserCostMicros ?? 0)})`;

export type HistoryResult = { events: number; impressions: number; spendMicros: number; ms: number };

/** The first instant of the history `days` days long that ends now: its first UTC day's start. */
export const demoHistoryStart = (days: number, now = new Date()): Date =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (Math.max(days, 1) - 1) * DAY_MS);

/**
 * Impressions a campaign wins on an average day (before weekday and trend): modest, so that a fresh
 * start stays quick on the embedded database (every event row costs its indexes).
 */
const baseDailyImpressions = (campaign: HistoryCampaign, random: () => number) =>
  Math.round((campaign.priceModel === 'CPC' ? 28 : 40) * (0.7 + random() * 0.6));

const loadCampaigns = async (db: Db, advertiserIds: number[]): Promise<HistoryCampaign[]> => {
  if (advertiserIds.length === 0) return [];
  const rows = await db
    .select({
      id: campaigns.id,
      advertiserId: campaigns.advertiserId,
      bidMicros: campaigns.bidMicros,
      priceModel: campaigns.priceModel,
      startAt: campaigns.startAt,
      endAt: campaigns.endAt,
      targeting: campaigns.targeting,
    })
    .from(campaigns)
    .where(
      and(
        inArray(campaigns.advertiserId, advertiserIds),
        inArray(campaigns.status, ['ACTIVE', 'PAUSED', 'COMPLETED']),
      ),
    )
    .orderBy(campaigns.id);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const links = await db
    .select({ campaignId: campaignCreatives.campaignId, creativeId: campaignCreatives.creativeId })
    .from(campaignCreatives)
    .where(inArray(campaignCreatives.campaignId, ids));
  const approved = await db
    .select({ campaignId: campaignExchanges.campaignId, exchangeId: campaignExchanges.exchangeId })
    .from(campaignExchanges)
    .where(and(inArray(campaignExchanges.campaignId, ids), eq(campaignExchanges.state, 'APPROVED')));
  return rows
    .map((row) => ({
      ...row,
      // The bid in CPM terms: a CPC campaign's bid is per click, at about a 1% CTR.
      bidMicros: row.priceModel === 'CPC' ? Math.round(row.bidMicros * 10) : row.bidMicros,
      targeting: row.targeting as HistoryCampaign['targeting'],
      creativeIds: links.filter((link) => link.campaignId === row.id).map((link) => link.creativeId),
      exchangeIds: approved.filter((link) => link.campaignId === row.id).map((link) => link.exchangeId),
    }))
    .filter((campaign) => campaign.creativeIds.length > 0 && campaign.exchangeIds.length > 0);
};

/** One campaign's won and lost auctions of one UTC day, as raw events; answers the day's costs. */
const generateDay = (
  campaign: HistoryCampaign,
  day: string,
  dayStart: number,
  until: number,
  marginBps: number,
  random: () => number,
  base: number,
  trend: number,
  push: (event: DeliveryEvent) => void,
) => {
  const weekday = new Date(dayStart).getUTCDay();
  const weekdayFactor = weekday === 0 || weekday === 6 ? 0.8 : 1.05;
  const wins = Math.round(base * weekdayFactor * trend * (0.85 + random() * 0.3));
  const winRate = 0.6 + random() * 0.2;
  const ctr = (campaign.priceModel === 'CPC' ? 0.012 : 0.004) * (0.7 + random() * 0.6);
  const countries = campaign.targeting.countries?.length
    ? COUNTRIES.filter(([code]) => campaign.targeting.countries!.includes(code))
    : COUNTRIES;
  const countryPool = countries.length > 0 ? countries : COUNTRIES;
  const osAllowed = campaign.targeting.os?.map((entry) => entry.os) ?? [];
  const devicesAllowed = campaign.targeting.device_types ?? [];
  const devicePool = DEVICES.filter(
    (device) =>
      (osAllowed.length === 0 || osAllowed.includes(device.os)) &&
      (devicesAllowed.length === 0 || devicesAllowed.includes(device.deviceType)),
  );
  const devices = devicePool.length > 0 ? devicePool : DEVICES;
  const traffic = campaign.targeting.traffic_types?.length
    ? campaign.targeting.traffic_types
    : ['APP', 'WEB'];
  let media = 0;
  let advertiser = 0;
  let impressions = 0;
  const auctions = Math.round(wins / winRate);
  for (let n = 0; n < auctions; n++) {
    const hour = HOUR_WEIGHTS.indexOf(pick(random, HOUR_WEIGHTS, (weight) => weight / HOUR_TOTAL));
    const at = dayStart + hour * HOUR_MS + Math.floor(random() * HOUR_MS);
    if (at >= until) continue;
    const device = pick(random, devices, (item) => item.weight);
    const trafficType = traffic[Math.floor(random() * traffic.length)]!;
    const common = {
      day,
      exchangeId: campaign.exchangeIds[Math.floor(random() * campaign.exchangeIds.length)]!,
      auctionId: `hist-${campaign.id}-${day}-${n}`,
      impId: '1',
      campaignId: campaign.id,
      creativeId: campaign.creativeIds[Math.floor(random() * campaign.creativeIds.length)]!,
      advertiserId: campaign.advertiserId,
      country: pick(random, countryPool, ([, weight]) => weight)[0],
      os: device.os,
      deviceType: device.deviceType,
      trafficType,
      inventory: demoInventory(trafficType, random),
      bidMicros: campaign.bidMicros,
    };
    const event = (type: DeliveryEventType, offsetMs: number, extra: Partial<DeliveryEvent> = {}) =>
      push({ ...common, type, occurredAt: new Date(Math.min(at + offsetMs, until - 1)), ...extra });
    event('BID', 0);
    if (random() > winRate) continue;
    // Cleared below our bid: second price against the runner-up, or a first-price shade.
    const clearingCpm = Math.round(campaign.bidMicros * (0.55 + random() * 0.4));
    const mediaCost = Math.max(1, Math.round(clearingCpm / 1000));
    const advertiserCost = Number(advertiserCostOf(BigInt(mediaCost), marginBps));
    media += mediaCost;
    advertiser += advertiserCost;
    impressions += 1;
    event('WIN', 80);
    event('BILLING', 900, { mediaCostMicros: mediaCost, advertiserCostMicros: advertiserCost });
    event('IMPRESSION', 950);
    if (random() < ctr) {
      event('CLICK', 15_000);
      if (random() < 0.06) event('CONVERSION', 240_000, { detail: 'event1' });
    }
  }
  return { media, advertiser, impressions };
};

/**
 * Writes `days` days of history (ending with the last whole hour) for the campaigns of the given
 * advertisers. Meant for a fresh demo database: run twice, the repeated facts are skipped by their
 * keys and the spend by its references.
 */
export const seedDemoHistory = async (
  db: Db,
  options: { advertiserIds: number[]; days: number; now?: Date },
): Promise<HistoryResult> => {
  const started = performance.now();
  const result: HistoryResult = { events: 0, impressions: 0, spendMicros: 0, ms: 0 };
  if (options.days <= 0) return result;
  const now = (options.now ?? new Date()).getTime();
  const until = Math.floor(now / HOUR_MS) * HOUR_MS;
  const firstDay = demoHistoryStart(options.days, new Date(now)).getTime();
  const all = await loadCampaigns(db, options.advertiserIds);
  const advertiserIds = [...new Set(all.map((campaign) => campaign.advertiserId))];
  const marginOf = await readMarginsBps(db, advertiserIds);
  const fundsOf = new Map<number, number>();
  for (const advertiserId of advertiserIds) {
    fundsOf.set(advertiserId, Number(await readBalanceMicros(db, advertiserId)));
  }
  const withFunds = all.filter((campaign) => (fundsOf.get(campaign.advertiserId) ?? 0) > 0);

  await db.transaction(async (tx) => {
    let buffer: DeliveryEvent[] = [];
    const flush = async () => {
      if (buffer.length === 0) return;
      // Literal VALUES: building a 2,000-row statement of bound parameters costs more than the
      // insert itself on the embedded database. Every text is made here from fixed sets (checked).
      await tx.execute(
        sql.raw(`insert into delivery_events (${EVENT_COLUMNS}) values ${buffer.map(valuesOf).join(',')}
          on conflict do nothing`),
      );
      result.events += buffer.length;
      buffer = [];
    };
    // A campaign's spend by the UTC day its BILLING events occurred (a billing a moment after an
    // auction at 23:59:59.5 is the next day's, as the rollups count it).
    type Spend = { campaign: HistoryCampaign; day: string; media: number; advertiser: number; lastAt: Date };
    const spends = new Map<string, Spend>();
    const addSpend = (campaign: HistoryCampaign, billing: DeliveryEvent) => {
      const day = billing.occurredAt.toISOString().slice(0, 10);
      const key = `${campaign.id}:${day}`;
      const spend = spends.get(key) ?? { campaign, day, media: 0, advertiser: 0, lastAt: billing.occurredAt };
      spend.media += billing.mediaCostMicros ?? 0;
      spend.advertiser += billing.advertiserCostMicros ?? 0;
      if (billing.occurredAt > spend.lastAt) spend.lastAt = billing.occurredAt;
      spends.set(key, spend);
    };
    for (const campaign of withFunds) {
      const random = randomOf(campaign.id * 7919 + 17);
      const base = baseDailyImpressions(campaign, random);
      for (let dayStart = firstDay; dayStart < until; dayStart += DAY_MS) {
        if (dayStart + DAY_MS <= campaign.startAt.getTime() || dayStart >= campaign.endAt.getTime()) continue;
        const day = new Date(dayStart).toISOString().slice(0, 10);
        // Grows over the period, as a campaign that finds its audience.
        const trend = 0.75 + (0.5 * (dayStart - firstDay)) / (options.days * DAY_MS);
        const events: DeliveryEvent[] = [];
        const costs = generateDay(
          campaign,
          day,
          dayStart,
          Math.min(until, campaign.endAt.getTime()),
          marginOf.get(campaign.advertiserId) ?? 0,
          random,
          base,
          trend,
          (event) => events.push(event),
        );
        const funds = fundsOf.get(campaign.advertiserId) ?? 0;
        if (costs.advertiser === 0 || costs.advertiser > funds) continue;
        fundsOf.set(campaign.advertiserId, funds - costs.advertiser);
        for (const event of events) {
          if (event.type === 'BILLING') addSpend(campaign, event);
          buffer.push(event);
          if (buffer.length >= INSERT_BATCH) await flush();
        }
        result.impressions += costs.impressions;
        result.spendMicros += costs.advertiser;
      }
    }
    await flush();
    // Booked in the order it happened, so each account's entries run in time order.
    const booked = [...spends.values()].sort(
      (a, b) => a.lastAt.getTime() - b.lastAt.getTime() || a.campaign.id - b.campaign.id,
    );
    for (const spend of booked) {
      await recordSpend(tx, {
        advertiserId: spend.campaign.advertiserId,
        campaignId: spend.campaign.id,
        mediaCostMicros: BigInt(spend.media),
        advertiserCostMicros: BigInt(spend.advertiser),
        occurredAt: spend.lastAt,
        bookedAt: spend.lastAt,
        reference: `history:${spend.campaign.id}:${spend.day}`,
      });
    }
  });
  await rebuildRollups(db, { from: new Date(firstDay), to: new Date(until) });
  result.ms = Math.round(performance.now() - started);
  return result;
};
