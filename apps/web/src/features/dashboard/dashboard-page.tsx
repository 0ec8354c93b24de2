// /dashboard, /agency/dashboard, /admin/dashboard, /co-admin/dashboard: the old Dashboard and the
// Insight360 view over the same numbers (the API's hourly rollups). The old Dashboard shows every
// tile, the time chart and the tables by campaign and by day; Insight360 lets the user pick the
// metrics (tiles and columns) and the tables (any dimensions). Choices are saved in local storage
// and restored; the view follows STORAGE_KEYS.dashboardView and the dashboardViewChanged event,
// which the switch here and the one in the header menu both announce.
import {
  DASHBOARD_METRICS,
  type DashboardDimension,
  type DashboardMetric,
} from '@console/core/api/dashboard-constants';
import { DASHBOARD_VIEW_EVENT } from '@console/core/constants';
import { Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';
import { SegmentedChoice } from '../../components/segmented-choice.tsx';
import { localeOf, userTimeZone } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useSession } from '../../lib/session/session-store.ts';
import {
  canSwitchDashboard,
  type DashboardView,
  readDashboardView,
  switchDashboardView,
} from '../../lib/shell/shell-rules.ts';
import { useUserSettings } from '../../lib/user-settings/use-user-settings.ts';
import { type DashboardRequest, useDashboardChart, useDashboardOverview } from './api/dashboard-data.ts';
import { DashboardFilters } from './components/dashboard-filters.tsx';
import { OverviewTiles } from './components/overview-tiles.tsx';
import { PerformanceTable } from './components/performance-table.tsx';
import { TimeChart } from './components/time-chart.tsx';
import {
  type DashboardPreferences,
  rangeOf,
  readPreferences,
  savePreferences,
} from './dashboard-preferences.ts';

/** The old Dashboard's tiles: every metric but the auction counts. */
const CLASSIC_METRICS: readonly DashboardMetric[] = DASHBOARD_METRICS.filter(
  (metric) => metric !== 'bids' && metric !== 'wins',
);
const CLASSIC_TABLES: readonly DashboardDimension[] = ['campaign', 'day'];
const CLASSIC_COLUMNS: readonly DashboardMetric[] = [
  'impressions',
  'clicks',
  'ctr',
  'conversions',
  'spend',
  'ecpm',
];

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

const useDashboardView = (): [DashboardView, (view: DashboardView) => void] => {
  const [view, setView] = useState<DashboardView>(() => readDashboardView(storage()));
  useEffect(() => {
    const follow = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (detail === 'old' || detail === 'new') setView(detail);
    };
    window.addEventListener(DASHBOARD_VIEW_EVENT, follow);
    return () => window.removeEventListener(DASHBOARD_VIEW_EVENT, follow);
  }, []);
  return [view, switchDashboardView];
};

const DashboardPage = () => {
  const { t, i18n } = useTranslation('dashboard');
  const route = useCurrentRoute();
  const { auth } = useSession();
  const settings = useUserSettings();
  const [preferences, setPreferences] = useState<DashboardPreferences>(() => readPreferences(storage()));
  const [view, chooseView] = useDashboardView();
  const timeZone = useMemo(() => userTimeZone(), []);
  const { from, to } = rangeOf(preferences, timeZone);
  // The same object while the days stay the same: the filters are memoised on it.
  const range = useMemo(() => ({ from, to }), [from, to]);
  const role = auth?.role ?? 'ADVERTISER';
  // One object while its fields stay the same: the tables below are memoised on it, so a query of
  // the page resolving (overview, chart) does not render both tables again.
  const request: DashboardRequest = useMemo(
    () => ({
      role,
      from: range.from,
      to: range.to,
      tz: timeZone,
      compare: preferences.compare,
      filters: preferences.filters,
    }),
    [role, range.from, range.to, timeZone, preferences.compare, preferences.filters],
  );
  const overview = useDashboardOverview(request);
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  const chart = useDashboardChart(request, days <= 2 ? 'hour' : 'day');
  const countryNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([localeOf(i18n.language)], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  const countryName = useCallback((code: string) => countryNames?.of(code) ?? code, [countryNames]);
  const update = useCallback((patch: Partial<DashboardPreferences>) => {
    setPreferences((current) => {
      const next = { ...current, ...patch };
      savePreferences(storage(), next);
      return next;
    });
  }, []);
  if (!route || !auth) return null;

  const isInsight = view === 'new';
  const tileMetrics = isInsight ? preferences.metrics : CLASSIC_METRICS;
  const tables = isInsight ? preferences.dimensions : CLASSIC_TABLES;
  const columns = isInsight ? preferences.metrics : CLASSIC_COLUMNS;

  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        canSwitchDashboard(role, settings) ? (
          <SegmentedChoice<DashboardView>
            aria-label={t('view.label')}
            data={[
              { value: 'old', label: t('view.old') },
              { value: 'new', label: t('view.new') },
            ]}
            value={view}
            onChange={chooseView}
            data-testid="dashboard-view-switch"
          />
        ) : null
      }
    >
      <Stack gap="lg" data-testid={isInsight ? 'dashboard-insight360' : 'dashboard-classic'}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="dashboard-period">
            {t('range.showing', { from: range.from, to: range.to, zone: timeZone })}
            {overview.data?.previous
              ? ` ${t('compare.against', { from: overview.data.previous.period.from, to: overview.data.previous.period.to })}`
              : ''}
          </Text>
        </Group>
        <DashboardFilters
          role={role}
          preferences={preferences}
          range={range}
          onChange={update}
          withPickers={isInsight}
        />
        {overview.isError ? (
          <Text c="red" role="alert">
            {overview.error.message || t('overview.failed')}
          </Text>
        ) : (
          <OverviewTiles
            overview={overview.data}
            metrics={tileMetrics}
            isAdvertiser={role === 'ADVERTISER'}
          />
        )}
        <TimeChart
          chart={chart.data}
          isError={chart.isError}
          metric={preferences.chartMetric}
          type={preferences.chartType}
          timeZone={timeZone}
        />
        {tables.map((dimension) => (
          <PerformanceTable
            key={dimension}
            request={request}
            dimension={dimension}
            metrics={columns}
            countryName={countryName}
          />
        ))}
      </Stack>
    </PageFrame>
  );
};

export default DashboardPage;
