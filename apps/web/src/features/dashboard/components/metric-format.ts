// How each dashboard metric reads: money in dollars (spec section 9), counts shortened with K/M/B on
// the tiles and exact in the tables, CTR as a percentage, each with the digits of the reader's
// language (`locale`, a BCP 47 tag: localeOf(i18n.language); 'de' writes $1.234,57 and 1.284.512). A ratio whose denominator is zero (eCPA
// without conversions, eCPC without clicks, CTR and eCPM without impressions) has no value and reads
// as a dash, not as $0.00.
import type { DashboardMetric, DashboardTotals } from '@console/core/api/dashboard';
import { formatCount, formatPercent, shortenNumber } from '@console/core/format/count';
import { formatMicros } from '@console/core/format/money';

const MONEY: ReadonlySet<DashboardMetric> = new Set(['spend', 'ecpm', 'ecpc', 'ecpa']);
/** What each ratio divides by. */
const DENOMINATOR: Partial<Record<DashboardMetric, DashboardMetric>> = {
  ctr: 'impressions',
  ecpm: 'impressions',
  ecpc: 'clicks',
  ecpa: 'conversions',
};
/** The text of a ratio that has no value. */
export const NO_VALUE = '–';

export const isMoneyMetric = (metric: DashboardMetric) => MONEY.has(metric);

/** A metric's value as a number reads (without the dash rule: the chart's tooltip and axis). */
export const formatMetricValue = (
  metric: DashboardMetric,
  value: number,
  locale: string,
  exact = false,
): string => {
  if (MONEY.has(metric)) return formatMicros(value, locale);
  if (metric === 'ctr') return formatPercent(value, locale);
  return exact ? formatCount(value, locale) : shortenNumber(value, locale);
};

/** A metric of a tile or a table row; `exact` writes counts in full. */
export const formatMetric = (
  metric: DashboardMetric,
  totals: DashboardTotals,
  locale: string,
  exact = false,
): string => {
  const denominator = DENOMINATOR[metric];
  if (denominator && !totals[denominator]) return NO_VALUE;
  return formatMetricValue(metric, totals[metric], locale, exact);
};

/** A change from the previous period: +12.5%, in the reader's digits. */
export const formatDelta = (delta: number, locale: string): string =>
  new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'always',
  }).format(delta);

/** The change from the previous period, as a fraction (null when there was nothing before). */
export const deltaOf = (current: DashboardTotals, previous: DashboardTotals, metric: DashboardMetric) => {
  const before = previous[metric];
  if (!before) return null;
  return (current[metric] - before) / before;
};

/** A chart value: money in dollars (the axis), the rest as is. */
export const chartValueOf = (metric: DashboardMetric, value: number) =>
  MONEY.has(metric) ? value / 1_000_000 : metric === 'ctr' ? value * 100 : value;

/** How many decimals a tick has (0.25 -> 2, 0.0025 -> 4, 5 -> 0), to the micro-unit at most. */
const decimalsOf = (tick: number): number => {
  const fraction = Math.abs(tick).toFixed(6).split('.')[1]!.replace(/0+$/, '');
  return fraction.length;
};

/**
 * An axis's ticks: the chart's own units (dollars, percents, counts), all with the same number of
 * decimals, as many as the finest tick needs (so neighbouring ticks never read alike: $0.0025 and
 * $0.005 are not both "$0.01"); money with a fraction shows at least its cents ("$0.25", "$0.50",
 * never "$0.5" beside "$0.25").
 */
export const formatAxisTicks = (
  metric: DashboardMetric,
  ticks: readonly number[],
  locale: string,
): string[] => {
  const finest = Math.max(0, ...ticks.map(decimalsOf));
  const decimals = MONEY.has(metric) && finest > 0 ? Math.max(2, finest) : finest;
  const numbers = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return ticks.map((tick) => {
    const number = numbers.format(Math.abs(tick));
    const sign = tick < 0 ? '-' : '';
    if (MONEY.has(metric)) return `${sign}$${number}`;
    if (metric === 'ctr') return `${sign}${number}%`;
    return `${sign}${number}`;
  });
};
