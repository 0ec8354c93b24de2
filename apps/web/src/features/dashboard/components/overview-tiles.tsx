// The overview tiles: each chosen metric with its change from the previous period when comparing,
// media cost, margin and its platform's and agencies' parts when the server sent them (admins and
// co-admins; an agency gets its own margin), and the balance: the advertiser's own, or, for an
// agency and staff, the sum of the advertisers' balances in scope (labelled so: an agency's own
// unallocated money is on its funds page).
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import type { DashboardMetric, DashboardOverview } from '@console/core/api/dashboard';
import { formatMicros } from '@console/core/format/money';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { memo } from 'react';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { deltaOf, formatDelta, formatMetric } from './metric-format.ts';

/** Cost metrics are better when they fall. */
const LOWER_IS_BETTER: ReadonlySet<DashboardMetric> = new Set(['ecpm', 'ecpc', 'ecpa']);

/** The figures behind the spend, each a tile when the answer carries it. */
const COST_TILES = [
  { field: 'media_cost', label: 'metrics.mediaCost', testId: 'tile-media-cost' },
  { field: 'margin', label: 'metrics.margin', testId: 'tile-margin' },
  { field: 'platform_margin', label: 'metrics.platformMargin', testId: 'tile-platform-margin' },
  { field: 'agency_margin', label: 'metrics.agencyMargin', testId: 'tile-agency-margin' },
] as const;

const Tile = ({
  label,
  value,
  delta,
  testId,
  lowerIsBetter,
}: {
  label: string;
  value: string | null;
  delta?: number | null | undefined;
  testId: string;
  lowerIsBetter?: boolean;
}) => {
  const { t, i18n } = useTranslation('dashboard');
  const isGood = delta !== null && delta !== undefined && (lowerIsBetter ? delta <= 0 : delta >= 0);
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === null ? (
        <Skeleton height={28} width={120} mt={4} />
      ) : (
        <Group gap="xs" align="baseline">
          <Text fz={24} fw={700} data-testid={`${testId}-value`}>
            {value}
          </Text>
          {delta === undefined ? null : delta === null ? (
            <Badge variant="light" color="gray" data-testid={`${testId}-delta`}>
              {t('compare.noPrevious')}
            </Badge>
          ) : (
            <Badge variant="light" color={isGood ? 'teal' : 'red'} data-testid={`${testId}-delta`}>
              {t('compare.delta', { value: formatDelta(delta, localeOf(i18n.language)) })}
            </Badge>
          )}
        </Group>
      )}
    </Paper>
  );
};

export const OverviewTiles = memo(
  ({
    overview,
    metrics,
    isAdvertiser,
  }: {
    overview: DashboardOverview | undefined;
    metrics: readonly DashboardMetric[];
    /** An advertiser sees its own balance; the others the advertisers' in scope. */
    isAdvertiser: boolean;
  }) => {
    const { t, i18n } = useTranslation('dashboard');
    const locale = localeOf(i18n.language);
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} aria-live="polite">
        {metrics.map((metric) => (
          <Tile
            key={metric}
            label={t(`metrics.${metric}`)}
            value={overview ? formatMetric(metric, overview.totals, locale) : null}
            delta={
              overview?.previous ? deltaOf(overview.totals, overview.previous.totals, metric) : undefined
            }
            testId={`tile-${metric}`}
            lowerIsBetter={LOWER_IS_BETTER.has(metric)}
          />
        ))}
        {/* The server sends these figures only to the roles that may see them. */}
        {COST_TILES.map(({ field, label, testId }) => {
          const value = overview?.totals[field];
          return value === undefined ? null : (
            <Tile key={field} label={t(label)} value={formatMicros(value, locale)} testId={testId} />
          );
        })}
        <Tile
          label={isAdvertiser ? t('metrics.balance') : t('metrics.advertisersBalance')}
          value={overview ? formatMicros(overview.balance, locale) : null}
          testId="tile-balance"
        />
      </SimpleGrid>
    );
  },
);
