// The dashboards' dimensions, metrics, limits and messages without their zod schemas
// (dashboard.ts), so a page that only lists them does not load zod.
export const DASHBOARD_DIMENSIONS = ['campaign', 'creative', 'exchange', 'os', 'country', 'day'] as const;
export type DashboardDimension = (typeof DASHBOARD_DIMENSIONS)[number];

/** What a tile, a chart or a table column can show. */
export const DASHBOARD_METRICS = [
  'spend',
  'impressions',
  'clicks',
  'ctr',
  'conversions',
  'ecpm',
  'ecpc',
  'ecpa',
  'bids',
  'wins',
] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];

export const PERFORMANCE_SORTS = ['label', ...DASHBOARD_METRICS] as const;
export type PerformanceSort = (typeof PERFORMANCE_SORTS)[number];

/** The longest range one query may cover. */
export const MAX_RANGE_DAYS = 366;

export const DATE_MESSAGE = 'Use a date like 2026-05-01.';
export const RANGE_ORDER_MESSAGE = 'The start date must not be after the end date.';
export const RANGE_TOO_LONG_MESSAGE = `Choose a range of at most ${MAX_RANGE_DAYS} days.`;
export const TIME_ZONE_MESSAGE = 'Unknown time zone.';
export const ID_LIST_MESSAGE = 'Use a comma-separated list of ids.';
export const COUNTRY_LIST_MESSAGE = 'Use a comma-separated list of two-letter country codes.';
