// The dashboard's saved choices (spec section 3, "Saved dashboard preferences"): date range, compare
// settings, active filters, selected dimensions, selected metrics, selected preset and chart type,
// kept in local storage under STORAGE_KEYS.dashboardPreferences (the view, old or Insight360, has
// its own key: STORAGE_KEYS.dashboardView). A stored value that no longer fits is replaced by the
// default, field by field, so one bad field never loses the rest.
import {
  DASHBOARD_DIMENSIONS,
  DASHBOARD_METRICS,
  type DashboardDimension,
  type DashboardMetric,
} from '@console/core/api/dashboard-constants';
import { STORAGE_KEYS } from '@console/core/constants';
import { lastDaysIn, shiftDay, todayIn } from '@console/core/time/zoned-time';

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const CHART_TYPES = ['line', 'area', 'bar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export type DashboardFilters = {
  campaign_ids: number[];
  exchange_ids: number[];
  countries: string[];
  advertiser_id: number | null;
};

export type DashboardPreferences = {
  preset: DatePreset;
  /** The custom range (used when the preset is custom). */
  range: { from: string; to: string } | null;
  compare: boolean;
  filters: DashboardFilters;
  /** The performance tables shown (Insight360), in order. */
  dimensions: DashboardDimension[];
  /** The table columns and tiles shown. */
  metrics: DashboardMetric[];
  /** The time chart's metric and kind. */
  chartMetric: DashboardMetric;
  chartType: ChartType;
};

// Checked by hand rather than with zod: the dashboard is the first page most users open, and zod
// (26 kB gzip) would load with it for these few fields.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(options: readonly T[], value: unknown, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;
/** The list when every item passes and its length is in bounds, else the fallback. */
const listOf = <T>(
  value: unknown,
  isItem: (item: unknown) => item is T,
  min: number,
  max: number,
  fallback: T[],
) =>
  Array.isArray(value) && value.length >= min && value.length <= max && value.every(isItem)
    ? value
    : fallback;
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isCountry = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]{2}$/.test(value);
const isIn =
  <T extends string>(options: readonly T[]) =>
  (value: unknown): value is T =>
    options.includes(value as T);

const readFilters = (value: unknown): DashboardFilters => {
  if (!isRecord(value)) return { campaign_ids: [], exchange_ids: [], countries: [], advertiser_id: null };
  return {
    campaign_ids: listOf(value.campaign_ids, isId, 0, 100, []),
    exchange_ids: listOf(value.exchange_ids, isId, 0, 100, []),
    countries: listOf(value.countries, isCountry, 0, 300, []),
    advertiser_id: isId(value.advertiser_id) ? value.advertiser_id : null,
  };
};

/** Each field that no longer fits falls back to its default on its own. */
const parsePreferences = (value: unknown): DashboardPreferences => {
  const stored = isRecord(value) ? value : {};
  const range = stored.range;
  return {
    preset: oneOf(DATE_PRESETS, stored.preset, 'last30'),
    range:
      isRecord(range) && isDay(range.from) && isDay(range.to) ? { from: range.from, to: range.to } : null,
    compare: typeof stored.compare === 'boolean' ? stored.compare : false,
    filters: readFilters(stored.filters),
    dimensions: listOf(stored.dimensions, isIn(DASHBOARD_DIMENSIONS), 1, DASHBOARD_DIMENSIONS.length, [
      'campaign',
      'exchange',
    ]),
    metrics: listOf(stored.metrics, isIn(DASHBOARD_METRICS), 1, Number.POSITIVE_INFINITY, [
      'spend',
      'impressions',
      'clicks',
      'ctr',
      'conversions',
      'ecpm',
    ]),
    chartMetric: oneOf(DASHBOARD_METRICS, stored.chartMetric, 'spend'),
    chartType: oneOf(CHART_TYPES, stored.chartType, 'area'),
  };
};

export const DEFAULT_PREFERENCES: DashboardPreferences = parsePreferences({});

export const readPreferences = (storage: Pick<Storage, 'getItem'> | undefined): DashboardPreferences => {
  try {
    const text = storage?.getItem(STORAGE_KEYS.dashboardPreferences);
    return parsePreferences(text ? JSON.parse(text) : {});
  } catch {
    return DEFAULT_PREFERENCES;
  }
};

export const savePreferences = (
  storage: Pick<Storage, 'setItem'> | undefined,
  preferences: DashboardPreferences,
) => {
  try {
    storage?.setItem(STORAGE_KEYS.dashboardPreferences, JSON.stringify(preferences));
  } catch {
    // Storage full or disabled: the choices last until the page is left.
  }
};

/** The range a preset stands for, in the user's time zone (the custom range as saved). */
export const rangeOf = (
  preferences: Pick<DashboardPreferences, 'preset' | 'range'>,
  timeZone: string,
  now = new Date(),
): { from: string; to: string } => {
  const today = todayIn(timeZone, now);
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (preferences.preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: shiftDay(today, -1), to: shiftDay(today, -1) };
    case 'last7':
      return { from: shiftDay(today, -6), to: today };
    case 'thisMonth':
      return { from: firstOfMonth, to: today };
    case 'lastMonth': {
      const lastDay = shiftDay(firstOfMonth, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    case 'custom':
      if (preferences.range && preferences.range.from <= preferences.range.to) return preferences.range;
      return lastDaysIn(30, timeZone, now);
    default:
      return lastDaysIn(30, timeZone, now);
  }
};
