// Schemas of the reference data (spec section 7 'meta-data lookups'): the static data
// sets under /api/meta-data/* and the admin editing of what is ours (exchanges, the smart-app
// taxonomy, each user's supported exchanges) under /api/admin/metadata/*.
import { z } from 'zod';
import { IDENTIFIER_MESSAGE, IDENTIFIER_PATTERN } from '../validation/text.ts';
import { pageQuery } from './common.ts';
import { int4Id, int8IdParam } from './ids.ts';

// ---- ids -----------------------------------------------------------------------------------------

export const COUNTRY_ID_MESSAGE = 'A country id is a two-letter ISO 3166-1 code, like US.';
export const STATE_ID_MESSAGE = 'A state id is an ISO 3166-2 code, like US-CA.';
export const CITY_ID_MESSAGE = 'A city id is a positive number.';
export const CARRIER_ID_MESSAGE = 'A carrier id is its MCC and MNC, like 310-410.';
export const MANUFACTURER_ID_MESSAGE = 'A device maker id is lower-case letters, digits and hyphens.';
/** How many ids one filter may name. */
export const ID_FILTER_MAX = 300;

export const countryIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, COUNTRY_ID_MESSAGE);
export const stateIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, STATE_ID_MESSAGE);
export const cityIdSchema = z.coerce
  .number(CITY_ID_MESSAGE)
  .int(CITY_ID_MESSAGE)
  .positive(CITY_ID_MESSAGE)
  .max(2_147_483_647, CITY_ID_MESSAGE);
export const carrierIdSchema = z
  .string()
  .trim()
  .regex(/^\d{3}-\d{2,3}$/, CARRIER_ID_MESSAGE);
export const manufacturerIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, MANUFACTURER_ID_MESSAGE);

/**
 * A filter of ids in the query: comma-separated (?country_ids=US,CA) or repeated
 * (?country_ids=US&country_ids=CA); repeats are dropped.
 */
const idFilter = <T extends z.ZodType>(item: T, label: string) =>
  z
    .preprocess(
      (value) => {
        const parts = Array.isArray(value)
          ? value.flatMap((part) => String(part).split(','))
          : typeof value === 'string'
            ? value.split(',')
            : value;
        return Array.isArray(parts) ? parts.map((part) => part.trim()).filter((part) => part !== '') : parts;
      },
      z.array(item).max(ID_FILTER_MAX, `At most ${ID_FILTER_MAX} ${label} ids.`),
    )
    .transform((ids) => [...new Set(ids)]);

// ---- queries -------------------------------------------------------------------------------------

/** A search without paging (the short lists). */
export const searchQuery = z.object({ q: z.string().trim().max(200).optional() });

export const countryQuery = searchQuery;
export const stateQuery = pageQuery.extend({
  country_ids: idFilter(countryIdSchema, 'country').optional(),
  /** Exactly these states (to show the names of saved ids). */
  state_ids: idFilter(stateIdSchema, 'state').optional(),
});
export const cityQuery = pageQuery.extend({
  country_ids: idFilter(countryIdSchema, 'country').optional(),
  state_ids: idFilter(stateIdSchema, 'state').optional(),
  city_ids: idFilter(cityIdSchema, 'city').optional(),
});
export const carrierQuery = pageQuery.extend({
  country_ids: idFilter(countryIdSchema, 'country').optional(),
  carrier_ids: idFilter(carrierIdSchema, 'carrier').optional(),
});
export const manufacturerQuery = pageQuery.extend({
  manufacturer_ids: idFilter(manufacturerIdSchema, 'device maker').optional(),
});
export type StateQuery = z.output<typeof stateQuery>;
export type CityQuery = z.output<typeof cityQuery>;
export type CarrierQuery = z.output<typeof carrierQuery>;
export type ManufacturerQuery = z.output<typeof manufacturerQuery>;

// ---- static data sets ----------------------------------------------------------------------------

export const countrySchema = z.object({
  /** ISO 3166-1 alpha-2. */
  id: z.string(),
  name: z.string(),
  native_name: z.string().nullable(),
  iso3: z.string(),
  region: z.string().nullable(),
  emoji: z.string().nullable(),
  state_count: z.number().int(),
});
export type Country = z.infer<typeof countrySchema>;

export const stateSchema = z.object({
  /** ISO 3166-2, like US-CA. */
  id: z.string(),
  /** The subdivision part of the id, like CA. */
  code: z.string(),
  name: z.string(),
  /** state, province, county, region, ... as the data set names it. */
  type: z.string().nullable(),
  country_id: z.string(),
  country_name: z.string(),
});
export type State = z.infer<typeof stateSchema>;

export const citySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state_id: z.string(),
  state_name: z.string(),
  country_id: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type City = z.infer<typeof citySchema>;

export const osVersionSchema = z.object({
  /** Like ios-17.4 or android-14. */
  id: z.string(),
  version: z.string(),
  /** Like 'Android 14 (Upside Down Cake)' or 'macOS 14 Sonoma'. */
  name: z.string(),
});
export const osSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Newest first; empty when the data sets name no versions of this system. */
  versions: z.array(osVersionSchema),
});
export type OperatingSystem = z.infer<typeof osSchema>;

export const browserSchema = z.object({ id: z.string(), name: z.string() });
export type Browser = z.infer<typeof browserSchema>;

export const manufacturerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Device models of this maker in the data set (the list is ordered by it). */
  device_count: z.number().int(),
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;

export const languageSchema = z.object({
  /** ISO 639-1. */
  id: z.string(),
  name: z.string(),
  native_name: z.string(),
});
export type Language = z.infer<typeof languageSchema>;

export const carrierSchema = z.object({
  /** The first of its MCC-MNC pairs, like 310-004. */
  id: z.string(),
  name: z.string(),
  operator: z.string(),
  country_ids: z.array(z.string()),
  /** Every MCC-MNC pair of this carrier. */
  mcc_mnc: z.array(z.string()),
});
export type Carrier = z.infer<typeof carrierSchema>;

export const trafficTypeSchema = z.object({ id: z.enum(['APP', 'WEB']), name: z.string() });
export const deviceTypeSchema = z.object({
  /** The name used in campaign targeting, like PHONE. */
  id: z.string(),
  name: z.string(),
  /** The value of OpenRTB 2.6 device.devicetype (AdCOM 1.0 list 'Device Types'). */
  openrtb: z.number().int(),
});
export type DeviceTypeItem = z.infer<typeof deviceTypeSchema>;

// ---- exchanges -----------------------------------------------------------------------------------

export const EXCHANGE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const exchangeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  status: z.enum(EXCHANGE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Exchange = z.infer<typeof exchangeSchema>;

const exchangeFields = {
  name: z
    .string('The name is required.')
    .trim()
    .min(1, 'The name is required.')
    .max(60, 'At most 60 characters.'),
  key: z
    .string('The key is required.')
    .trim()
    .min(1, 'The key is required.')
    .max(40, 'At most 40 characters.')
    .regex(IDENTIFIER_PATTERN, IDENTIFIER_MESSAGE),
};
export const exchangeCreateBody = z.object({
  ...exchangeFields,
  status: z.enum(EXCHANGE_STATUSES, 'Choose ACTIVE or INACTIVE.').default('ACTIVE'),
});
export const exchangeUpdateBody = z.object({
  ...exchangeFields,
  status: z.enum(EXCHANGE_STATUSES, 'Choose ACTIVE or INACTIVE.'),
});
export type ExchangeInput = z.output<typeof exchangeUpdateBody>;
export const EXCHANGE_SORT_FIELDS = ['name', 'key', 'status', 'createdAt'] as const;
export const exchangeListQuery = pageQuery.extend({
  status: z.enum(EXCHANGE_STATUSES).optional(),
  sort: z.enum(EXCHANGE_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ExchangeListQuery = z.output<typeof exchangeListQuery>;

// ---- the smart-app taxonomy (spec section 3) -----------------------------------------------------

export const subgenreSchema = z.object({ subgenre_id: z.number().int(), subgenre: z.string() });
export const genreSchema = z.object({
  genre_id: z.number().int(),
  genre: z.string(),
  subgenres: z.array(subgenreSchema),
});
export const smartAppCategorySchema = z.object({
  category_id: z.number().int(),
  category: z.string(),
  genres: z.array(genreSchema),
});
export type SmartAppCategory = z.infer<typeof smartAppCategorySchema>;

export const SMART_APP_LEVELS = ['category', 'genre', 'subgenre'] as const;
/** One node of the taxonomy as the admin edits it. */
export const smartAppNodeSchema = z.object({
  id: z.number().int(),
  level: z.enum(SMART_APP_LEVELS),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SmartAppNode = z.infer<typeof smartAppNodeSchema>;

const taxonomyName = z
  .string('The name is required.')
  .trim()
  .min(1, 'The name is required.')
  .max(60, 'At most 60 characters.');
/** No parent: a category; a category as parent: a genre; a genre as parent: a subgenre. */
export const smartAppNodeCreateBody = z.object({
  name: taxonomyName,
  parent_id: int4Id('parent category or genre id').nullable().default(null),
});
export const smartAppNodeRenameBody = z.object({ name: taxonomyName });

// ---- supported exchanges per user ----------------------------------------------------------------

export const userSupportedExchangesQuery = z.object({
  /** Another user's (within the caller's scope); the caller's own when absent. */
  user_id: int8IdParam('user id').optional(),
});
export const userSupportedExchangesSchema = z.object({
  user_primary_id: z.number().int(),
  /** True when the user has no list of its own: every active exchange is supported. */
  all_exchanges: z.boolean(),
  /** The user's own list (empty when all_exchanges). */
  exchange_ids: z.array(z.number().int()),
  /** The active exchanges the user may buy on. */
  exchanges: z.array(exchangeSchema),
});
export type UserSupportedExchanges = z.infer<typeof userSupportedExchangesSchema>;

export const SUPPORTED_EXCHANGES_MAX = 200;
export const userSupportedExchangesBody = z.object({
  /** Empty: every active exchange. */
  exchange_ids: z
    .array(int4Id('exchange id'), 'Give the exchange ids as a list.')
    .max(SUPPORTED_EXCHANGES_MAX, `At most ${SUPPORTED_EXCHANGES_MAX} exchanges.`)
    .transform((ids) => [...new Set(ids)]),
});
