// Dashboards: overview tiles, a time chart and performance tables over the hourly
// delivery rollups. Money in integer micro-units; ratios as plain numbers (CTR as a fraction).
// Dates are calendar days in the caller's time zone (`tz`, an IANA name).
import { z } from 'zod';
import { isValidTimeZone } from '../validation/time-zone.ts';
import {
  COUNTRY_LIST_MESSAGE,
  DASHBOARD_DIMENSIONS,
  DATE_MESSAGE,
  ID_LIST_MESSAGE,
  MAX_RANGE_DAYS,
  PERFORMANCE_SORTS,
  RANGE_ORDER_MESSAGE,
  RANGE_TOO_LONG_MESSAGE,
  TIME_ZONE_MESSAGE,
} from './dashboard-constants.ts';

export * from './dashboard-constants.ts';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    DATE_MESSAGE,
  );

/** A comma-separated list in the query string (`1,2,3`), as an array. */
const commaList = <T extends z.ZodType>(item: T, message: string) =>
  z
    .string()
    .max(2000, message)
    .transform((value, ctx) => {
      const parts = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const parsed: z.infer<T>[] = [];
      for (const part of parts) {
        const result = item.safeParse(part);
        if (!result.success) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        parsed.push(result.data as z.infer<T>);
      }
      return parsed;
    });

const idItem = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

const dashboardFields = z.object({
  from: isoDate.describe('First day of the range (YYYY-MM-DD, in `tz`), inclusive.'),
  to: isoDate.describe('Last day of the range (YYYY-MM-DD, in `tz`), inclusive.'),
  tz: z
    .string()
    .max(64)
    // Checked once per zone (zoned-time.ts): an Intl formatter made on every dashboard request was
    // the largest single item of a dashboard chart's CPU in a profile (6%).
    .refine(isValidTimeZone, TIME_ZONE_MESSAGE)
    .default('UTC')
    .describe('The IANA time zone the days are in (the hourly rollups are cut at its midnights).'),
  compare: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('Also answer the previous period of the same length.'),
  campaign_ids: commaList(idItem, ID_LIST_MESSAGE)
    .optional()
    .describe('Only these campaigns (comma-separated ids).'),
  exchange_ids: commaList(idItem, ID_LIST_MESSAGE)
    .optional()
    .describe('Only these exchanges (comma-separated ids).'),
  countries: commaList(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((code) => code.toUpperCase()),
    COUNTRY_LIST_MESSAGE,
  )
    .optional()
    .describe('Only these countries (comma-separated ISO alpha-2 codes).'),
  advertiser_id: idItem
    .optional()
    .describe(
      'Agency, admin and co-admin: one advertiser (user_primary_id) they manage; absent: all of them.',
    ),
});

const checkRange = (query: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_ORDER_MESSAGE });
  else if (days + 1 > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_TOO_LONG_MESSAGE });
};

export const dashboardQuery = dashboardFields.superRefine(checkRange);
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardTotals = z.object({
  spend: z.number().int().describe('The advertiser cost (media cost with margins), micro-units.'),
  media_cost: z
    .number()
    .int()
    .optional()
    .describe('Admins and co-admins only: what the exchanges charged, micro-units.'),
  margin: z
    .number()
    .int()
    .optional()
    .describe('Admins and co-admins only: spend less media cost (the margins), micro-units.'),
  agency_margin: z
    .number()
    .int()
    .optional()
    .describe("Agencies, admins and co-admins: the agencies' part of the margin, micro-units."),
  platform_margin: z
    .number()
    .int()
    .optional()
    .describe("Admins and co-admins only: the platform's part of the margin, micro-units."),
  impressions: z.number().int(),
  clicks: z.number().int(),
  ctr: z.number().describe('clicks / impressions (0 without impressions).'),
  conversions: z.number().int(),
  ecpm: z.number().int().describe('Spend per 1,000 impressions, micro-units.'),
  ecpc: z.number().int().describe('Spend per click, micro-units.'),
  ecpa: z.number().int().describe('Spend per conversion, micro-units.'),
  bids: z.number().int(),
  wins: z.number().int(),
});
export type DashboardTotals = z.infer<typeof dashboardTotals>;

const periodSchema = z.object({ from: z.string(), to: z.string() });

export const dashboardOverview = z.object({
  period: periodSchema,
  totals: dashboardTotals,
  previous: z.object({ period: periodSchema, totals: dashboardTotals }).nullable(),
  balance: z
    .number()
    .int()
    .describe("The balance of the advertisers in scope (the caller's own for an advertiser), micro-units."),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;

export const chartQuery = dashboardFields
  .extend({
    granularity: z.enum(['hour', 'day']).default('day').describe('One point per hour or per day (in `tz`).'),
  })
  .superRefine(checkRange);

/** The figures only some roles see (cost-visibility.ts), absent for the others. */
const ROLE_FIGURES = { media_cost: true, margin: true, agency_margin: true, platform_margin: true } as const;

// The chart's answer is written by a serialiser compiled from this schema (apps/api
// platform/compiled-response.ts), which writes the required fields first and then the optional ones:
// the schema lists them in that order so that it and zod write the same text.
export const chartPoint = z
  .object({ bucket: z.string().describe('The hour (YYYY-MM-DDTHH:00) or day (YYYY-MM-DD), in `tz`.') })
  .extend(dashboardTotals.omit(ROLE_FIGURES).shape)
  .extend(dashboardTotals.pick(ROLE_FIGURES).shape);
export type ChartPoint = z.infer<typeof chartPoint>;

export const dashboardChart = z.object({
  granularity: z.enum(['hour', 'day']),
  points: z.array(chartPoint),
  /** The previous period's points, in order (the n-th matches the n-th of the period). */
  previous: z.array(chartPoint).nullable(),
});
export type DashboardChart = z.infer<typeof dashboardChart>;

export const performanceParams = z.object({
  dimension: z.enum(DASHBOARD_DIMENSIONS).describe('What one row is.'),
});

export const performanceQuery = dashboardFields
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    sort: z.enum(PERFORMANCE_SORTS).default('spend'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine(checkRange);

export const performanceRow = dashboardTotals.extend({
  key: z.string().describe('The campaign, creative or exchange id, the OS, the country code or the day.'),
  label: z.string(),
  previous: dashboardTotals
    .nullable()
    .describe(
      "With compare: the same row's totals in the previous period (null without compare, and by day).",
    ),
});
export type PerformanceRow = z.infer<typeof performanceRow>;

export const performancePage = z.object({
  items: z.array(performanceRow),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PerformancePage = z.infer<typeof performancePage>;
