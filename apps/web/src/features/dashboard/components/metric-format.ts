// How each dashboard metric reads: money in dollars (spec section 9), counts shortened with K/M/B,
// CTR as a percentage.
import type { DashboardMetric, DashboardTotals } from '@console/core/api/dashboard';
import { shortenNumber } from '@console/core/format/count';
import { formatMicros } from '@console/core/format/money';

const MONEY: ReadonlySet<DashboardMetric> = new Set(['spend', 'ecpm', 'ecpc', 'ecpa']);

export const isMoneyMetric = (metric: DashboardMetric) => MONEY.has(metric);

export const formatMetric = (metric: DashboardMetric, value: number): string => {
  if (MONEY.has(metric)) return formatMicros(value);
  if (metric === 'ctr') return `${(value * 100).toFixed(2)}%`;
  return shortenNumber(value);
};

/** The change from the previous period, as a fraction (null when there was nothing before). */
export const deltaOf = (current: DashboardTotals, previous: DashboardTotals, metric: DashboardMetric) => {
  const before = previous[metric];
  if (!before) return null;
  return (current[metric] - before) / before;
};

/** A chart value: money in dollars (the axis), the rest as is. */
export const chartValueOf = (metric: DashboardMetric, value: number) =>
  MONEY.has(metric) ? value / 1_000_000 : metric === 'ctr' ? value * 100 : value;
