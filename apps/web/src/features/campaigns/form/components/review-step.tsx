// Step 5: everything the campaign will be saved with, section by section, each with an "Edit" link
// back to its step. Names of reference ids come from the same (cached) lookups as the pickers.
import { iabCategoryLabel } from '@console/core/api/iab-category-list';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { formatMicros } from '@console/core/format/money';
import { isoFromZonedParts } from '@console/core/time/zoned-time';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { DetailList, type DetailRow } from '../../../../components/detail-list.tsx';
import { formatDateTime, localeOf } from '../../../../lib/format/date-time.ts';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import { useSupportedExchanges } from '../../../../lib/reference/supported-exchanges.ts';
import { useSession } from '../../../../lib/session/session-store.ts';
import { useDraftForecast } from '../../api/campaign-forecast.ts';
import { useCreativesByIds } from '../../api/creative-options.ts';
import { useBrowsers } from '../../api/list-browsers.ts';
import { useCountries } from '../../api/list-countries.ts';
import { useLanguages } from '../../api/list-languages.ts';
import { useOperatingSystems } from '../../api/list-operating-systems.ts';
import { useSmartAppCategories } from '../../api/list-smart-app-categories.ts';
import { useLookupByIds } from '../../api/reference-lookups.ts';
import { useRelationOptions } from '../../api/relation-options.ts';
import { ForecastPanel } from '../../components/campaign-forecast.tsx';
import { type CampaignFormValues, type FormStep, readMoney, toCreateBody } from '../campaign-form-model.ts';
import { groupDays, hourLabel } from '../day-parting.ts';
import { weekdayNames } from './day-parting-grid.tsx';
import type { StepProps } from './step-props.ts';

const ReviewSection = ({
  step,
  title,
  rows,
  onEdit,
  editLabel,
}: {
  step: FormStep;
  title: string;
  rows: DetailRow[];
  onEdit?: (step: FormStep) => void;
  editLabel: string;
}) => (
  <Paper
    withBorder
    radius="md"
    p="md"
    component="section"
    aria-label={title}
    data-testid={`review-section-${step}`}
  >
    <Group justify="space-between" mb="sm">
      <Title order={3} fz="h5">
        {title}
      </Title>
      {onEdit ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden="true" />}
          onClick={() => onEdit(step)}
          aria-label={`${editLabel}: ${title}`}
          data-testid={`review-edit-${step}`}
        >
          {editLabel}
        </Button>
      ) : null}
    </Group>
    <DetailList rows={rows} />
  </Paper>
);

/** The form's settings as a forecast body, or null while the bid (or the advertiser) is missing. */
const forecastBodyOf = (values: CampaignFormValues, withAdvertiser: boolean, hasAdvertiser: boolean) => {
  if (!hasAdvertiser || readMoney(values.bid).micros === null) return null;
  const body = toCreateBody(values, { withAdvertiser, submit: false }) as Record<string, unknown>;
  // Amounts and dates not given yet are left to the form's own checks: the forecast goes without them.
  for (const field of ['total_budget_micros', 'min_bid_micros', 'max_bid_micros', 'start_at', 'end_at'])
    if (!body[field]) delete body[field];
  return body;
};

/** Step 5's forecast: what these settings would buy a day, from the bidder's recent traffic. */
const ReviewForecast = ({
  values,
  hasAdvertiser,
  campaignId,
}: {
  values: CampaignFormValues;
  hasAdvertiser: boolean;
  /** The saved campaign being edited: its stored self is not counted as a rival. */
  campaignId: number | undefined;
}) => {
  const { t } = useTranslation('campaigns');
  const role = useSession().auth?.role;
  const settings = forecastBodyOf(values, role !== undefined && role !== 'ADVERTISER', hasAdvertiser);
  const body = settings && campaignId !== undefined ? { ...settings, campaign_id: campaignId } : settings;
  const query = useDraftForecast(body);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('view.sections.forecast')}
      data-testid="review-forecast"
    >
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t('view.sections.forecast')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('forecast.lead')}
        </Text>
        {body === null ? (
          <Text size="sm" c="dimmed" data-testid="review-forecast-needs-bid">
            {t('forecast.needsBid')}
          </Text>
        ) : (
          <ForecastPanel query={query} />
        )}
      </Stack>
    </Paper>
  );
};

export const ReviewStep = ({
  values,
  advertiserId,
  hasAdvertiser,
  known,
  mode,
  campaignId,
  onEdit,
}: StepProps & { onEdit?: (step: FormStep) => void }) => {
  const { t, i18n } = useTranslation('campaign-form');
  const role = useSession().auth?.role;
  const targeting = values.targeting;
  const any = t('review.any');
  const list = (items: (string | undefined)[], empty: string = any) =>
    items.length === 0 ? empty : items.join(', ');

  const countries = useCountries();
  const systems = useOperatingSystems();
  const browsers = useBrowsers();
  const languages = useLanguages();
  const taxonomy = useSmartAppCategories();
  const exchanges = useSupportedExchanges(advertiserId, hasAdvertiser);
  const states = useLookupByIds('state', targeting.states);
  const cities = useLookupByIds('city', targeting.cities.map(String));
  const carriers = useLookupByIds('carrier', targeting.carriers);
  const makers = useLookupByIds('manufacturer', targeting.device_makers);
  const relations = useRelationOptions(advertiserId, '', hasAdvertiser);
  const creatives = useCreativesByIds(values.creative_ids);

  const nameIn = <T,>(items: T[] | undefined, idOf: (item: T) => string, nameOf: (item: T) => string) => {
    const names = new Map((items ?? []).map((item) => [idOf(item), nameOf(item)]));
    return (id: string | number) => names.get(String(id)) ?? String(id);
  };
  const countryName = nameIn(
    countries.data,
    (c) => c.id,
    (c) => c.name,
  );
  const stateName = nameIn(
    states.data,
    (s) => s.id,
    (s) => `${s.name} (${s.country_id})`,
  );
  const cityName = nameIn(
    cities.data,
    (c) => String(c.id),
    (c) => `${c.name} (${c.country_id})`,
  );
  const carrierName = nameIn(
    carriers.data,
    (c) => c.id,
    (c) => c.name,
  );
  const makerName = nameIn(
    makers.data,
    (m) => m.id,
    (m) => m.name,
  );
  const browserName = nameIn(
    browsers.data,
    (b) => b.id,
    (b) => b.name,
  );
  const languageName = nameIn(
    languages.data,
    (l) => l.id,
    (l) => l.name,
  );
  const exchangeName = (id: number) =>
    exchanges.data?.exchanges.find((exchange) => exchange.id === id)?.name ??
    known.exchanges?.[id] ??
    `#${id}`;
  const listName = (id: number) =>
    relations.data?.applists.find((item) => item.applist_id === id)?.name ?? known.applists?.[id] ?? `#${id}`;
  const audienceName = (id: number) =>
    relations.data?.audiences.find((item) => item.audience_id === id)?.name ??
    known.audiences?.[id] ??
    `#${id}`;
  const creativeName = (id: number) =>
    creatives.data?.find((item) => item.creative_primary_id === id)?.name ?? `#${id}`;
  const categories = taxonomy.data ?? [];
  const genres = categories.flatMap((category) => category.genres);
  const subgenres = genres.flatMap((genre) => genre.subgenres);

  const money = (text: string, empty: string) => {
    const { micros } = readMoney(text);
    return micros === null ? empty : formatMicros(micros, localeOf(i18n.language));
  };
  const when = (date: string, time: string) => {
    const iso = isoFromZonedParts(date, time, values.time_zone);
    return iso ? formatDateTime(iso, i18n.language, values.time_zone) : '—';
  };
  const days = weekdayNames(i18n.language, 'short');
  const dayParting = values.day_parting
    ? groupDays(values.day_parting)
        .filter((group) => group.ranges.length > 0)
        .map(
          (group) =>
            `${group.days.map((day) => days[day]).join(', ')}: ${group.ranges
              .map(([from, to]) => `${hourLabel(from)}–${hourLabel(to)}`)
              .join(', ')}`,
        )
        .join('; ') || t('review.noHours')
    : t('review.everyHour');
  const geoCount = targeting.geo_fence.trim() ? targeting.geo_fence.split('|').length : 0;
  const editLabel = t('actions.edit');

  return (
    <Stack gap="md" data-testid="campaign-review">
      <ReviewSection
        step="basics"
        title={t('steps.basics.title')}
        onEdit={onEdit}
        editLabel={editLabel}
        rows={[
          { label: t('fields.name'), value: values.name, testId: 'review-name' },
          ...(role && role !== 'ADVERTISER'
            ? [{ label: t('fields.advertiser'), value: known.advertiser ?? `#${values.advertiser_id ?? ''}` }]
            : []),
          {
            label: t('fields.flight'),
            value: `${when(values.start_date, values.start_time)} – ${when(values.end_date, values.end_time)}`,
            testId: 'review-flight',
          },
          { label: t('fields.timeZone'), value: values.time_zone },
        ]}
      />
      <ReviewSection
        step="budget"
        title={t('steps.budget.title')}
        onEdit={onEdit}
        editLabel={editLabel}
        rows={[
          { label: t('fields.totalBudget'), value: money(values.total_budget, '—'), testId: 'review-total' },
          { label: t('fields.dailyBudget'), value: money(values.daily_budget, t('review.noLimit')) },
          { label: t('fields.pacing'), value: t(`pacing.${values.pacing}`) },
          {
            label: t('fields.bid', { model: values.price_model }),
            value: `${money(values.bid, '—')} ${values.price_model}`,
            testId: 'review-bid',
          },
          {
            label: t('review.bidRange'),
            value: `${money(values.min_bid, '—')} – ${money(values.max_bid, '—')}`,
          },
          {
            label: t('fields.frequencyCap'),
            value: values.frequency_cap
              ? t('review.cap', {
                  count: Number(values.frequency_cap.count) || 0,
                  period: t(`capPeriod.${values.frequency_cap.period}`),
                })
              : t('review.noCap'),
          },
          { label: t('fields.dayParting'), value: dayParting, testId: 'review-day-parting' },
        ]}
      />
      <ReviewSection
        step="targeting"
        title={t('steps.targeting.title')}
        onEdit={onEdit}
        editLabel={editLabel}
        rows={[
          {
            label: t('fields.exchanges'),
            value:
              values.exchange_ids.length === 0
                ? t('review.none')
                : list(values.exchange_ids.map(exchangeName)),
            testId: 'review-exchanges',
          },
          {
            label: t('fields.countries'),
            value: list(targeting.countries.map(countryName)),
            testId: 'review-countries',
          },
          {
            label: t('fields.states'),
            value: list(targeting.states.map(stateName)),
            testId: 'review-states',
          },
          { label: t('fields.cities'), value: list(targeting.cities.map(cityName)) },
          {
            label: t('fields.geoFence'),
            value: geoCount > 0 ? t('hints.geoFenceCount', { count: geoCount }) : t('review.none'),
          },
          {
            label: t('fields.os'),
            value: list(
              targeting.os.map((entry) => {
                const system = systems.data?.find((item) => item.id === entry.os);
                const name = system?.name ?? entry.os;
                if (entry.versions.length === 0) return name;
                const versions = entry.versions.map(
                  (id) => system?.versions.find((version) => version.id === id)?.version ?? id,
                );
                return `${name} (${versions.join(', ')})`;
              }),
            ),
            testId: 'review-os',
          },
          { label: t('fields.browsers'), value: list(targeting.browsers.map(browserName)) },
          {
            label: t('fields.deviceTypes'),
            value: list(targeting.device_types.map((type) => t(`deviceType.${type}`))),
          },
          { label: t('fields.deviceMakers'), value: list(targeting.device_makers.map(makerName)) },
          { label: t('fields.carriers'), value: list(targeting.carriers.map(carrierName)) },
          { label: t('fields.languages'), value: list(targeting.languages.map(languageName)) },
          {
            label: t('fields.trafficTypes'),
            value: list(targeting.traffic_types.map((type) => t(`trafficType.${type}`))),
          },
          {
            label: t('fields.appCategories'),
            value: list([
              ...targeting.app_categories.map(
                (id) => categories.find((item) => item.category_id === id)?.category ?? `#${id}`,
              ),
              ...targeting.app_genres.map(
                (id) => genres.find((item) => item.genre_id === id)?.genre ?? `#${id}`,
              ),
              ...targeting.app_subgenres.map(
                (id) => subgenres.find((item) => item.subgenre_id === id)?.subgenre ?? `#${id}`,
              ),
            ]),
          },
          ...(['ALLOW', 'BLOCK'] as const).map((mode) => ({
            label: t(`fields.applists_${mode}`),
            value: list(
              values.inventory
                .filter((entry) => entry.mode === mode)
                .map((entry) => listName(entry.applist_id)),
              t('review.none'),
            ),
          })),
          ...(['INCLUDE', 'EXCLUDE'] as const).map((mode) => ({
            label: t(`fields.audiences_${mode}`),
            value: list(
              values.audiences
                .filter((entry) => entry.mode === mode)
                .map((entry) => audienceName(entry.audience_id)),
              t('review.none'),
            ),
          })),
          {
            label: t('fields.deals'),
            value:
              targeting.deal_ids.length === 0
                ? t('review.openAuction')
                : `${targeting.deal_ids.join(', ')} (${targeting.deals_only ? t('review.dealsOnly') : t('review.dealsAndOpen')})`,
            testId: 'review-deals',
          },
          {
            label: t('fields.adCategories'),
            value: list(targeting.ad_categories.map(iabCategoryLabel), t('review.none')),
          },
          {
            label: t('fields.excludedContent'),
            value: list(targeting.excluded_content_categories.map(iabCategoryLabel), t('review.none')),
            testId: 'review-excluded-content',
          },
          {
            label: t('fields.minViewability'),
            value: targeting.min_viewability_pct === null ? any : `${targeting.min_viewability_pct}%`,
            testId: 'review-min-viewability',
          },
        ]}
      />
      <ReviewSection
        step="creatives"
        title={t('steps.creatives.title')}
        onEdit={onEdit}
        editLabel={editLabel}
        rows={[
          {
            label: t('creatives.attached'),
            value:
              values.creative_ids.length === 0
                ? t('review.none')
                : list(values.creative_ids.map(creativeName)),
            testId: 'review-creatives',
          },
        ]}
      />
      <ReviewForecast
        values={values}
        hasAdvertiser={hasAdvertiser}
        campaignId={mode === 'edit' ? campaignId : undefined}
      />
    </Stack>
  );
};
