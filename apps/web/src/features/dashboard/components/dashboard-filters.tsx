// The dashboard's controls: date preset or custom range, compare, campaign / exchange / country
// filters, the advertiser (agency and staff), and the chart's metric and type. Every change goes to
// the saved preferences (dashboard-preferences.ts).
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import {
  DASHBOARD_DIMENSIONS,
  DASHBOARD_METRICS,
  type DashboardDimension,
  type DashboardMetric,
} from '@console/core/api/dashboard-constants';
import type { Role } from '@console/core/roles';
import { Button, Group, Paper, Stack, Switch } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { memo } from 'react';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { MultiSelect, Select } from '../../../components/filter-select.tsx';
import { SegmentedChoice } from '../../../components/segmented-choice.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCampaignChoices, useCountryChoices, useExchangeChoices } from '../api/filter-options.ts';
import {
  CHART_TYPES,
  type ChartType,
  DATE_PRESETS,
  type DashboardPreferences,
  type DatePreset,
  DEFAULT_PREFERENCES,
} from '../dashboard-preferences.ts';

type DashboardFiltersProps = {
  role: Role;
  preferences: DashboardPreferences;
  range: { from: string; to: string };
  onChange: (patch: Partial<DashboardPreferences>) => void;
  /** Insight360 also picks the tables and metrics. */
  withPickers: boolean;
};

type FilterChoiceProps = {
  label: string;
  data: { value: string; label: string }[];
  value: string[];
  onChange: (values: string[]) => void;
  width: number;
  testId: string;
};

/** A searchable many-of filter; empty means all. */
const FilterChoice = ({ label, data, value, onChange, width, testId }: FilterChoiceProps) => {
  const { t } = useTranslation('dashboard');
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : t('filters.all')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      limit={50}
      w={width}
      data-testid={testId}
    />
  );
};

const toIds = (values: string[]) => values.map(Number).filter((id) => Number.isInteger(id) && id > 0);

/**
 * Memoised (the page keeps `range` and `onChange` the same): the page's overview and chart
 * answering one after the other does not render the filters' fields again each time.
 */
export const DashboardFilters = memo(function DashboardFilters({
  role,
  preferences,
  range,
  onChange,
  withPickers,
}: DashboardFiltersProps) {
  const { t } = useTranslation('dashboard');
  const filters = preferences.filters;
  const campaigns = useCampaignChoices(filters.advertiser_id);
  const exchanges = useExchangeChoices();
  const countries = useCountryChoices();
  const setFilters = (patch: Partial<DashboardPreferences['filters']>) =>
    onChange({ filters: { ...filters, ...patch } });
  const hasFilters =
    filters.campaign_ids.length + filters.exchange_ids.length + filters.countries.length > 0 ||
    filters.advertiser_id !== null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('range.preset')}
            data={DATE_PRESETS.map((preset) => ({ value: preset, label: t(`range.presets.${preset}`) }))}
            value={preferences.preset}
            onChange={(value) =>
              value &&
              onChange({ preset: value as DatePreset, range: value === 'custom' ? range : preferences.range })
            }
            allowDeselect={false}
            // Wide enough for the longest preset in every language ("Последние 30 дней").
            w={220}
            data-testid="dashboard-preset"
          />
          <DateField
            label={t('range.from')}
            value={range.from}
            max={range.to}
            onChange={(day) => day && onChange({ preset: 'custom', range: { from: day, to: range.to } })}
            w={160}
            data-testid="dashboard-from"
          />
          <DateField
            label={t('range.to')}
            value={range.to}
            min={range.from}
            onChange={(day) => day && onChange({ preset: 'custom', range: { from: range.from, to: day } })}
            w={160}
            data-testid="dashboard-to"
          />
          <Switch
            label={t('compare.label')}
            checked={preferences.compare}
            onChange={(event) => onChange({ compare: event.currentTarget.checked })}
            data-testid="dashboard-compare"
            mb={8}
          />
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {role === 'ADVERTISER' ? null : (
            <AdvertiserPicker
              label={t('filters.advertiser')}
              placeholder={t('filters.allAdvertisers')}
              value={filters.advertiser_id}
              onChange={(choice) => setFilters({ advertiser_id: choice?.id ?? null, campaign_ids: [] })}
              testId="dashboard-advertiser"
              w={240}
            />
          )}
          <FilterChoice
            label={t('filters.campaigns')}
            data={campaigns.data ?? []}
            value={filters.campaign_ids.map(String)}
            onChange={(values) => setFilters({ campaign_ids: toIds(values) })}
            width={260}
            testId="dashboard-filter-campaigns"
          />
          <FilterChoice
            label={t('filters.exchanges')}
            data={exchanges.data ?? []}
            value={filters.exchange_ids.map(String)}
            onChange={(values) => setFilters({ exchange_ids: toIds(values) })}
            width={220}
            testId="dashboard-filter-exchanges"
          />
          <FilterChoice
            label={t('filters.countries')}
            data={countries.data ?? []}
            value={filters.countries}
            onChange={(values) => setFilters({ countries: values })}
            width={220}
            testId="dashboard-filter-countries"
          />
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden="true" />}
            disabled={!hasFilters}
            onClick={() => onChange({ filters: DEFAULT_PREFERENCES.filters })}
            data-testid="dashboard-clear-filters"
          >
            {t('filters.clear')}
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('chart.metric')}
            data={DASHBOARD_METRICS.map((metric) => ({ value: metric, label: t(`metrics.${metric}`) }))}
            value={preferences.chartMetric}
            onChange={(value) => value && onChange({ chartMetric: value as DashboardMetric })}
            allowDeselect={false}
            w={180}
            data-testid="dashboard-chart-metric"
          />
          <Stack gap={4}>
            <span
              id="dashboard-chart-type-label"
              style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 }}
            >
              {t('chart.type')}
            </span>
            <SegmentedChoice<ChartType>
              aria-labelledby="dashboard-chart-type-label"
              data={CHART_TYPES.map((type) => ({ value: type, label: t(`chart.types.${type}`) }))}
              value={preferences.chartType}
              onChange={(value) => onChange({ chartType: value })}
              data-testid="dashboard-chart-type"
            />
          </Stack>
          {withPickers ? (
            <>
              <MultiSelect
                label={t('pickers.dimensions')}
                data={DASHBOARD_DIMENSIONS.map((dimension) => ({
                  value: dimension,
                  label: t(`dimensions.${dimension}`),
                }))}
                value={preferences.dimensions}
                onChange={(values) =>
                  values.length && onChange({ dimensions: values as DashboardDimension[] })
                }
                w={280}
                data-testid="dashboard-dimensions"
              />
              <MultiSelect
                label={t('pickers.metrics')}
                data={DASHBOARD_METRICS.map((metric) => ({ value: metric, label: t(`metrics.${metric}`) }))}
                value={preferences.metrics}
                onChange={(values) => values.length && onChange({ metrics: values as DashboardMetric[] })}
                w={320}
                data-testid="dashboard-metrics"
              />
            </>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
});
