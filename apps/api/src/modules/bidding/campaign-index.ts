// The bidder's in-memory index of what may bid: active, approved campaigns (their advertiser active)
// with their approved creatives, by exchange; advertisers' balances and margins (their own plus
// their agency's, ledger/margin.ts); campaigns' delivery so far.
// Loaded at start and replaced whole on reload (a reload builds a new snapshot; bids in flight keep
// the one they started with). Reloads come from committed change notices of the campaign, creative,
// exchange, user and list services, from every process (platform/change-feed.ts, debounced), and
// every RELOAD_INTERVAL_MS for what no notice tells: delivery so far and balances moved by spend,
// writes made outside the console (SQL by hand). No bid request touches the database.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { localMidnightMs, readLocalClock } from '@console/core/time/zoned-time';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  campaignAudiences,
  campaignCreatives,
  campaignExchanges,
  campaignInventoryLists,
  campaigns,
} from '../../db/schema/campaigns.ts';
import { creativeExchanges, creatives } from '../../db/schema/creatives.ts';
import { campaignDeliveryHours, campaignDeliveryTotals } from '../../db/schema/delivery.ts';
import { campaignSmartAppLists } from '../../db/schema/lists.ts';
import { exchanges, smartAppCategories } from '../../db/schema/reference.ts';
import { users } from '../../db/schema/users.ts';
import { anyOfIds } from '../../db/sql-fragment.ts';
import type { PriceDecoder } from '../delivery/index.ts';
import { readBalances, readMarginSplits } from '../ledger/index.ts';
import { lazily, loadCarriers, loadCityIndex, loadManufacturers, searchKeyOf } from '../reference/index.ts';
import {
  type BidderCampaign,
  type BidderCreative,
  EMPTY_MEMBERSHIP,
  type ListMembership,
  type ListRule,
} from './bidder-campaign.ts';
import { type CompileReference, compileCampaign, compileCreative } from './campaign-compiler.ts';
import { buildCandidateIndex, type CandidateIndex } from './candidate-index.ts';
import { type DealBook, readDealBook } from './deal-terms.ts';
import type { DeliveryState } from './delivery-state.ts';
import type { ListCache } from './list-cache.ts';
import type { FactsReference } from './request-facts.ts';

export const RELOAD_INTERVAL_MS = 30_000;
const RELOAD_DEBOUNCE_MS = 50;

export type ExchangeSettings = {
  /** How long a bid's hold lasts: the exchange's notice window. */
  noticeWindowMs: number;
  /** Its notices' price decoder, from its winning-price keys (delivery/exchange-price-keys.ts), or null for plain prices. */
  decode: PriceDecoder | null;
};

/** Turns an exchange's sealed price keys into its decoder (null: the keys are unusable). */
export type PriceKeyOpener = (sealed: string) => Promise<PriceDecoder | null>;

export type AdvertiserBalance = { baseMicros: number; baseSpentMicros: number };

export type IndexSnapshot = {
  loadedAtMs: number;
  /** Per exchange, its campaigns filed by the kinds and sizes of their creatives approved there. */
  candidatesByExchange: ReadonlyMap<number, CandidateIndex>;
  campaignById: ReadonlyMap<number, BidderCampaign>;
  creativeById: ReadonlyMap<number, BidderCreative>;
  /** Active exchanges by lower-case key. */
  exchangeIdByKey: ReadonlyMap<string, number>;
  /** Every exchange's notice settings by id (inactive ones too: their late notices still come). */
  exchangeSettings: ReadonlyMap<number, ExchangeSettings>;
  /** The deals recorded per exchange (their floors and seats), for the campaigns that name them. */
  dealBook: DealBook;
  balances: ReadonlyMap<number, AdvertiserBalance>;
  /** Advertiser cost spent before the campaign's current local day (pacing of campaigns without a daily budget). */
  spentBeforeToday: ReadonlyMap<number, { dateKey: string; micros: number }>;
  /** The inventory lists, audiences and smart-app lists of these campaigns, loaded. */
  membership: ListMembership;
  reference: FactsReference;
};

export type CampaignIndex = {
  current: () => IndexSnapshot;
  reload: () => Promise<IndexSnapshot>;
  /** Asks for a reload soon (several requests close together make one). */
  requestReload: () => void;
  start: () => Promise<void>;
  stop: () => void;
};

const groupBy = <T, K>(rows: readonly T[], keyOf: (row: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
};

/** Reference look-ups, loaded only when some campaign targets them (cities take a second). */
export const buildCompileReference = async (
  rows: { targeting: Partial<import('@console/core/api/campaigns').Targeting> }[],
  taxonomy: { id: number; parentId: number | null; name: string }[],
): Promise<CompileReference> => {
  const wants = (field: 'cities' | 'carriers' | 'device_makers') =>
    rows.some((row) => (row.targeting[field] ?? []).length > 0);
  const cityIndex = wants('cities') ? await loadCityIndex() : null;
  const carrierIndex = wants('carriers') ? await loadCarriers() : null;
  const makerIndex = wants('device_makers') ? await loadManufacturers() : null;
  const children = groupBy(taxonomy, (node) => node.parentId);
  const namesUnder = (id: number): string[] => {
    const node = taxonomy.find((entry) => entry.id === id);
    if (!node) return [];
    return [node.name.toLowerCase(), ...(children.get(id) ?? []).flatMap((child) => namesUnder(child.id))];
  };
  return {
    cityKeyOf: (id) => {
      const city = cityIndex?.cityById.get(id);
      return city ? `${city.country_id}|${searchKeyOf(city.name)}` : undefined;
    },
    carrierOf: (id) => {
      const carrier = carrierIndex?.carrierById.get(id);
      return carrier ? { codes: carrier.mcc_mnc, name: carrier.name } : undefined;
    },
    makerNameOf: (id) => makerIndex?.makerById.get(id)?.name,
    appCategoryNamesOf: namesUnder,
  };
};

/** ISO alpha-3 -> alpha-2 from the countries file alone (the full geo index reads 250 more files). */
const loadAlpha2OfAlpha3 = lazily(async () => {
  const file = createRequire(import.meta.url).resolve('@countrystatecity/countries/data/countries.json');
  const countries = JSON.parse(await readFile(file, 'utf8')) as { iso2: string; iso3: string | null }[];
  return new Map(countries.filter((c) => c.iso3).map((c) => [c.iso3!.toUpperCase(), c.iso2.toUpperCase()]));
});

/**
 * Each campaign's spend since `sinceMs` (the hour that holds its local midnight), summed by the
 * database from its spend by hour (campaign_delivery_hours, kept with the rollups). Reading the
 * last two days' hours instead was up to 48 rows a campaign, each made a Date and summed here: at
 * 100,000 campaigns with a year of history (2,185 indexed) a reload cost the API 460-630 ms of CPU,
 * 150-170 ms since. The local midnights are worked out here (readLocalClock), so the day is the
 * pacing's own.
 */
const readSpendSince = async (
  db: Db,
  days: readonly { id: number; sinceMs: number }[],
): Promise<Map<number, number>> => {
  if (days.length === 0) return new Map();
  const sinces = `{${days.map((day) => new Date(day.sinceMs).toISOString()).join(',')}}`;
  const result = (await db.execute(sql`
    select d.id as campaign_id, sum(${campaignDeliveryHours.advertiserCostMicros})::text as spent
    from unnest(${`{${days.map((day) => day.id).join(',')}}`}::bigint[], ${sinces}::timestamptz[]) as d(id, since)
    join ${campaignDeliveryHours} on ${campaignDeliveryHours.campaignId} = d.id and ${campaignDeliveryHours.hour} >= d.since
    group by d.id`)) as unknown as { rows: { campaign_id: number | string; spent: string }[] };
  return new Map(result.rows.map((row) => [Number(row.campaign_id), Number(row.spent)]));
};

export const loadIndexSnapshot = async (
  db: Db,
  state: DeliveryState,
  lists: ListCache,
  tcfVendorId: number | null,
  openPriceKeys: PriceKeyOpener = async () => null,
  nowMs = Date.now(),
): Promise<IndexSnapshot> => {
  const reference: FactsReference = { alpha2OfAlpha3: await loadAlpha2OfAlpha3(), tcfVendorId };
  const allExchangeRows = await db
    .select({
      id: exchanges.id,
      key: exchanges.key,
      status: exchanges.status,
      noticeWindowSeconds: exchanges.noticeWindowSeconds,
      priceKeysSealed: exchanges.priceKeysSealed,
    })
    .from(exchanges);
  const exchangeRows = allExchangeRows.filter((row) => row.status === 'ACTIVE');
  const campaignRows = await db
    .select({ campaign: campaigns })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.advertiserId))
    .where(
      and(eq(campaigns.status, 'ACTIVE'), gt(campaigns.endAt, new Date(nowMs)), eq(users.status, 'ACTIVE')),
    );
  const rows = campaignRows.map((row) => row.campaign);
  const campaignIds = rows.map((row) => row.id);
  const advertiserIds = [...new Set(rows.map((row) => row.advertiserId))];
  const activeExchangeIds = new Set(exchangeRows.map((row) => row.id));

  const none = campaignIds.length === 0;
  const [approvals, links, inventoryRules, audienceRules, smartAppRules, marginOf, taxonomy, stats] =
    await Promise.all([
      none
        ? []
        : db
            .select({ campaignId: campaignExchanges.campaignId, exchangeId: campaignExchanges.exchangeId })
            .from(campaignExchanges)
            .where(
              and(
                anyOfIds(campaignExchanges.campaignId, campaignIds),
                eq(campaignExchanges.state, 'APPROVED'),
              ),
            ),
      none
        ? []
        : db
            .select({ campaignId: campaignCreatives.campaignId, creativeId: campaignCreatives.creativeId })
            .from(campaignCreatives)
            .where(anyOfIds(campaignCreatives.campaignId, campaignIds)),
      none
        ? []
        : db
            .select()
            .from(campaignInventoryLists)
            .where(anyOfIds(campaignInventoryLists.campaignId, campaignIds)),
      none
        ? []
        : db.select().from(campaignAudiences).where(anyOfIds(campaignAudiences.campaignId, campaignIds)),
      none
        ? []
        : db
            .select()
            .from(campaignSmartAppLists)
            .where(anyOfIds(campaignSmartAppLists.campaignId, campaignIds)),
      readMarginSplits(db, advertiserIds),
      db
        .select({
          id: smartAppCategories.id,
          parentId: smartAppCategories.parentId,
          name: smartAppCategories.name,
        })
        .from(smartAppCategories),
      // Lifetime delivery, one row a campaign, kept with the rollups (summing delivery_hourly here
      // read every rollup row of every running campaign on each reload: 3.1 million rows, 0.9 s of
      // database CPU, at 100,000 campaigns with a year of history; migration 0038).
      none
        ? []
        : db
            .select({
              campaignId: campaignDeliveryTotals.campaignId,
              impressions: campaignDeliveryTotals.impressions,
              clicks: campaignDeliveryTotals.clicks,
              conversions: campaignDeliveryTotals.conversions,
              spent: campaignDeliveryTotals.advertiserCostMicros,
            })
            .from(campaignDeliveryTotals)
            .where(anyOfIds(campaignDeliveryTotals.campaignId, campaignIds)),
    ]);
  const creativeIds = [...new Set(links.map((link) => link.creativeId))];
  const [creativeRows, creativeApprovals] =
    creativeIds.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(creatives).where(anyOfIds(creatives.id, creativeIds)),
          db
            .select({ creativeId: creativeExchanges.creativeId, exchangeId: creativeExchanges.exchangeId })
            .from(creativeExchanges)
            .where(
              and(
                anyOfIds(creativeExchanges.creativeId, creativeIds),
                eq(creativeExchanges.state, 'APPROVED'),
              ),
            ),
        ]);

  // The advertiser's spend counter is read before the balance, so spend settled in between counts
  // twice (the bidder under-reads the balance until the next reload) rather than not at all.
  const spentCounters = await state.readAdvertiserSpent(advertiserIds);
  // O(1) per advertiser: each ledger account carries its running balance (ledger/ledger-accounts.ts).
  const ledgerBalances = await readBalances(db, advertiserIds);

  const compileRef = await buildCompileReference(rows, taxonomy);
  const approvalsOf = groupBy(approvals, (row) => row.campaignId);
  const linksOf = groupBy(links, (row) => row.campaignId);
  const listsOf = groupBy(inventoryRules, (row) => row.campaignId);
  const audiencesOf = groupBy(audienceRules, (row) => row.campaignId);
  const smartAppListsOf = groupBy(smartAppRules, (row) => row.campaignId);
  const creativeExchangesOf = groupBy(creativeApprovals, (row) => row.creativeId);
  const statsOf = new Map(stats.map((row) => [row.campaignId, row]));

  const creativeById = new Map<number, BidderCreative>();
  for (const row of creativeRows) {
    const approvedOn = new Set((creativeExchangesOf.get(row.id) ?? []).map((entry) => entry.exchangeId));
    if (approvedOn.size > 0) creativeById.set(row.id, compileCreative(row, approvedOn));
  }

  const campaignById = new Map<number, BidderCampaign>();
  const campaignsByExchange = new Map<number, BidderCampaign[]>();
  const spentBeforeToday = new Map<number, { dateKey: string; micros: number }>();
  const days: { id: number; dateKey: string; sinceMs: number }[] = [];
  for (const row of rows) {
    const exchangeIds = new Set(
      (approvalsOf.get(row.id) ?? [])
        .map((entry) => entry.exchangeId)
        .filter((id) => activeExchangeIds.has(id)),
    );
    const campaignCreativeList = (linksOf.get(row.id) ?? [])
      .map((link) => creativeById.get(link.creativeId))
      .filter((creative) => creative !== undefined)
      .sort((a, b) => a.id - b.id);
    if (exchangeIds.size === 0 || campaignCreativeList.length === 0) continue;
    const stat = statsOf.get(row.id);
    const campaign = compileCampaign(
      { ...row, frequencyCap: row.frequencyCap ?? null, dayParting: row.dayParting ?? null },
      {
        exchangeIds,
        creatives: campaignCreativeList,
        inventoryLists: (listsOf.get(row.id) ?? []).map(
          (entry): ListRule => ({ listId: entry.applistId, mode: entry.mode as ListRule['mode'] }),
        ),
        audiences: (audiencesOf.get(row.id) ?? []).map(
          (entry): ListRule => ({ listId: entry.audienceId, mode: entry.mode as ListRule['mode'] }),
        ),
        smartAppLists: (smartAppListsOf.get(row.id) ?? []).map((entry) => entry.listId),
        marginBps: marginOf.get(row.advertiserId)?.bps ?? 0,
        agencyMarginBps: marginOf.get(row.advertiserId)?.agencyBps ?? 0,
        stats: {
          impressions: Number(stat?.impressions ?? 0),
          clicks: Number(stat?.clicks ?? 0),
          conversions: Number(stat?.conversions ?? 0),
        },
      },
      compileRef,
    );
    campaignById.set(campaign.id, campaign);
    for (const exchangeId of exchangeIds) {
      const list = campaignsByExchange.get(exchangeId);
      if (list) list.push(campaign);
      else campaignsByExchange.set(exchangeId, [campaign]);
    }
    const clock = readLocalClock(campaign.timeZone, nowMs);
    const midnight = localMidnightMs(campaign.timeZone, clock.dateKey);
    // An hour counts toward today from the hour that holds local midnight (exact for whole-hour zones).
    days.push({ id: campaign.id, dateKey: clock.dateKey, sinceMs: midnight - (midnight % 3_600_000) });
  }
  const todayOf = await readSpendSince(db, days);
  const seeds: Promise<void>[] = [];
  for (const { id, dateKey } of days) {
    const total = Number(statsOf.get(id)?.spent ?? 0);
    const today = todayOf.get(id) ?? 0;
    spentBeforeToday.set(id, { dateKey, micros: Math.max(0, total - today) });
    seeds.push(state.seedCampaign(id, dateKey, total, today));
  }
  await Promise.all(seeds);
  // Only the lists of campaigns that can bid are held in memory.
  const indexed = [...campaignById.values()];
  const membership = await lists.refresh({
    applists: new Set(indexed.flatMap((campaign) => campaign.inventoryLists.map((rule) => rule.listId))),
    audiences: new Set(indexed.flatMap((campaign) => campaign.audiences.map((rule) => rule.listId))),
    smartAppLists: new Set(indexed.flatMap((campaign) => campaign.smartAppLists)),
  });

  const dealBook = await readDealBook(db);

  const balances = new Map<number, AdvertiserBalance>();
  const balanceOf = new Map([...ledgerBalances].map(([userId, balance]) => [userId, Number(balance)]));
  for (const id of advertiserIds)
    balances.set(id, { baseMicros: balanceOf.get(id) ?? 0, baseSpentMicros: spentCounters.get(id) ?? 0 });

  return {
    loadedAtMs: nowMs,
    candidatesByExchange: new Map(
      [...campaignsByExchange].map(([exchangeId, list]) => [
        exchangeId,
        buildCandidateIndex(list, exchangeId),
      ]),
    ),
    campaignById,
    creativeById,
    exchangeIdByKey: new Map(exchangeRows.map((row) => [row.key.toLowerCase(), row.id])),
    exchangeSettings: new Map(
      await Promise.all(
        allExchangeRows.map(
          async (row): Promise<[number, ExchangeSettings]> => [
            row.id,
            {
              noticeWindowMs: row.noticeWindowSeconds * 1000,
              decode: row.priceKeysSealed ? await openPriceKeys(row.priceKeysSealed) : null,
            },
          ],
        ),
      ),
    ),
    dealBook,
    balances,
    spentBeforeToday,
    membership,
    reference,
  };
};

const EMPTY_SNAPSHOT: IndexSnapshot = {
  loadedAtMs: 0,
  candidatesByExchange: new Map(),
  campaignById: new Map(),
  creativeById: new Map(),
  exchangeIdByKey: new Map(),
  exchangeSettings: new Map(),
  dealBook: new Map(),
  balances: new Map(),
  spentBeforeToday: new Map(),
  membership: EMPTY_MEMBERSHIP,
  reference: { alpha2OfAlpha3: new Map(), tcfVendorId: null },
};

export const createCampaignIndex = (
  db: Db,
  state: DeliveryState,
  lists: ListCache,
  options: {
    intervalMs?: number;
    onError?: (error: unknown) => void;
    /** Our IAB TCF vendor id (TCF_VENDOR_ID), for reading consent strings. */
    tcfVendorId?: number | null;
    /** Opens an exchange's sealed winning-price keys into its price decoder. */
    openPriceKeys?: PriceKeyOpener;
  } = {},
): CampaignIndex => {
  let snapshot = EMPTY_SNAPSHOT;
  let loading: Promise<IndexSnapshot> | null = null;
  let again = false;
  let debounce: NodeJS.Timeout | null = null;
  let interval: NodeJS.Timeout | null = null;

  const reload = (): Promise<IndexSnapshot> => {
    // One load at a time; a request during a load makes one more load after it.
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        snapshot = await loadIndexSnapshot(
          db,
          state,
          lists,
          options.tcfVendorId ?? null,
          options.openPriceKeys,
        );
      } catch (error) {
        options.onError?.(error);
      } finally {
        loading = null;
      }
      if (again) {
        again = false;
        return reload();
      }
      return snapshot;
    })();
    return loading;
  };

  return {
    current: () => snapshot,
    reload,
    requestReload: () => {
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => {
        debounce = null;
        void reload();
      }, RELOAD_DEBOUNCE_MS);
      debounce.unref();
    },
    start: async () => {
      await reload();
      interval = setInterval(() => void reload(), options.intervalMs ?? RELOAD_INTERVAL_MS);
      interval.unref();
    },
    stop: () => {
      if (interval) clearInterval(interval);
      if (debounce) clearTimeout(debounce);
    },
  };
};
