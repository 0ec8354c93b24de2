// The time chart's rows: the bucket's label, the period's value and, when comparing, the previous
// period's. Buckets that have not begun yet (the rest of today) carry no value, so the line stops at
// the present instead of dropping to $0.
import type { DashboardChart, DashboardMetric } from '@console/core/api/dashboard';
import { chartValueOf } from './metric-format.ts';

export type ChartRow = { bucket: string; current: number | null; previous?: number | null };

/** The bucket (YYYY-MM-DDTHH:00 or YYYY-MM-DD, as the API names them) that `now` falls in, in `timeZone`. */
export const bucketAt = (granularity: DashboardChart['granularity'], timeZone: string, now: Date): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return granularity === 'day' ? day : `${day}T${parts.hour}:00`;
};

export const chartRowsOf = (
  chart: DashboardChart,
  metric: DashboardMetric,
  timeZone: string,
  now: Date,
): ChartRow[] => {
  const present = bucketAt(chart.granularity, timeZone, now);
  return chart.points.map((point, index) => {
    const previous = chart.previous?.[index];
    return {
      bucket: chart.granularity === 'hour' ? point.bucket.slice(5).replace('T', ' ') : point.bucket.slice(5),
      // Bucket names sort as text in time order.
      current: point.bucket > present ? null : chartValueOf(metric, point[metric]),
      ...(chart.previous ? { previous: chartValueOf(metric, previous?.[metric] ?? 0) } : {}),
    };
  });
};
