// A campaign's delivery (impressions, clicks, CTR, spend today and in total, pacing state) as the
// list's cells and the view's section show it. Numbers come from the API (hourly rollups).
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import type { CampaignDelivery, CampaignListItem, PacingState } from '@console/core/api/campaigns';
import { formatPercent } from '@console/core/format/count';
import { formatMicrosExact } from '@console/core/format/money';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { formatBudget, moneyLocale } from './campaign-format.ts';

export const PACING_STATE_COLORS = {
  ON_TRACK: 'green.2',
  BEHIND: 'yellow.2',
  AHEAD: 'blue.2',
  CAPPED: 'grape.2',
  OUT_OF_BUDGET: 'orange.2',
  OUT_OF_FUNDS: 'red.2',
} as const satisfies Record<PacingState, string>;

/**
 * Spend: cents, except under a cent (a few test impressions), where the exact micro-units show it at
 * all (2_400 -> '$0.0024', 50 -> '$0.00005'; the funds history's formatter, never a float's rounding).
 */
export const formatSpend = (micros: number, language?: string) =>
  micros > 0 && micros < 10_000
    ? formatMicrosExact(micros, moneyLocale(language))
    : formatBudget(micros, language);

// `language` is the console's code (gr, rs, sp): Intl reads it through its standard tag (localeOf),
// as the dashboards do; given 'gr' itself, Intl knows no such language and writes English digits.
export const formatCount = (value: number, language: string) =>
  new Intl.NumberFormat(localeOf(language)).format(value);

/** 0.0123 -> '1.23%' (German '1,23 %'). */
export const formatCtr = (ctr: number, language: string) => formatPercent(ctr, localeOf(language));

/** The pacing state as a badge; a dash for campaigns that are not delivering (not active, out of flight). */
export const PacingStateBadge = ({ state }: { state: PacingState | null }) => {
  const { t } = useTranslation('campaigns');
  if (state === null)
    return (
      <Text size="sm" c="dimmed" data-testid="campaign-pacing-state" data-state="NONE">
        {t('delivery.notDelivering')}
      </Text>
    );
  return (
    <Badge
      variant="filled"
      color={PACING_STATE_COLORS[state]}
      autoContrast
      radius="sm"
      size="sm"
      miw="max-content"
      data-testid="campaign-pacing-state"
      data-state={state}
    >
      {t(`delivery.state.${state}`)}
    </Badge>
  );
};

/** The list's two-line cells. */
export const ImpressionsCell = ({ delivery }: { delivery: CampaignDelivery }) => {
  const { t, i18n } = useTranslation('campaigns');
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" data-testid="campaign-row-impressions">
        {formatCount(delivery.impressions, i18n.language)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="campaign-row-clicks">
        {t('delivery.clicksWithCtr', {
          count: delivery.clicks,
          clicks: formatCount(delivery.clicks, i18n.language),
          ctr: formatCtr(delivery.ctr, i18n.language),
        })}
      </Text>
    </Stack>
  );
};

/**
 * Spend today and in total; with late billing (impressions billed after their exchange's notice
 * window), a badge of its cost and impressions under them, there only when there is some, so a
 * trading desk sees which campaigns it touched.
 */
export const SpendCell = ({
  delivery,
  lateBilled,
}: {
  delivery: CampaignDelivery;
  lateBilled?: CampaignListItem['late_billed'];
}) => {
  const { t, i18n } = useTranslation('campaigns');
  const hasLate = lateBilled && (lateBilled.impressions > 0 || lateBilled.advertiser_cost_micros > 0);
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="campaign-row-spend-today">
        {t('delivery.today', { amount: formatSpend(delivery.spend_today_micros, i18n.language) })}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="campaign-row-spend-total">
        {t('delivery.total', { amount: formatSpend(delivery.spend_total_micros, i18n.language) })}
      </Text>
      {hasLate ? (
        <Badge
          variant="filled"
          color="orange.2"
          autoContrast
          radius="sm"
          size="sm"
          mt={4}
          miw="max-content"
          tt="none"
          data-testid="campaign-row-billed-late"
        >
          {t('delivery.billedLateBadge', {
            amount: formatSpend(lateBilled.advertiser_cost_micros, i18n.language),
            count: lateBilled.impressions,
            formatted: formatCount(lateBilled.impressions, i18n.language),
          })}
        </Badge>
      ) : null}
    </Stack>
  );
};

/** One labelled figure of the view (delivery, forecast), with an optional line under it (a range). */
export const Figure = ({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  detail?: string;
  testId: string;
}) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="lg" fw={600} data-testid={testId}>
      {value}
    </Text>
    {detail ? (
      <Text size="xs" c="dimmed" data-testid={`${testId}-range`}>
        {detail}
      </Text>
    ) : null}
  </Stack>
);

/**
 * The view's figures. With `lateBilled`, also the impressions billed after their exchange's notice
 * window (their budget hold had been given back; billed all the same), for finance to see.
 */
export const DeliveryFigures = ({
  delivery,
  lateBilled,
}: {
  delivery: CampaignDelivery;
  lateBilled?: CampaignListItem['late_billed'];
}) => {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: lateBilled ? 7 : 6 }} spacing="md">
      <Figure
        label={t('delivery.impressions')}
        value={formatCount(delivery.impressions, language)}
        testId="campaign-impressions"
      />
      <Figure
        label={t('delivery.clicks')}
        value={formatCount(delivery.clicks, language)}
        testId="campaign-clicks"
      />
      <Figure label={t('delivery.ctr')} value={formatCtr(delivery.ctr, language)} testId="campaign-ctr" />
      <Figure
        label={t('delivery.spendToday')}
        value={formatSpend(delivery.spend_today_micros, language)}
        testId="campaign-spend-today"
      />
      <Figure
        label={t('delivery.spendTotal')}
        value={formatSpend(delivery.spend_total_micros, language)}
        testId="campaign-spend-total"
      />
      <Figure
        label={t('delivery.pacingState')}
        value={<PacingStateBadge state={delivery.pacing_state} />}
        testId="campaign-pacing"
      />
      {lateBilled ? (
        <Figure
          label={t('delivery.billedLate')}
          value={formatSpend(lateBilled.advertiser_cost_micros, language)}
          detail={t('delivery.billedLateImpressions', {
            count: lateBilled.impressions,
            formatted: formatCount(lateBilled.impressions, language),
          })}
          testId="campaign-billed-late"
        />
      ) : null}
    </SimpleGrid>
  );
};
