// /report/create/{report_type}, the admin's /report/create/multi-dimensional and
// /report/edit/{report_id}: name, dimensions, metrics, date range (days in a time zone, the user's
// by default, and the dashboard's default window: the last 30 days), filters (campaigns,
// countries), event columns (E{n}-{name} from the user's event config) and an e-mail schedule.
// Checked with the same schema as the server; saving leads to the report's page to generate it.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Stack.css';
import {
  REPORT_DEFAULT_METRICS,
  REPORT_DIMENSIONS,
  REPORT_METRICS,
  REPORT_SCHEDULES,
  REPORT_TYPE_RULES,
  REPORT_TYPES,
  type ReportDetail,
  type ReportType,
  reportUpdateBody,
} from '@console/core/api/reports';
import { isCostFigure, maySeeCost } from '@console/core/cost-visibility';
import { lastDaysIn } from '@console/core/time/zoned-time';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AdvertiserPicker } from '../../components/advertiser-picker.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { TimeZoneSelect } from '../../components/time-zone-select.tsx';
import { showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { userTimeZone } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { parseId } from '../../lib/routing/parse-id.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { useCampaignChoices, useEventConfig, useReport, useSaveReport } from './api/reports.ts';
import { DayRangeFields } from './day-range-fields.tsx';
import { useReportLinks } from './report-links.ts';

type FormState = {
  name: string;
  report_type: ReportType;
  dimensions: string[];
  metrics: string[];
  event_columns: string[];
  date_from: string;
  date_to: string;
  time_zone: string;
  campaign_ids: string[];
  countries: string[];
  schedule: (typeof REPORT_SCHEDULES)[number];
  schedule_email: string;
};

const initialOf = (type: ReportType): FormState => {
  const zone = userTimeZone();
  const range = lastDaysIn(30, zone);
  return {
    name: '',
    report_type: type,
    dimensions: [...REPORT_TYPE_RULES[type].defaults],
    metrics: [...REPORT_DEFAULT_METRICS],
    event_columns: [],
    date_from: range.from,
    date_to: range.to,
    time_zone: zone,
    campaign_ids: [],
    countries: [],
    schedule: 'NONE',
    schedule_email: '',
  };
};

const stateOf = (report: ReportDetail): FormState => ({
  name: report.name,
  report_type: report.report_type,
  dimensions: report.dimensions,
  metrics: report.metrics,
  event_columns: report.event_columns,
  date_from: report.date_from,
  date_to: report.date_to,
  time_zone: report.time_zone,
  campaign_ids: (report.filters.campaign_ids ?? []).map(String),
  countries: report.filters.countries ?? [],
  schedule: report.schedule,
  schedule_email: report.schedule_email ?? '',
});

const ReportForm = ({ initial, reportId }: { initial: FormState; reportId: number | null }) => {
  const { t } = useTranslation('reports');
  const role = useSession().auth?.role;
  const links = useReportLinks();
  const navigate = useNavigate();
  const fields = useFieldErrors();
  const save = useSaveReport(reportId);
  const events = useEventConfig();
  const campaigns = useCampaignChoices();
  const [form, setForm] = useState<FormState>(initial);
  const [advertiserId, setAdvertiserId] = useState<number | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    fields.clear(key);
  };
  const required: readonly string[] = REPORT_TYPE_RULES[form.report_type].required;

  const submit = async () => {
    const body = {
      name: form.name,
      report_type: form.report_type,
      dimensions: form.dimensions,
      metrics: form.metrics,
      event_columns: form.event_columns,
      date_from: form.date_from,
      date_to: form.date_to,
      time_zone: form.time_zone,
      filters: {
        ...(form.campaign_ids.length ? { campaign_ids: form.campaign_ids.map(Number) } : {}),
        ...(form.countries.length ? { countries: form.countries.map((c) => c.toUpperCase()) } : {}),
      },
      schedule: form.schedule,
      schedule_email: form.schedule === 'NONE' ? null : form.schedule_email,
    };
    const checked = fields.check(reportUpdateBody, body);
    if (!checked) return;
    try {
      const saved = await save.mutateAsync({
        ...checked,
        ...(reportId === null && advertiserId ? { advertiser_id: advertiserId } : {}),
      });
      showToast('success', t('saved'));
      const view = links.view(saved.report_id);
      if (view) void navigate(view);
    } catch (error) {
      if (!fields.takeServerErrors(error))
        showToast('error', error instanceof Error ? error.message : t('failed'));
    }
  };

  const eventChoices = (events.data ?? [])
    .filter((event) => event.event_status === 'ACTIVE' || form.event_columns.includes(event.key))
    .map((event) => ({ value: event.key, label: event.label }));
  const list = links.list();
  return (
    <Paper withBorder radius="md" p="lg" maw={860}>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          required
          value={form.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={fields.errorOf('name')}
          data-testid="report-name"
        />
        <NativeSelect
          label={t('columns.type')}
          value={form.report_type}
          disabled={form.report_type === 'multi-dimensional'}
          onChange={(event) => {
            const type = event.currentTarget.value as ReportType;
            setForm((current) => ({
              ...current,
              report_type: type,
              dimensions: [...REPORT_TYPE_RULES[type].defaults],
            }));
          }}
          data={REPORT_TYPES.filter((type) => type !== 'multi-dimensional' || form.report_type === type).map(
            (type) => ({
              value: type,
              label: t(`type.${type}`),
            }),
          )}
          data-testid="report-type"
        />
        {reportId === null && role !== 'ADVERTISER' ? (
          <AdvertiserPicker
            label={t('form.advertiser')}
            value={advertiserId}
            onChange={(choice) => setAdvertiserId(choice?.id ?? null)}
            error={fields.errorOf('advertiser_id')}
            testId="report-advertiser"
          />
        ) : null}
        <Checkbox.Group
          label={t('form.dimensions')}
          value={form.dimensions}
          onChange={(value) => set('dimensions', value)}
          error={fields.errorOf('dimensions')}
          data-testid="report-dimensions"
        >
          <Group gap="md" mt={6}>
            {REPORT_DIMENSIONS.filter((d) => d !== 'advertiser' || role !== 'ADVERTISER').map((dimension) => (
              <Checkbox
                key={dimension}
                value={dimension}
                label={t(`dimension.${dimension}`)}
                disabled={required.includes(dimension)}
                data-testid={`report-dimension-${dimension}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group
          label={t('form.metrics')}
          value={form.metrics}
          onChange={(value) => set('metrics', value)}
          error={fields.errorOf('metrics')}
          data-testid="report-metrics"
        >
          <Group gap="md" mt={6}>
            {/* The figures behind the spend (media cost, the margins): offered on reports of one's own
                to the roles that may see them (an agency: its own margin; staff: all). */}
            {REPORT_METRICS.filter(
              (metric) =>
                !isCostFigure(metric) ||
                (role !== undefined && maySeeCost(role, metric) && advertiserId === null),
            ).map((metric) => (
              <Checkbox
                key={metric}
                value={metric}
                label={t(`metric.${metric}`)}
                data-testid={`report-metric-${metric}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <DayRangeFields
          from={form.date_from}
          to={form.date_to}
          onChange={set}
          errorOf={fields.errorOf}
          testId="report"
        />
        <TimeZoneSelect
          label={t('form.timeZone')}
          description={t('form.timeZoneHint')}
          required
          value={form.time_zone}
          onChange={(zone) => set('time_zone', zone)}
          error={fields.errorOf('time_zone')}
          nothingFound={t('form.noTimeZone')}
          testId="report-time-zone"
        />
        <MultiSelect
          label={t('form.campaigns')}
          placeholder={t('form.allCampaigns')}
          searchable
          value={form.campaign_ids}
          onChange={(value) => set('campaign_ids', value)}
          data={[
            ...new Map([
              ...form.campaign_ids.map((id) => [id, `#${id}`] as const),
              ...(campaigns.data?.items ?? []).map((c) => [String(c.campaign_id), c.name] as const),
            ]),
          ].map(([value, label]) => ({ value, label }))}
          data-testid="report-campaigns"
        />
        <TagsInput
          label={t('form.countries')}
          description={t('form.countriesHint')}
          value={form.countries}
          onChange={(value) => set('countries', value)}
          error={fields.errorOf('filters.countries.0')}
          data-testid="report-countries"
        />
        <MultiSelect
          label={t('form.events')}
          description={eventChoices.length === 0 ? t('form.noEvents') : t('form.eventsHint')}
          value={form.event_columns}
          onChange={(value) => set('event_columns', value)}
          data={eventChoices}
          error={fields.errorOf('event_columns')}
          data-testid="report-events"
        />
        <Group grow align="flex-start">
          <NativeSelect
            label={t('form.schedule')}
            value={form.schedule}
            onChange={(event) => set('schedule', event.currentTarget.value as FormState['schedule'])}
            data={REPORT_SCHEDULES.map((schedule) => ({ value: schedule, label: t(`schedule.${schedule}`) }))}
            data-testid="report-schedule"
          />
          {form.schedule !== 'NONE' ? (
            <TextInput
              type="email"
              label={t('form.scheduleEmail')}
              required
              value={form.schedule_email}
              onChange={(event) => set('schedule_email', event.currentTarget.value)}
              error={fields.errorOf('schedule_email')}
              data-testid="report-schedule-email"
            />
          ) : null}
        </Group>
        <Group justify="flex-end">
          {list ? (
            <Button component={Link} to={list} variant="default">
              {t('actions.cancel')}
            </Button>
          ) : null}
          <Button onClick={() => void submit()} loading={save.isPending} data-testid="report-save">
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

const ReportFormPage = () => {
  const route = useCurrentRoute();
  const params = useParams();
  const reportId = params.report_id === undefined ? null : parseId(params.report_id);
  const report = useReport(reportId);
  const [initial, setInitial] = useState<FormState | null>(null);
  const type: ReportType =
    route?.feature === 'report.createMultiDimensional'
      ? 'multi-dimensional'
      : (REPORT_TYPES.find((candidate) => candidate === params.report_type) ?? 'performance');
  useEffect(() => {
    if (reportId === null) setInitial(initialOf(type));
    else if (report.data) setInitial(stateOf(report.data));
  }, [reportId, report.data, type]);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {initial ? (
        <ReportForm key={`${reportId}-${initial.report_type}`} initial={initial} reportId={reportId} />
      ) : (
        <LoadState isError={report.isError} error={report.error} onRetry={() => void report.refetch()} />
      )}
    </PageFrame>
  );
};

export default ReportFormPage;
