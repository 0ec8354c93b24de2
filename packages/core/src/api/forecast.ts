// Reach and spend forecasts of a campaign: from the bidder's sample of recent bid
// requests and the observed win rate by bid price. POST /api/campaigns/forecast takes the campaign
// form's settings (an unsaved campaign); GET /api/campaigns/:id/forecast a stored one.
import { z } from 'zod';
import { campaignFields } from './campaigns.ts';

/** What the forecast reads of the campaign form: targeting, bid, budgets, exchanges, creatives. */
export const campaignForecastBody = campaignFields
  .pick({
    time_zone: true,
    daily_budget_micros: true,
    price_model: true,
    frequency_cap: true,
    day_parting: true,
    targeting: true,
    exchange_ids: true,
    creative_ids: true,
    inventory: true,
    audiences: true,
    smart_app_list_ids: true,
  })
  .extend({
    /** Required for agency, admin and co-admin; an advertiser's own id or absent for an advertiser. */
    advertiser_id: z.number().int().positive().optional(),
    /** The stored campaign these settings edit: left out of the campaigns it bids against. */
    campaign_id: z.number().int().positive().optional(),
    start_at: campaignFields.shape.start_at.optional(),
    end_at: campaignFields.shape.end_at.optional(),
    total_budget_micros: campaignFields.shape.total_budget_micros.optional(),
    bid_micros: campaignFields.shape.bid_micros,
    min_bid_micros: campaignFields.shape.min_bid_micros.optional(),
    max_bid_micros: campaignFields.shape.max_bid_micros.optional(),
  });
export type CampaignForecastBody = z.output<typeof campaignForecastBody>;

const range = z.object({ low: z.number(), expected: z.number(), high: z.number() });

/**
 * What limits a forecast, in the order it is decided: no sample yet; every sampled request turned
 * away by the targeting; every imp left without one of the campaign's deals (a deals-only campaign,
 * a private auction), priced out (bid under the floors), without a fitting creative or taken by
 * our other campaigns bidding more in the bidder's internal auction (OWN_CAMPAIGNS); else the daily
 * budget or the frequency cap caps it; else our other campaigns taking most of the imps it could
 * bid on (OWN_CAMPAIGNS); else a low win rate at the bid (under 30%: the bid against clearing
 * prices); else the reach of the targeted traffic itself.
 */
export const FORECAST_LIMITS = [
  'NO_SAMPLES',
  'TARGETING',
  'DEALS',
  'FLOOR',
  'FORMAT',
  'OWN_CAMPAIGNS',
  'BUDGET',
  'FREQUENCY_CAP',
  'WIN_RATE',
  'REACH',
] as const;
export type ForecastLimit = (typeof FORECAST_LIMITS)[number];

/** The kinds of campaign setting a sampled request can be turned away by. */
export const FORECAST_SETTINGS = [
  'schedule',
  'exchanges',
  'geography',
  'device',
  'inventory',
  'audience',
  'language',
  'user_id',
  'categories',
  'other',
] as const;
export type ForecastSetting = (typeof FORECAST_SETTINGS)[number];

/** One of the next 7 days in the campaign's time zone, from the samples of its weekday. */
export const dayForecast = z.object({
  /** YYYY-MM-DD in the campaign's time zone (the first is today). */
  date: z.string(),
  /** 0 = Monday ... 6 = Sunday. */
  weekday: z.number().int().min(0).max(6),
  /** Impressions won that day, capped by the daily budget. */
  daily_wins: range,
  /** Advertiser cost that day (margin included), capped by the daily budget, micro-units. */
  daily_spend_micros: range,
  /** Whether the cap, not the traffic, limits that day's expected spend. */
  budget_limited: z.boolean(),
  /** true: the sample holds under 18 hours of this weekday, so the average day stands in. */
  from_average: z.boolean(),
});
export type DayForecast = z.output<typeof dayForecast>;

export const campaignForecast = z.object({
  /** Requests in the sample window (each stands for sample_rate requests). */
  sample_size: z.number().int(),
  /** Sampled requests the campaign could bid on. */
  sample_matches: z.number().int(),
  /** 1 in this many bid requests is sampled. */
  sample_rate: z.number().int(),
  /** Hours of traffic the sample covers, in days. */
  days_sampled: z.number(),
  /** Impressions a day the campaign would bid on (its targeting, exchanges, creatives, floors, our other campaigns). */
  daily_impressions: z.number().int(),
  /** Distinct users a day among them. */
  daily_unique_users: z.number().int(),
  /** Share of bids won at the campaign's prices (observed by bid price, with a prior). */
  win_rate: range,
  /** Impressions won a day, capped by the daily budget. */
  daily_wins: range,
  /** Advertiser cost a day (margin included), capped by the daily budget, micro-units. */
  daily_spend_micros: range,
  /** The daily budget (or the total budget spread over the flight) the spend is capped at. */
  daily_cap_micros: z.number().int().nullable(),
  /** Whether the cap, not the traffic, limits the expected spend. */
  budget_limited: z.boolean(),
  /** false: no creative chosen yet, every imp format counts. */
  creatives_applied: z.boolean(),
  /** false: the campaign has audiences, which the sample (hashed users) cannot tell. */
  audiences_applied: z.boolean(),
  /** Bids (and wins) seen in the last 7 days that the win rate is learnt from. */
  win_data_bids: z.number().int(),
  /** What limits the forecast most (FORECAST_LIMITS): the first of the funnel that empties it, else the cap or the auction. */
  limited_by: z.enum(FORECAST_LIMITS),
  /** Sampled requests the campaign's settings turned away, by kind of setting, most first. */
  excluded_by: z.array(z.object({ setting: z.enum(FORECAST_SETTINGS), samples: z.number().int() })),
  /**
   * Imps of eligible requests the campaign could not bid on: none of its deals open to it (a
   * deals-only campaign, a private auction), under the floor (a deal's too), no creative fits, or
   * (own) another active campaign of the platform bids more in the bidder's internal auction (one
   * bid per imp; an equal price shares the imp, counted in part).
   */
  imps_priced_out: z.object({
    deal: z.number().int(),
    floor: z.number().int(),
    format: z.number().int(),
    own: z.number().int(),
  }),
  /** The next 7 days (today first), each from the sampled traffic of its weekday. */
  next_days: z.array(dayForecast),
});
export type CampaignForecast = z.output<typeof campaignForecast>;
