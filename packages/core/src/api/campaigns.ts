// Schemas of the campaign endpoints: the campaign itself with its targeting, the list,
// status moves, bulk operations and per-exchange approval. Money is integer micro-units
// (1 USD = 1,000,000). The create form derives from `campaignFields` (pick), never redefines it.
import { z } from 'zod';
import { CAMPAIGN_STATUSES, EXCHANGE_APPROVAL_STATES } from '../campaign-status.ts';
import { CAMPAIGN_NAME_MAX } from '../constants.ts';
import { formatMicros, MONEY_TOO_LARGE_MESSAGE } from '../format/money.ts';
import { CREATIVE_TYPES } from '../validation/creative.ts';
import { formatGeoFenceList, geoFenceListSchema, parseGeoFenceList } from '../validation/geo-fence.ts';
import {
  IDENTIFIER_MESSAGE,
  IDENTIFIER_PATTERN,
  NAME_LIKE_MESSAGE,
  NAME_LIKE_PATTERN,
} from '../validation/text.ts';
import { TIME_ZONE_MESSAGE, timeZoneSchema } from '../validation/time-zone.ts';
import {
  AUDIENCE_MODES,
  BULK_MAX_IDS,
  CAMPAIGN_SORT_FIELDS,
  DEVICE_TYPES,
  FREQUENCY_PERIODS,
  INVENTORY_MODES,
  LIST_OPS,
  PACING_MODES,
  PACING_STATES,
  PRICE_MODELS,
  REASON_MAX,
  TRAFFIC_TYPES,
} from './campaigns-constants.ts';
import { newOwnerAdvertiserId, okResponse, pageQuery } from './common.ts';
import { CREATIVE_STATUSES } from './creatives.ts';
import { iabCategorySchema } from './iab-categories.ts';
import { int4Id, int4IdParam, int8Id, int8IdParam, int8IdParams } from './ids.ts';
import { carrierIdSchema, countryIdSchema, manufacturerIdSchema, stateIdSchema } from './reference.ts';

// ---- rules of one field --------------------------------------------------------------------------

export * from './campaigns-constants.ts';

export const CAMPAIGN_NAME_EMPTY_MESSAGE = 'Campaign name cannot be empty.';
export const CAMPAIGN_NAME_TOO_LONG_MESSAGE = `Please use at most ${CAMPAIGN_NAME_MAX} characters.`;
/** The name-like characters (letters, numbers, spaces, hyphens), at most 128, and not blank. */
export const campaignNameSchema = z
  .string()
  .trim()
  .regex(NAME_LIKE_PATTERN, NAME_LIKE_MESSAGE)
  .max(CAMPAIGN_NAME_MAX, CAMPAIGN_NAME_TOO_LONG_MESSAGE)
  .min(1, CAMPAIGN_NAME_EMPTY_MESSAGE)
  .regex(/\S/, CAMPAIGN_NAME_EMPTY_MESSAGE);

export { TIME_ZONE_MESSAGE, timeZoneSchema };

export const DATE_TIME_MESSAGE = 'Use a date and time like 2026-01-31T09:00:00Z.';
const dateTime = z.iso.datetime({ offset: true, message: DATE_TIME_MESSAGE });

/** The largest amount a campaign field takes: $1,000,000,000 (and well inside a safe integer). */
export const MAX_CAMPAIGN_MICROS = 1_000_000_000_000_000;
const micros = (label: string, min: { value: number; message?: string } = { value: 1 }) =>
  z
    .number(`${label} must be an amount in micro-units.`)
    .int(`${label} must be a whole number of micro-units.`)
    .min(min.value, min.message ?? `${label} must be more than ${formatMicros(min.value - 1)}.`)
    .max(MAX_CAMPAIGN_MICROS, MONEY_TOO_LARGE_MESSAGE);

export const frequencyCapSchema = z.object({
  count: z
    .number('Give the number of impressions.')
    .int('Give a whole number of impressions.')
    .min(1, 'The frequency cap is at least 1 impression.')
    .max(1000, 'The frequency cap is at most 1000 impressions.'),
  period: z.enum(FREQUENCY_PERIODS, 'Choose hour, day, week or lifetime.'),
});

export const DAY_PARTING_SHAPE_MESSAGE = 'Day-parting is 7 days (Monday first) of 24 hours each.';
export const DAY_PARTING_EMPTY_MESSAGE = 'Choose at least one hour of the week.';
/** 7 days (0 = Monday ... 6 = Sunday) x 24 hours in the campaign's time zone; true = serve. */
export const dayPartingSchema = z
  .array(
    z.array(z.boolean(), DAY_PARTING_SHAPE_MESSAGE).length(24, DAY_PARTING_SHAPE_MESSAGE),
    DAY_PARTING_SHAPE_MESSAGE,
  )
  .length(7, DAY_PARTING_SHAPE_MESSAGE)
  .refine((days) => days.some((hours) => hours.some(Boolean)), DAY_PARTING_EMPTY_MESSAGE);

/** A list of reference ids (the ids of /api/meta-data), without repeats. */
const referenceIds = <T extends z.ZodType<string | number>>(item: T, label: string, max = 1000) =>
  z
    .array(item, `Give the ${label} ids as a list.`)
    .max(max, `At most ${max} ${label} ids.`)
    .transform((values) => [...new Set(values)] as z.output<T>[]);

const textId = (label: string) =>
  z
    .string(`A ${label} id is text.`)
    .trim()
    .min(1, `Empty ${label} id.`)
    .max(100, `A ${label} id is at most 100 characters.`);
// Cities and smart-app categories have `integer` ids.
const numericId = (label: string) => int4Id(`${label} id`);

export const LANGUAGE_ID_MESSAGE = 'A language id is a two-letter ISO 639-1 code, like en.';
const languageId = z
  .string(LANGUAGE_ID_MESSAGE)
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, LANGUAGE_ID_MESSAGE);

export const DEAL_ID_MESSAGE = 'A deal id is 1 to 100 characters without spaces.';
export const dealIdSchema = z
  .string(DEAL_ID_MESSAGE)
  .trim()
  .regex(/^\S{1,100}$/, DEAL_ID_MESSAGE);
export const MIN_VIEWABILITY_MESSAGE = 'The minimum viewability is a whole percent from 1 to 100.';

export const osTargetSchema = z.object({
  /** An operating system id of /api/meta-data (like android). */
  os: textId('operating system'),
  /** Version ids of that system (like android-14); empty: every version. */
  versions: referenceIds(textId('OS version'), 'OS version', 200).default([]),
});

/** Everything a campaign targets, as ids of the meta-data lookups. An empty list means "any". */
const minViewabilityPct = z
  .number(MIN_VIEWABILITY_MESSAGE)
  .int(MIN_VIEWABILITY_MESSAGE)
  .min(1, MIN_VIEWABILITY_MESSAGE)
  .max(100, MIN_VIEWABILITY_MESSAGE);

export const targetingSchema = z.object({
  /** ISO 3166-1 alpha-2, like US. */
  countries: referenceIds(countryIdSchema, 'country', 300).default([]),
  /** ISO 3166-2, like US-CA. */
  states: referenceIds(stateIdSchema, 'state').default([]),
  cities: referenceIds(numericId('city'), 'city', 5000).default([]),
  /** The geo-fence list of spec section 5 ('lat,lon,radius|...'); '' for none. */
  geo_fence: geoFenceListSchema.default(''),
  os: z
    .array(osTargetSchema)
    .max(50)
    .default([])
    .refine(
      (list) => new Set(list.map((entry) => entry.os)).size === list.length,
      'An operating system appears twice.',
    ),
  browsers: referenceIds(textId('browser'), 'browser', 100).default([]),
  device_types: referenceIds(
    z.enum(DEVICE_TYPES, 'Choose a known device type.'),
    'device type',
    DEVICE_TYPES.length,
  ).default([]),
  device_makers: referenceIds(manufacturerIdSchema, 'device maker').default([]),
  /** MCC-MNC, like 310-410. */
  carriers: referenceIds(carrierIdSchema, 'carrier').default([]),
  /** ISO 639-1, like en. */
  languages: referenceIds(languageId, 'language', 200).default([]),
  traffic_types: referenceIds(z.enum(TRAFFIC_TYPES, 'Choose app or web.'), 'traffic type', 2).default([]),
  /** Smart-app taxonomy node ids (spec section 3), one list per level. */
  app_categories: referenceIds(numericId('app category'), 'app category', 500).default([]),
  app_genres: referenceIds(numericId('app genre'), 'app genre', 500).default([]),
  app_subgenres: referenceIds(numericId('app subgenre'), 'app subgenre', 500).default([]),
  /** Private-marketplace deal ids the campaign buys through (OpenRTB imp.pmp.deals[].id). */
  deal_ids: referenceIds(dealIdSchema, 'deal', 100).default([]),
  /** IAB content categories of the campaign's ads (sent as bid.cat, matched against bcat), like IAB8-5. */
  ad_categories: referenceIds(iabCategorySchema, 'ad category', 20).default([]),
  /** With deals: bid only into them (false: also in open auctions). Without deals it says nothing. */
  deals_only: z.boolean('Say yes or no.').default(true),
  /**
   * IAB content categories of pages and apps not to bid on (site/app cat, sectioncat, pagecat,
   * content.cat); a top-level category excludes its subcategories (IAB20 excludes IAB20-3).
   */
  excluded_content_categories: referenceIds(iabCategorySchema, 'content category', 100).default([]),
  /** The lowest viewability the exchange predicts (imp.metric "viewability"), percent; null: any. */
  min_viewability_pct: minViewabilityPct.nullable().default(null),
});
export type Targeting = z.output<typeof targetingSchema>;
export const EMPTY_TARGETING: Targeting = targetingSchema.parse({});

/** The canonical text of a geo-fence list (no spaces), or '' for none. */
export const canonicalGeoFence = (text: string): string => {
  const parsed = parseGeoFenceList(text);
  return parsed.success ? formatGeoFenceList(parsed.entries) : text;
};

/** Exchanges have `integer` ids; campaigns, creatives, lists, audiences and users `bigint` ones. */
const positiveId = (label: string) => (label === 'exchange' ? int4Id : int8Id)(`${label} id`);
const idList = (label: string, max = 500) =>
  z
    .array(positiveId(label))
    .max(max, `At most ${max} ${label}s.`)
    .transform((ids) => [...new Set(ids)]);

export const assocEntrySchema = z.object({
  dsp_name: z.string().trim().min(1, 'Give the DSP name.').max(60, 'At most 60 characters.'),
  campaign_associate_id: z
    .string()
    .trim()
    .min(1, 'Give the associate id.')
    .max(100, 'At most 100 characters.')
    .regex(IDENTIFIER_PATTERN, IDENTIFIER_MESSAGE),
});
export type AssocEntry = z.infer<typeof assocEntrySchema>;

// ---- the campaign's settings (create and edit) ---------------------------------------------------

export const BUDGET_MESSAGES = {
  dailyOverTotal: 'The daily budget cannot be more than the total budget.',
  bidBelowMin: 'The bid cannot be lower than the minimum bid.',
  bidAboveMax: 'The bid cannot be higher than the maximum bid.',
  minAboveMax: 'The minimum bid cannot be higher than the maximum bid.',
  endBeforeStart: 'The end must be after the start.',
  duplicateDsp: 'Each DSP has at most one associate id.',
  duplicateList: 'A list appears twice.',
} as const;

/** The fields of a campaign, before the rules that tie fields together. */
export const campaignFields = z.object({
  name: campaignNameSchema,
  start_at: dateTime,
  end_at: dateTime,
  time_zone: timeZoneSchema.default('UTC'),
  total_budget_micros: micros('The total budget'),
  /** null: no daily limit. */
  daily_budget_micros: micros('The daily budget').nullable().default(null),
  pacing: z.enum(PACING_MODES, 'Choose even or as fast as possible.').default('EVEN'),
  price_model: z.enum(PRICE_MODELS, 'Choose CPM, CPC or CPA.').default('CPM'),
  bid_micros: micros('The bid'),
  min_bid_micros: micros('The minimum bid'),
  max_bid_micros: micros('The maximum bid'),
  frequency_cap: frequencyCapSchema.nullable().default(null),
  /** null: every hour of every day. */
  day_parting: dayPartingSchema.nullable().default(null),
  targeting: targetingSchema.default(EMPTY_TARGETING),
  exchange_ids: idList('exchange').default([]),
  creative_ids: idList('creative').default([]),
  inventory: z
    .array(
      z.object({
        applist_id: positiveId('inventory list'),
        mode: z.enum(INVENTORY_MODES, 'Choose allow or block.'),
      }),
    )
    .max(200)
    .default([]),
  audiences: z
    .array(
      z.object({
        audience_id: positiveId('audience'),
        mode: z.enum(AUDIENCE_MODES, 'Choose include or exclude.'),
      }),
    )
    .max(200)
    .default([]),
  /** Smart-app lists (admin-curated, any role may target them): the campaign serves on their apps. */
  smart_app_list_ids: idList('smart-app list', 100).default([]),
  /** Set by admin and co-admin only (the campaign's ids in upstream DSPs, spec section 3). */
  assoc_dsp_map: z.array(assocEntrySchema).max(50).optional(),
});
export type CampaignFields = z.output<typeof campaignFields>;

type CrossFieldInput = Partial<
  Pick<
    CampaignFields,
    | 'start_at'
    | 'end_at'
    | 'total_budget_micros'
    | 'daily_budget_micros'
    | 'bid_micros'
    | 'min_bid_micros'
    | 'max_bid_micros'
    | 'inventory'
    | 'audiences'
    | 'assoc_dsp_map'
  >
>;

/** The rules between fields, each with the field it is shown on. Also used on merged bulk edits. */
export const findCrossFieldErrors = (value: CrossFieldInput): Record<string, string> => {
  const errors: Record<string, string> = {};
  const { total_budget_micros: total, daily_budget_micros: daily } = value;
  if (typeof total === 'number' && typeof daily === 'number' && daily > total)
    errors.daily_budget_micros = BUDGET_MESSAGES.dailyOverTotal;
  const { bid_micros: bid, min_bid_micros: min, max_bid_micros: max } = value;
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    errors.min_bid_micros = BUDGET_MESSAGES.minAboveMax;
  else if (typeof bid === 'number' && typeof min === 'number' && bid < min)
    errors.bid_micros = BUDGET_MESSAGES.bidBelowMin;
  else if (typeof bid === 'number' && typeof max === 'number' && bid > max)
    errors.bid_micros = BUDGET_MESSAGES.bidAboveMax;
  if (value.start_at && value.end_at && Date.parse(value.end_at) <= Date.parse(value.start_at))
    errors.end_at = BUDGET_MESSAGES.endBeforeStart;
  const dsps = (value.assoc_dsp_map ?? []).map((entry) => entry.dsp_name.toLowerCase());
  if (new Set(dsps).size !== dsps.length) errors.assoc_dsp_map = BUDGET_MESSAGES.duplicateDsp;
  const applists = (value.inventory ?? []).map((entry) => entry.applist_id);
  if (new Set(applists).size !== applists.length) errors.inventory = BUDGET_MESSAGES.duplicateList;
  const audiences = (value.audiences ?? []).map((entry) => entry.audience_id);
  if (new Set(audiences).size !== audiences.length) errors.audiences = BUDGET_MESSAGES.duplicateList;
  return errors;
};

const withCrossFieldRules = <T extends z.ZodType<CrossFieldInput>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(findCrossFieldErrors(value)))
      ctx.addIssue({ code: 'custom', message, path: [field] });
  });

/** POST /api/campaigns. */
export const campaignCreateBody = withCrossFieldRules(
  campaignFields.extend({
    /** The advertiser: required for agency, admin and co-admin; an advertiser's own id or absent for an advertiser. */
    advertiser_id: positiveId('advertiser').optional().describe(newOwnerAdvertiserId('campaign')),
    /** true: submit for approval at once (PENDING_APPROVAL) instead of saving a draft. */
    submit: z.boolean().default(false),
  }),
);
export type CampaignCreateBody = z.output<typeof campaignCreateBody>;

/** PUT /api/campaigns/:id: every setting (the advertiser does not change). */
export const campaignUpdateBody = withCrossFieldRules(
  campaignFields.extend({
    /** true: submit for approval after saving (a draft or rejected campaign). */
    submit: z.boolean().default(false),
  }),
);
export type CampaignUpdateBody = z.output<typeof campaignUpdateBody>;

// ---- answers -------------------------------------------------------------------------------------

const userRef = z.object({ user_primary_id: z.number().int(), email: z.string() });
export const advertiserRef = userRef.extend({ companyName: z.string() });

export const exchangeCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});

export const campaignDelivery = z.object({
  impressions: z.number().int().describe('Impressions served, all time.'),
  clicks: z.number().int().describe('Clicks, all time.'),
  /** clicks / impressions, 0 without impressions. */
  ctr: z.number().describe('Click-through rate: clicks / impressions (0.012 = 1.2%), 0 without impressions.'),
  spend_today_micros: z
    .number()
    .int()
    .describe(
      "Advertiser cost since midnight in the campaign's time zone, in micro-units (1 USD = 1,000,000).",
    ),
  spend_total_micros: z.number().int().describe('Advertiser cost, all time, in micro-units.'),
  pacing_state: z
    .enum(PACING_STATES)
    .nullable()
    .describe(
      'ACTIVE campaigns in flight: ON_TRACK, BEHIND (under 80% of the plan by now), AHEAD (over 120%), CAPPED (daily budget spent), OUT_OF_BUDGET (total spent), OUT_OF_FUNDS (the balance cannot pay an impression); null otherwise.',
    ),
});
export type CampaignDelivery = z.infer<typeof campaignDelivery>;

export const campaignListItem = z.object({
  _id: z.string(),
  campaign_id: z.number().int(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  rejection_reason: z.string().nullable(),
  advertiser: advertiserRef,
  start_at: z.string(),
  end_at: z.string(),
  time_zone: z.string(),
  total_budget_micros: z.number().int(),
  daily_budget_micros: z.number().int().nullable(),
  pacing: z.enum(PACING_MODES),
  price_model: z.enum(PRICE_MODELS),
  bid_micros: z.number().int(),
  min_bid_micros: z.number().int(),
  max_bid_micros: z.number().int(),
  /** Approval states of the campaign's exchanges, counted. */
  exchange_counts: exchangeCounts,
  delivery: campaignDelivery,
  late_billed: z
    .object({
      impressions: z.number().int(),
      advertiser_cost_micros: z.number().int(),
    })
    .describe(
      "Impressions billed after their exchange's notice window (the hold on the budget had been given " +
        'back; billed all the same), all time, and their advertiser cost in micro-units: part of the spend.',
    ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CampaignListItem = z.infer<typeof campaignListItem>;

export const campaignExchangeSchema = z.object({
  exchange_id: z.number().int(),
  name: z.string(),
  state: z.enum(EXCHANGE_APPROVAL_STATES),
  reason: z.string().nullable(),
  decided_by: userRef.nullable(),
  decided_at: z.string().nullable(),
});

export const campaignDetail = campaignListItem.extend({
  pacing: z.enum(PACING_MODES),
  frequency_cap: frequencyCapSchema.nullable(),
  day_parting: z.array(z.array(z.boolean())).nullable(),
  targeting: z.object({
    countries: z.array(z.string()),
    states: z.array(z.string()),
    cities: z.array(z.number().int()),
    geo_fence: z.string(),
    os: z.array(z.object({ os: z.string(), versions: z.array(z.string()) })),
    browsers: z.array(z.string()),
    device_types: z.array(z.enum(DEVICE_TYPES)),
    device_makers: z.array(z.string()),
    carriers: z.array(z.string()),
    languages: z.array(z.string()),
    traffic_types: z.array(z.enum(TRAFFIC_TYPES)),
    app_categories: z.array(z.number().int()),
    app_genres: z.array(z.number().int()),
    app_subgenres: z.array(z.number().int()),
    deal_ids: z.array(z.string()),
    ad_categories: z.array(z.string()),
    deals_only: z.boolean(),
    excluded_content_categories: z.array(z.string()),
    min_viewability_pct: z.number().int().nullable(),
  }),
  exchanges: z.array(campaignExchangeSchema),
  creative_ids: z.array(z.number().int()),
  /** The attached creatives with their overall approval state (APPROVED once any exchange approved). */
  creatives: z.array(
    z.object({
      creative_id: z.number().int(),
      name: z.string(),
      creative_type: z.enum(CREATIVE_TYPES),
      status: z.enum(CREATIVE_STATUSES),
    }),
  ),
  inventory: z.array(
    z.object({ applist_id: z.number().int(), name: z.string(), mode: z.enum(INVENTORY_MODES) }),
  ),
  audiences: z.array(
    z.object({ audience_id: z.number().int(), name: z.string(), mode: z.enum(AUDIENCE_MODES) }),
  ),
  smart_app_lists: z.array(z.object({ list_id: z.number().int(), name: z.string() })),
  /** The campaign's ids in upstream DSPs (spec section 3, 'Campaign association ids'). */
  assoc_dsp_map: z.array(assocEntrySchema),
  camp_data: z.object({ camp_assoc_map: z.array(assocEntrySchema) }),
  /** The statuses the caller may move this campaign to now. */
  next_statuses: z.array(z.enum(CAMPAIGN_STATUSES)),
  created_by: userRef.nullable(),
});

/**
 * Submitting a campaign whose total budget is above the advertiser's balance (the funds ledger) is
 * allowed: it may be topped up before delivery. The answer says so, with both amounts.
 */
export const budgetWarning = z.object({
  total_budget_micros: z.number().int(),
  balance_micros: z.number().int(),
});
export type BudgetWarning = z.infer<typeof budgetWarning>;
/** The answer of a save or status change that may have submitted the campaign. */
export const campaignSubmitResponse = okResponse(campaignDetail).extend({
  budget_warning: budgetWarning
    .optional()
    .describe("Present when the campaign was submitted with a budget above the advertiser's balance"),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;

// ---- list ----------------------------------------------------------------------------------------

/** One value, repeated parameters (?status=A&status=B) or a comma-separated list (?status=A,B). */
const statusFilter = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value),
  z.array(z.enum(CAMPAIGN_STATUSES, 'Unknown campaign status.')).max(CAMPAIGN_STATUSES.length),
);
const dateOnly = z.iso.date('Use a date like 2026-01-31.');

export const campaignListQuery = pageQuery
  .extend({
    status: statusFilter.optional(),
    advertiser_id: int8IdParam('advertiser id').optional(),
    /** Flights that overlap [from, to] (whole days, UTC). */
    from: dateOnly.optional(),
    to: dateOnly.optional(),
    sort: z.enum(CAMPAIGN_SORT_FIELDS).default('created_at'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end of the date range must not be before its start.',
    path: ['to'],
  });
export type CampaignListQuery = z.output<typeof campaignListQuery>;

/** GET /api/campaigns/advertiser/:id: the same list of one advertiser. */
export const advertiserCampaignListQuery = pageQuery.extend({
  status: statusFilter.optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  sort: z.enum(CAMPAIGN_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

// ---- relation options ----------------------------------------------------------------------------

/**
 * GET /api/campaigns/relation-options: the inventory lists and audiences one advertiser's campaigns
 * may use (the form and bulk edit). advertiser_id: required for agency, admin and co-admin; an
 * advertiser's own (optional). q: part of a name.
 */
export const relationOptionsQuery = z.object({
  advertiser_id: int8IdParam('advertiser id').optional(),
  q: z.string().trim().max(200).optional(),
});
export type RelationOptionsQuery = z.output<typeof relationOptionsQuery>;

export const relationOptions = z.object({
  /** By name, at most RELATION_OPTIONS_LIMIT. */
  applists: z.array(
    z.object({
      applist_id: z.number().int(),
      name: z.string(),
      kind: z.enum(['APP', 'SITE']),
      default_mode: z.enum(INVENTORY_MODES),
      entry_count: z.number().int(),
    }),
  ),
  /** By name, at most RELATION_OPTIONS_LIMIT: the ones a campaign may newly use (processing or ready). */
  audiences: z.array(
    z.object({
      audience_id: z.number().int(),
      name: z.string(),
      status: z.enum(['PROCESSING', 'READY', 'FAILED', 'ARCHIVED']),
      matched_size: z.number().int().nullable(),
    }),
  ),
});
export type RelationOptions = z.infer<typeof relationOptions>;

// ---- status moves --------------------------------------------------------------------------------

const reasonField = z.string().trim().max(REASON_MAX, `A reason is at most ${REASON_MAX} characters.`);

export const campaignStatusBody = z.object({
  to: z.enum(CAMPAIGN_STATUSES, 'Choose a campaign status.'),
  /** Required when rejecting. */
  reason: reasonField.optional(),
});

// ---- bulk ----------------------------------------------------------------------------------------

const bulkIds = z
  .array(positiveId('campaign'), 'Give the campaign ids as a list.')
  .min(1, 'Choose at least one campaign.')
  .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} campaigns at once.`)
  .transform((ids) => [...new Set(ids)]);

export const bulkBidRangeBody = z
  .object({
    ids: bulkIds,
    min_bid_micros: micros('The minimum bid'),
    max_bid_micros: micros('The maximum bid'),
    /** Also set every campaign's bid; otherwise each bid must already lie in the new range. */
    bid_micros: micros('The bid').optional(),
  })
  .superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(findCrossFieldErrors(value)))
      ctx.addIssue({ code: 'custom', message, path: [field] });
  });

export const bulkInventoryBody = z.object({
  ids: bulkIds,
  applist_ids: idList('inventory list', 200),
  /** The mode of added lists (ignored by remove). */
  mode: z.enum(INVENTORY_MODES, 'Choose allow or block.').default('ALLOW'),
  op: z.enum(LIST_OPS, 'Choose add, remove or replace.'),
});

export const bulkAudienceBody = z.object({
  ids: bulkIds,
  audience_ids: idList('audience', 200),
  mode: z.enum(AUDIENCE_MODES, 'Choose include or exclude.').default('INCLUDE'),
  op: z.enum(LIST_OPS, 'Choose add, remove or replace.'),
});

export const bulkUpdateFields = z
  .object({
    total_budget_micros: micros('The total budget').optional(),
    daily_budget_micros: micros('The daily budget').nullable().optional(),
    pacing: z.enum(PACING_MODES, 'Choose even or as fast as possible.').optional(),
    frequency_cap: frequencyCapSchema.nullable().optional(),
    end_at: dateTime.optional(),
    /** The campaigns' minimum predicted viewability (targeting.min_viewability_pct); null: none. */
    min_viewability_pct: minViewabilityPct.nullable().optional(),
  })
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: 'Choose at least one field to change.',
  });
export const bulkUpdateBody = z.object({ ids: bulkIds, fields: bulkUpdateFields });
export type BulkUpdateFields = z.output<typeof bulkUpdateFields>;

export const bulkStatusBody = z.object({
  ids: bulkIds,
  to: z.enum(CAMPAIGN_STATUSES, 'Choose a campaign status.'),
  reason: reasonField.optional(),
});

export const bulkExchangesBody = z.object({
  ids: bulkIds,
  exchange_ids: idList('exchange', 200),
  op: z.enum(LIST_OPS, 'Choose add, remove or replace.'),
});

export const bulkResultItem = z.object({
  campaign_id: z.number().int(),
  ok: z.boolean(),
  /** Why it failed (absent when ok). */
  message: z.string().optional(),
  /** 400 (a rule), 403 (not allowed) or 404 (not found or not yours). */
  error_code: z.number().int().optional(),
});
export const bulkResult = z.object({
  /** Each campaign is changed in its own transaction: one that fails leaves the others changed. */
  results: z.array(bulkResultItem),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResult>;

// ---- exchange approval (admin, co-admin) ---------------------------------------------------------

export const exchangeApprovalQuery = pageQuery.extend({
  state: z.enum(EXCHANGE_APPROVAL_STATES).optional(),
  exchange_id: int4IdParam('exchange id').optional(),
  advertiser_id: int8IdParam('advertiser id').optional(),
  campaign_id: int8IdParam('campaign id').optional(),
  sort: z.enum(['created_at', 'campaign', 'exchange', 'state']).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const exchangeApprovalRow = z.object({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  campaign_status: z.enum(CAMPAIGN_STATUSES),
  advertiser: advertiserRef,
  exchange_id: z.number().int(),
  exchange_name: z.string(),
  state: z.enum(EXCHANGE_APPROVAL_STATES),
  reason: z.string().nullable(),
  decided_by: userRef.nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});

export const exchangeDecisionBody = z
  .object({
    items: z
      .array(z.object({ campaign_id: positiveId('campaign'), exchange_id: positiveId('exchange') }))
      .min(1, 'Choose at least one campaign exchange.')
      .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} at once.`),
    decision: z.enum(['APPROVED', 'REJECTED'], 'Choose approve or reject.'),
    reason: reasonField.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'REJECTED' && !value.reason?.trim())
      ctx.addIssue({ code: 'custom', message: 'Give a reason for the rejection.', path: ['reason'] });
  });

export const exchangeDecisionResult = z.object({
  results: z.array(
    z.object({
      campaign_id: z.number().int(),
      exchange_id: z.number().int(),
      ok: z.boolean(),
      message: z.string().optional(),
      error_code: z.number().int().optional(),
      /** The campaign's status after the decision. */
      campaign_status: z.enum(CAMPAIGN_STATUSES).optional(),
    }),
  ),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

export const campaignIdParams = int8IdParams;
export const campaignIdParam = z.object({ campaign_id: int8IdParam() });
