// One performance table (by campaign, creative, exchange, OS, country or day): the server sorts by
// any metric and pages; the page, size and sort live in the URL under the dimension's prefix. Counts
// are exact here (a buyer reconciles them); the day table reads in date order until re-sorted.
import type { DashboardDimension, DashboardMetric, PerformanceRow } from '@console/core/api/dashboard';
import { Stack, Text, Title } from '@mantine/core';
import { memo, useMemo } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { type DashboardRequest, type TablePaging, usePerformance } from '../api/dashboard-data.ts';
import { deltaOf, formatDelta, formatMetric } from './metric-format.ts';

/** The day table starts in date order, the others with the biggest spender. */
const defaultSortOf = (dimension: DashboardDimension) =>
  dimension === 'day'
    ? ({ sort: 'label', order: 'asc' } as const)
    : ({ sort: 'spend', order: 'desc' } as const);

const pagingOf = (
  query: Record<string, string | number | undefined>,
  fallback: ReturnType<typeof defaultSortOf>,
): TablePaging => ({
  page: Number(query.page ?? 1),
  limit: Number(query.limit ?? 10),
  sort: (query.sort as TablePaging['sort']) ?? fallback.sort,
  order: query.order === 'asc' ? 'asc' : query.order === 'desc' ? 'desc' : fallback.order,
});

/** A metric with, when comparing, its change from the previous period beneath it. */
const MetricCell = ({ row, metric }: { row: PerformanceRow; metric: DashboardMetric }) => {
  const { t, i18n } = useTranslation('dashboard');
  const locale = localeOf(i18n.language);
  if (!row.previous) return formatMetric(metric, row, locale, true);
  const delta = deltaOf(row, row.previous, metric);
  return (
    <>
      {formatMetric(metric, row, locale, true)}
      <Text size="xs" c="dimmed" component="span" display="block">
        {delta === null ? t('compare.noPrevious') : formatDelta(delta, locale)}
      </Text>
    </>
  );
};

type PerformanceTableProps = {
  request: DashboardRequest;
  dimension: DashboardDimension;
  metrics: readonly DashboardMetric[];
  /** The country name of a code (the table shows names). */
  countryName: (code: string) => string;
};

export const PerformanceTable = memo(
  ({ request, dimension, metrics, countryName }: PerformanceTableProps) => {
    const { t } = useTranslation('dashboard');
    const options = useMemo(
      () => ({ ...defaultSortOf(dimension), limit: 10, prefix: `${dimension}_` }),
      [dimension],
    );
    const list = useListParams(`dashboard-${dimension}`, options);
    const query = usePerformance(request, dimension, pagingOf(list.query, defaultSortOf(dimension)));
    const labelOf = (row: PerformanceRow) => {
      if (dimension === 'country') return row.key ? countryName(row.key) : t('unknown');
      if (dimension === 'os') return row.key || t('unknown');
      return row.label;
    };
    const columns: DataColumn<PerformanceRow>[] = [
      {
        id: 'label',
        header: t(`dimensions.${dimension}`),
        cell: labelOf,
        sortKey: 'label',
        hideable: false,
        isRowHeader: true,
      },
      ...metrics.map((metric) => ({
        id: metric,
        header: t(`metrics.${metric}`),
        cell: (row: PerformanceRow) => <MetricCell row={row} metric={metric} />,
        sortKey: metric,
        descFirst: true,
        align: 'right' as const,
      })),
    ];
    return (
      <Stack gap="xs" data-testid={`performance-${dimension}`}>
        <Title order={2} size="h4">
          {t('tables.title', { dimension: t(`dimensions.${dimension}`) })}
        </Title>
        <DataTable
          list={list}
          columns={columns}
          query={query}
          getRowId={(row) => row.key}
          label={t('tables.title', { dimension: t(`dimensions.${dimension}`) })}
          withSearch={false}
          withColumnChooser={false}
          emptyTitle={t('tables.emptyTitle')}
          emptyDescription={t('tables.emptyDescription')}
          pageSizes={[10, 20, 50, 100]}
        />
      </Stack>
    );
  },
);
