// A campaign's daily reach and spend forecast, on the campaign view and in the
// form's review step: available impressions, unique users, wins and spend (low – high, expected),
// what limits it (the API's limited_by) and which settings turned sampled requests away, with the
// sample it comes from. Loading, error and "no sample yet" states included.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import type { CampaignForecast } from '@console/core/api/forecast';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadState } from '../../../components/load-state.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { Figure, formatCount, formatCtr, formatSpend } from './campaign-delivery.tsx';
import { RANGE_DASH } from './campaign-format.ts';

export const ForecastFigures = ({ forecast }: { forecast: CampaignForecast }) => {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const count = (value: number) => formatCount(value, language);
  // A range that the budget cap closed (low = high) is not shown.
  const range = (low: string, high: string) =>
    low === high ? undefined : t('forecast.range', { range: `${low}${RANGE_DASH}${high}` });
  if (forecast.sample_size === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="campaign-forecast-empty">
        {t('forecast.empty')}
      </Text>
    );
  const { daily_wins: wins, daily_spend_micros: spend, win_rate: rate } = forecast;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        <Figure
          label={t('forecast.impressions')}
          value={count(forecast.daily_impressions)}
          testId="campaign-forecast-impressions"
        />
        <Figure
          label={t('forecast.users')}
          value={count(forecast.daily_unique_users)}
          testId="campaign-forecast-users"
        />
        <Figure
          label={t('forecast.winRate')}
          value={formatCtr(rate.expected, language)}
          detail={range(formatCtr(rate.low, language), formatCtr(rate.high, language))}
          testId="campaign-forecast-win-rate"
        />
        <Figure
          label={t('forecast.wins')}
          value={count(wins.expected)}
          detail={range(count(wins.low), count(wins.high))}
          testId="campaign-forecast-wins"
        />
        <Figure
          label={t('forecast.spend')}
          value={formatSpend(spend.expected)}
          detail={range(formatSpend(spend.low), formatSpend(spend.high))}
          testId="campaign-forecast-spend"
        />
      </SimpleGrid>
      <Text size="sm" data-testid="campaign-forecast-limit">
        <Text span size="sm" fw={600}>
          {t('forecast.limitLabel')}:
        </Text>{' '}
        {t(`forecast.limit.${forecast.limited_by}`)}
      </Text>
      {forecast.excluded_by.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="campaign-forecast-excluded">
          {t('forecast.excludedLabel')}:{' '}
          {forecast.excluded_by
            .slice(0, 3)
            .map(({ setting, samples }) => `${t(`forecast.setting.${setting}`)} ${count(samples)}`)
            .join(' · ')}
        </Text>
      ) : null}
      {forecast.budget_limited ? (
        <Badge variant="light" color="grape" radius="sm" data-testid="campaign-forecast-budget-limited">
          {t('forecast.budgetLimited')}
        </Badge>
      ) : null}
      <Text size="xs" c="dimmed" data-testid="campaign-forecast-note">
        {t('forecast.note', {
          count: forecast.sample_size,
          samples: count(forecast.sample_size),
          days: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(forecast.days_sampled),
          rate: count(forecast.sample_rate),
        })}
        {forecast.creatives_applied ? '' : ` ${t('forecast.noCreatives')}`}
        {forecast.audiences_applied ? '' : ` ${t('forecast.noAudiences')}`}
      </Text>
    </Stack>
  );
};

/** The forecast of a query (a stored campaign's or the form's), with its loading and error states. */
export const ForecastPanel = ({ query }: { query: UseQueryResult<CampaignForecast> }) => {
  if (query.data) return <ForecastFigures forecast={query.data} />;
  return (
    <LoadState
      isError={query.isError}
      error={query.error}
      onRetry={() => void query.refetch()}
      testId="campaign-forecast"
    />
  );
};
