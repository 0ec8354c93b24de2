// The time chart (plain SVG, svg-chart.tsx): the chosen metric by day, or by hour for a one- or
// two-day range, as a line, area or bar chart; with the previous period's values as a second series
// when comparing. Hours not yet begun are gaps, not zeros; axis ticks carry the decimals the finest of them needs,
// and counts have whole ticks only.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import type { DashboardChart, DashboardMetric } from '@console/core/api/dashboard';
import { Alert, Paper, Skeleton, Text } from '@mantine/core';
import { memo } from 'react';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import type { ChartType } from '../dashboard-preferences.ts';
import { chartRowsOf } from './chart-data.ts';
import { formatAxisTicks, formatMetricValue, isMoneyMetric } from './metric-format.ts';
import { type ChartSeries, SvgChart } from './svg-chart.tsx';

const CHART_HEIGHT = 300;

type TimeChartProps = {
  chart: DashboardChart | undefined;
  isError: boolean;
  metric: DashboardMetric;
  type: ChartType;
  /** The viewer's time zone, the one the buckets are named in. */
  timeZone: string;
};

export const TimeChart = memo(({ chart, isError, metric, type, timeZone }: TimeChartProps) => {
  const { t, i18n } = useTranslation('dashboard');
  const locale = localeOf(i18n.language);
  if (isError)
    return (
      <Alert color="red" role="alert">
        {t('chart.failed')}
      </Alert>
    );
  if (!chart) return <Skeleton height={CHART_HEIGHT} />;
  const data = chartRowsOf(chart, metric, timeZone, new Date());
  const series: ChartSeries[] = [
    { name: 'current', label: t(`metrics.${metric}`), color: 'var(--mantine-color-brand-6)' },
    ...(chart.previous
      ? [
          {
            name: 'previous' as const,
            label: t('compare.previousPeriod'),
            color: 'var(--mantine-color-gray-5)',
          },
        ]
      : []),
  ];
  // The chart holds dollars and percents (readable axes); the tooltip formats them back.
  const valueFormatter = (value: number) =>
    formatMetricValue(
      metric,
      metric === 'ctr' ? value / 100 : isMoneyMetric(metric) ? value * 1_000_000 : value,
      locale,
    );
  const total = chart.points.reduce((sum, point) => sum + point.impressions, 0);
  return (
    <Paper withBorder radius="md" p="md" data-testid="time-chart" data-chart-type={type} data-metric={metric}>
      <Text size="sm" c="dimmed" mb="xs">
        {t('chart.caption', { metric: t(`metrics.${metric}`) })}
      </Text>
      {total === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="time-chart-empty">
          {t('chart.empty')}
        </Text>
      ) : (
        <SvgChart
          data={data}
          series={series}
          type={type}
          valueFormatter={valueFormatter}
          ticksFormatter={(ticks) => formatAxisTicks(metric, ticks, locale)}
          allowDecimals={isMoneyMetric(metric) || metric === 'ctr'}
          withLegend={Boolean(chart.previous)}
          label={t('chart.caption', { metric: t(`metrics.${metric}`) })}
          height={CHART_HEIGHT}
        />
      )}
    </Paper>
  );
});
