// A campaign's daily reach and spend forecast, on the campaign view and in the
// form's review step: available impressions, unique users, wins and spend (low – high, expected),
// what limits it (the API's limited_by), which settings turned sampled requests away and how many
// imps our other campaigns outbid it for, with the sample it comes from, and the next 7 days (each
// from its weekday's traffic) as a small bar chart
// drawn with plain elements (no chart library). Loading, error and "no sample yet" states included.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import type { CampaignForecast, DayForecast } from '@console/core/api/forecast';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadState } from '../../../components/load-state.tsx';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { Figure, formatCount, formatCtr, formatSpend } from './campaign-delivery.tsx';
import { RANGE_DASH } from './campaign-format.ts';

const CELL = { padding: '2px 8px 2px 0', whiteSpace: 'nowrap' } as const;

/** The next 7 days' expected wins as bars, with the spend; a day from the average marked with *. */
const NextDays = ({ days }: { days: readonly DayForecast[] }) => {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const dayName = new Intl.DateTimeFormat(localeOf(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const most = Math.max(1, ...days.map((day) => day.daily_wins.expected));
  const averaged = days.some((day) => day.from_average);
  return (
    <Stack gap={4}>
      <table
        data-testid="campaign-forecast-days"
        style={{ borderCollapse: 'collapse', fontSize: 'var(--mantine-font-size-sm)' }}
      >
        <caption style={{ textAlign: 'start', fontWeight: 600, paddingBottom: 4 }}>
          {t('forecast.days.title')}
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...CELL, textAlign: 'start' }}>
              {t('forecast.days.day')}
            </th>
            <th scope="col" style={{ ...CELL, textAlign: 'start', width: '100%' }}>
              {t('forecast.days.wins')}
            </th>
            <th scope="col" style={{ ...CELL, textAlign: 'end' }}>
              {t('forecast.days.spend')}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date} data-testid="campaign-forecast-day">
              <th scope="row" style={{ ...CELL, textAlign: 'start', fontWeight: 400 }}>
                {dayName.format(Date.parse(`${day.date}T00:00:00Z`))}
                {day.from_average ? ' *' : ''}
              </th>
              <td style={CELL}>
                <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                  <span style={{ minWidth: '4ch', textAlign: 'end' }}>
                    {formatCount(day.daily_wins.expected, language)}
                  </span>
                  <div
                    aria-hidden="true"
                    style={{
                      height: 8,
                      minWidth: day.daily_wins.expected > 0 ? 2 : 0,
                      width: `${(day.daily_wins.expected / most) * 100}%`,
                      borderRadius: 2,
                      background: day.budget_limited
                        ? 'var(--mantine-color-grape-6)'
                        : 'var(--mantine-color-blue-6)',
                    }}
                  />
                </div>
              </td>
              <td style={{ ...CELL, textAlign: 'end' }}>
                {formatSpend(day.daily_spend_micros.expected, language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {averaged ? (
        <Text size="xs" c="dimmed">
          * {t('forecast.days.fromAverage')}
        </Text>
      ) : null}
    </Stack>
  );
};

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
          value={formatSpend(spend.expected, language)}
          detail={range(formatSpend(spend.low, language), formatSpend(spend.high, language))}
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
      {forecast.imps_priced_out.own > 0 ? (
        <Text size="xs" c="dimmed" data-testid="campaign-forecast-own">
          {t('forecast.ownCampaigns', { count: forecast.imps_priced_out.own })}
        </Text>
      ) : null}
      {forecast.next_days.length > 0 ? <NextDays days={forecast.next_days} /> : null}
      {forecast.budget_limited ? (
        <Badge variant="light" color="grape" radius="sm" data-testid="campaign-forecast-budget-limited">
          {t('forecast.budgetLimited')}
        </Badge>
      ) : null}
      <Text size="xs" c="dimmed" data-testid="campaign-forecast-note">
        {t('forecast.note', {
          count: forecast.sample_size,
          samples: count(forecast.sample_size),
          days: new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(
            forecast.days_sampled,
          ),
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
