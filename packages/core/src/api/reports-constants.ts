// The report API's types, dimensions, metrics, statuses and limits without its zod schemas
// (reports.ts), so the report list does not load zod to show them.
export const REPORT_TYPES = [
  'performance',
  'exchange',
  'geo',
  'device',
  'creative',
  'conversions',
  'multi-dimensional',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_DIMENSIONS = [
  'day',
  'hour',
  'advertiser',
  'campaign',
  'creative',
  'exchange',
  'country',
  'os',
  'device_type',
  'traffic_type',
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export const REPORT_METRICS = [
  'impressions',
  'clicks',
  'ctr',
  'conversions',
  'spend',
  'media_cost',
  'margin',
  'agency_margin',
  'platform_margin',
  'ecpm',
  'ecpc',
  'ecpa',
  'bids',
  'wins',
  'win_rate',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

/** What each metric's value is: a count, money in micro-units, or a percent (2 decimals). */
export const REPORT_METRIC_KINDS: Record<ReportMetric, 'count' | 'money' | 'percent'> = {
  impressions: 'count',
  clicks: 'count',
  ctr: 'percent',
  conversions: 'count',
  spend: 'money',
  media_cost: 'money',
  margin: 'money',
  agency_margin: 'money',
  platform_margin: 'money',
  ecpm: 'money',
  ecpc: 'money',
  ecpa: 'money',
  bids: 'count',
  wins: 'count',
  win_rate: 'percent',
};

/** The metrics whose values are money in micro-units (screens show money, the CSV dollars). */
export const REPORT_MONEY_METRICS: ReadonlySet<string> = new Set(
  REPORT_METRICS.filter((metric) => REPORT_METRIC_KINDS[metric] === 'money'),
);

/** What each type is about: its required dimensions and what a new one starts with. */
export const REPORT_TYPE_RULES = {
  performance: { required: [], defaults: ['day', 'campaign'] },
  exchange: { required: ['exchange'], defaults: ['exchange'] },
  geo: { required: ['country'], defaults: ['country'] },
  device: { required: ['device_type'], defaults: ['device_type', 'os'] },
  creative: { required: ['creative'], defaults: ['creative'] },
  conversions: { required: [], defaults: ['day', 'campaign'] },
  'multi-dimensional': { required: [], defaults: ['day', 'advertiser', 'campaign', 'exchange'] },
} as const satisfies Record<
  ReportType,
  { required: readonly ReportDimension[]; defaults: readonly ReportDimension[] }
>;

export const REPORT_DEFAULT_METRICS: readonly ReportMetric[] = [
  'impressions',
  'clicks',
  'ctr',
  'conversions',
  'spend',
  'ecpm',
];
/** A report covers at most this many days (the rollups answer it in one pass). */
export const REPORT_MAX_DAYS = 400;
export const REPORT_MAX_EVENT_COLUMNS = 20;
export const REPORT_STATUSES = ['DRAFT', 'QUEUED', 'RUNNING', 'READY', 'FAILED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_SCHEDULES = ['NONE', 'DAILY', 'WEEKLY'] as const;

export const RUNNING_APPS_FILE_NAME = 'RunningApps.csv';
