// Forecasts for the campaign form (an unsaved campaign) and for a stored campaign: the settings are
// compiled by the bidder's own compiler (campaign-compiler.ts) and run against the request sample
// (forecast.ts). Scope as campaigns: an advertiser its own, an agency its advertisers', staff all.
import type { CampaignForecast, CampaignForecastBody } from '@console/core/api/forecast';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creatives } from '../../db/schema/creatives.ts';
import { smartAppCategories } from '../../db/schema/reference.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { ListRule } from '../bidding/index.ts';
import {
  buildCompileReference,
  compileCampaign,
  compileCreative,
  createListCache,
  DEFAULT_SAMPLE_RATE,
  readDealBook,
} from '../bidding/index.ts';
import {
  checkApplists,
  checkCreatives,
  checkExchanges,
  checkSmartAppLists,
  readCampaign,
  resolveNewCampaignAdvertiser,
} from '../campaigns/index.ts';
import { readMarginBps } from '../ledger/index.ts';
import { forecastCampaign, type Rivals } from './forecast.ts';
import { createSampleStore } from './sample-store.ts';
import { createWinDataCache } from './win-rate.ts';

const DAY_MS = 86_400_000;

/** Everything of a campaign a forecast reads, in the form's terms (ids already checked). */
type ForecastSettings = Omit<CampaignForecastBody, 'advertiser_id'> & { advertiserId: number };

export type ForecastService = {
  /** Keeps the request sample read in the background (app start and close). */
  start: () => void;
  stop: () => void;
  forDraft: (principal: Principal, body: CampaignForecastBody) => Promise<CampaignForecast>;
  forCampaign: (principal: Principal, id: number) => Promise<CampaignForecast>;
};

/** The daily budget, else the total budget spread over the flight's days; null when neither is known. */
export const dailyCapOf = (settings: ForecastSettings): number | null => {
  if (settings.daily_budget_micros) return settings.daily_budget_micros;
  if (!settings.total_budget_micros || !settings.start_at || !settings.end_at) return null;
  const days = Math.max(1, (Date.parse(settings.end_at) - Date.parse(settings.start_at)) / DAY_MS);
  return Math.round(settings.total_budget_micros / days);
};

export type ForecastOptions = {
  /** The bidder's current index (its active campaigns bid against the forecast one); null: none yet. */
  rivals?: () => Rivals | null;
};

export const createForecastService = (deps: AppDeps, options: ForecastOptions = {}): ForecastService => {
  const db: Db = deps.db;
  const samples = createSampleStore(db);
  const winData = createWinDataCache(db);
  // Its own list cache: the bidder's holds only the lists of campaigns that bid.
  const lists = createListCache(db);
  const rate = deps.config.bidSampleRate ?? DEFAULT_SAMPLE_RATE;

  /** `id`: the stored campaign (0: a draft), left out of its rivals. */
  const forecast = async (settings: ForecastSettings, id = 0): Promise<CampaignForecast> => {
    const { targeting } = settings;
    const wantsTaxonomy =
      targeting.app_categories.length + targeting.app_genres.length + targeting.app_subgenres.length > 0;
    const [taxonomy, margin, creativeRows] = await Promise.all([
      wantsTaxonomy
        ? db
            .select({
              id: smartAppCategories.id,
              parentId: smartAppCategories.parentId,
              name: smartAppCategories.name,
            })
            .from(smartAppCategories)
        : [],
      readMarginBps(db, settings.advertiserId),
      settings.creative_ids.length === 0
        ? []
        : db
            .select()
            .from(creatives)
            .where(
              and(
                inArray(creatives.id, settings.creative_ids),
                eq(creatives.advertiserId, settings.advertiserId),
              ),
            ),
    ]);
    const exchangeIds = new Set(settings.exchange_ids);
    const reference = await buildCompileReference([{ targeting }], taxonomy);
    const bid = settings.bid_micros;
    const campaign = compileCampaign(
      {
        id,
        advertiserId: settings.advertiserId,
        name: '',
        // A forecast is per day of running: the flight itself is not applied.
        startAt: new Date(0),
        endAt: new Date(8_640_000_000_000_000),
        timeZone: settings.time_zone,
        totalBudgetMicros: settings.total_budget_micros ?? Number.MAX_SAFE_INTEGER,
        dailyBudgetMicros: settings.daily_budget_micros,
        pacing: 'EVEN',
        priceModel: settings.price_model,
        bidMicros: bid,
        minBidMicros: Math.min(settings.min_bid_micros ?? bid, bid),
        maxBidMicros: Math.max(settings.max_bid_micros ?? bid, bid),
        frequencyCap: settings.frequency_cap,
        dayParting: settings.day_parting,
        targeting,
      },
      {
        exchangeIds,
        // An unsaved campaign's creatives are not approved yet: counted as if they were.
        creatives: creativeRows.map((row) => compileCreative(row, exchangeIds)),
        inventoryLists: settings.inventory.map(
          (entry): ListRule => ({ listId: entry.applist_id, mode: entry.mode }),
        ),
        audiences: [],
        smartAppLists: settings.smart_app_list_ids,
        marginBps: margin,
        stats: { impressions: 0, clicks: 0, conversions: 0 },
      },
      reference,
    );
    const [window, wins, dealBook, membership] = await Promise.all([
      samples.read(),
      winData(),
      campaign.dealIds.size > 0 ? readDealBook(db) : undefined,
      lists.refresh({
        applists: new Set(campaign.inventoryLists.map((rule) => rule.listId)),
        audiences: new Set(),
        smartAppLists: new Set(campaign.smartAppLists),
      }),
    ]);
    return forecastCampaign({
      campaign,
      window,
      rate,
      winData: wins,
      membership,
      seat: deps.config.bidderSeat,
      dealBook,
      dailyCapMicros: dailyCapOf(settings),
      applyCreatives: campaign.creatives.length > 0,
      audiencesApplied: settings.audiences.length === 0,
      nowMs: Date.now(),
      rivals: options.rivals?.() ?? undefined,
    });
  };

  return {
    start: () => samples.start(),
    stop: () => samples.stop(),
    forDraft: async (principal, body) => {
      const advertiserId = await resolveNewCampaignAdvertiser(db, principal, body.advertiser_id);
      await checkExchanges(db, advertiserId, body.exchange_ids);
      await checkCreatives(db, advertiserId, body.creative_ids);
      await checkApplists(
        db,
        advertiserId,
        body.inventory.map((entry) => entry.applist_id),
      );
      await checkSmartAppLists(db, body.smart_app_list_ids);
      // The campaign being edited, when it is the caller's to read (404 otherwise), is not its own rival.
      if (body.campaign_id !== undefined) await readCampaign(deps, principal, body.campaign_id);
      return forecast({ ...body, advertiserId }, body.campaign_id);
    },
    forCampaign: async (principal, id) => {
      const detail = await readCampaign(deps, principal, id);
      return forecast(
        {
          ...detail,
          advertiserId: detail.advertiser.user_primary_id,
          exchange_ids: detail.exchanges
            .filter((exchange) => exchange.state !== 'REJECTED')
            .map((exchange) => exchange.exchange_id),
          smart_app_list_ids: detail.smart_app_lists.map((list) => list.list_id),
          targeting: detail.targeting as CampaignForecastBody['targeting'],
        },
        id,
      );
    },
  };
};
