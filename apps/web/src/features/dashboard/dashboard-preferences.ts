// The dashboard's saved choices (spec section 3, "Saved dashboard preferences"): date range, compare
// settings, active filters, selected dimensions, selected metrics, selected preset and chart type,
// kept in local storage under STORAGE_KEYS.dashboardPreferences (the view, old or Insight360, has
// its own key: STORAGE_KEYS.dashboardView). A stored value that no longer fits is replaced by the
// default, field by field, so one bad field never loses the rest.
import { DASHBOARD_DIMENSIONS, DASHBOARD_METRICS } from '@console/core/api/dashboard';
import { STORAGE_KEYS } from '@console/core/constants';
import { lastDaysIn, shiftDay, todayIn } from '@console/core/time/zoned-time';
import { z } from 'zod';

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

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const preferencesSchema = z.object({
  preset: z.enum(DATE_PRESETS).catch('last30'),
  /** The custom range (used when the preset is custom). */
  range: z.object({ from: day, to: day }).nullable().catch(null),
  compare: z.boolean().catch(false),
  filters: z
    .object({
      campaign_ids: z.array(z.number().int().positive()).max(100).catch([]),
      exchange_ids: z.array(z.number().int().positive()).max(100).catch([]),
      countries: z
        .array(z.string().regex(/^[A-Z]{2}$/))
        .max(300)
        .catch([]),
      advertiser_id: z.number().int().positive().nullable().catch(null),
    })
    .catch({ campaign_ids: [], exchange_ids: [], countries: [], advertiser_id: null }),
  /** The performance tables shown (Insight360), in order. */
  dimensions: z
    .array(z.enum(DASHBOARD_DIMENSIONS))
    .min(1)
    .max(DASHBOARD_DIMENSIONS.length)
    .catch(['campaign', 'exchange']),
  /** The table columns and tiles shown. */
  metrics: z
    .array(z.enum(DASHBOARD_METRICS))
    .min(1)
    .catch(['spend', 'impressions', 'clicks', 'ctr', 'conversions', 'ecpm']),
  /** The time chart's metric and kind. */
  chartMetric: z.enum(DASHBOARD_METRICS).catch('spend'),
  chartType: z.enum(CHART_TYPES).catch('area'),
});
export type DashboardPreferences = z.infer<typeof preferencesSchema>;
export type DashboardFilters = DashboardPreferences['filters'];

export const DEFAULT_PREFERENCES: DashboardPreferences = preferencesSchema.parse({});

export const readPreferences = (storage: Pick<Storage, 'getItem'> | undefined): DashboardPreferences => {
  try {
    const text = storage?.getItem(STORAGE_KEYS.dashboardPreferences);
    return preferencesSchema.parse(text ? JSON.parse(text) : {});
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
