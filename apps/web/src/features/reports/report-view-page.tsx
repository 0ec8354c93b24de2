// /report/view/{report_id} (and the other roles' paths): a report's query, its generation (queued,
// running with a progress bar, ready or failed), the quick summary, its rows paged from the server
// with event columns named E{n}-{name}, CSV download through the one download flow, edit and delete.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import type { ReportColumn, ReportDetail, ReportSummary } from '@console/core/api/reports';
import { REPORT_MONEY_METRICS } from '@console/core/api/reports-constants';
import { formatMicros } from '@console/core/format/money';
import { Alert, Button, Group, Pagination, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconPencil, IconPlayerPlay, IconSum, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DetailList, DetailSection } from '../../components/detail-list.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { formatDateTime, localeOf } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { parseId } from '../../lib/routing/parse-id.ts';
import { downloadReportCsv, useReport, useReportActions, useReportRows } from './api/reports.ts';
import { useReportLinks } from './report-links.ts';
import { ReportStatusBadge } from './report-status-badge.tsx';

const PAGE_SIZE = 50;
const PERCENT = new Set(['ctr', 'win_rate']);

const useColumnLabel = () => {
  const { t } = useTranslation('reports');
  return (column: ReportColumn) =>
    column.kind === 'event'
      ? column.label
      : column.kind === 'dimension'
        ? t(`dimension.${column.key}`)
        : t(`metric.${column.key}`);
};

const formatCell = (column: ReportColumn | undefined, value: string | number, locale: string) => {
  if (typeof value !== 'number' || !column || column.kind === 'dimension') return String(value);
  if (REPORT_MONEY_METRICS.has(column.key)) return formatMicros(value, locale);
  if (PERCENT.has(column.key)) return `${value.toLocaleString(locale, { maximumFractionDigits: 2 })}%`;
  return value.toLocaleString(locale);
};

const ResultTable = ({ report }: { report: ReportDetail }) => {
  const { t, i18n } = useTranslation(['reports', 'components']);
  const locale = localeOf(i18n.language);
  const label = useColumnLabel();
  const [page, setPage] = useState(1);
  const rows = useReportRows(
    report.report_id,
    { page, limit: PAGE_SIZE, at: report.generated_at ?? '' },
    report.status === 'READY',
  );
  if (report.status !== 'READY') return null;
  if (!rows.data)
    return <LoadState isError={rows.isError} error={rows.error} onRetry={() => void rows.refetch()} />;
  if (rows.data.total === 0)
    return (
      <Text c="dimmed" data-testid="report-empty">
        {t('noRows')}
      </Text>
    );
  const pages = Math.ceil(rows.data.total / PAGE_SIZE);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={600}>
        <Table striped withTableBorder data-testid="report-rows" aria-label={t('rowsLabel')}>
          <Table.Thead>
            <Table.Tr>
              {rows.data.columns.map((column) => (
                <Table.Th
                  key={column.key}
                  style={{ textAlign: column.kind === 'dimension' ? 'left' : 'right' }}
                >
                  {label(column)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data.rows.map((row) => (
              // Dimension values are unique per row of a report.
              <Table.Tr key={row.join('\u0001')}>
                {row.map((cell, c) => {
                  const column = rows.data.columns[c];
                  return (
                    <Table.Td
                      key={column?.key ?? c}
                      style={{ textAlign: column?.kind === 'dimension' ? 'left' : 'right' }}
                    >
                      {formatCell(column, cell, locale)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          aria-label={t('rowsLabel')}
          getItemProps={(n) => ({ 'aria-label': t('table.page', { ns: 'components', page: n }) })}
          getControlProps={(control) => ({ 'aria-label': t(`table.${control}`, { ns: 'components' }) })}
        />
      ) : null}
    </Stack>
  );
};

const SummaryList = ({ summary }: { summary: ReportSummary }) => {
  const { t, i18n } = useTranslation('reports');
  const locale = localeOf(i18n.language);
  return (
    <DetailList
      rows={[
        {
          label: t('metric.impressions'),
          value: summary.impressions.toLocaleString(locale),
          testId: 'summary-impressions',
        },
        { label: t('metric.clicks'), value: summary.clicks.toLocaleString(locale) },
        {
          label: t('metric.ctr'),
          value: `${summary.ctr.toLocaleString(locale, { maximumFractionDigits: 2 })}%`,
        },
        {
          label: t('metric.conversions'),
          value: summary.conversions.toLocaleString(locale),
        },
        { label: t('metric.spend'), value: formatMicros(summary.spend_micros, locale) },
        { label: t('metric.ecpm'), value: formatMicros(summary.ecpm_micros, locale) },
      ]}
    />
  );
};

const ReportViewPage = () => {
  const { t, i18n } = useTranslation('reports');
  const locale = localeOf(i18n.language);
  const route = useCurrentRoute();
  const id = parseId(useParams().report_id);
  const report = useReport(id);
  const actions = useReportActions();
  const links = useReportLinks();
  const navigate = useNavigate();
  const label = useColumnLabel();
  const [deleting, setDeleting] = useState(false);
  const [summary, setSummary] = useState<ReportSummary | null>(null);
  if (!route) return null;
  const data = report.data;
  const generating = data?.status === 'QUEUED' || data?.status === 'RUNNING';
  const generate = async () => {
    try {
      await actions.generate.mutateAsync(id);
      showToast('info', t('generating'));
    } catch (error) {
      showToast('error', failureMessage(error, t('failed')));
    }
  };
  const summarise = async () => {
    try {
      setSummary(await actions.summarise.mutateAsync(id));
    } catch (error) {
      showToast('error', failureMessage(error, t('failed')));
    }
  };
  const remove = async () => {
    try {
      await actions.remove.mutateAsync(id);
      showToast('success', t('deleted'));
      const list = links.list();
      if (list) void navigate(list);
    } catch (error) {
      setDeleting(false);
      showToast('error', failureMessage(error, t('failed')));
    }
  };
  const edit = data ? links.edit(data.report_id) : null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        data ? (
          <Group gap="sm">
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
              onClick={() => void generate()}
              loading={actions.generate.isPending}
              disabled={generating}
              data-testid="report-generate"
            >
              {t('actions.generate')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconSum size={16} aria-hidden="true" />}
              onClick={() => void summarise()}
              loading={actions.summarise.isPending}
              data-testid="report-summary"
            >
              {t('actions.summary')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              disabled={data.status !== 'READY'}
              onClick={() => void downloadReportCsv(data)}
              data-testid="report-download"
            >
              {t('actions.download')}
            </Button>
            {edit ? (
              <Button
                component={Link}
                to={edit}
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden="true" />}
                data-testid="report-edit"
              >
                {t('actions.edit')}
              </Button>
            ) : null}
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setDeleting(true)}
              data-testid="report-delete-open"
            >
              {t('actions.delete')}
            </Button>
          </Group>
        ) : undefined
      }
    >
      {!data ? (
        <LoadState isError={report.isError} error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <Stack gap="lg">
          {generating ? (
            <Stack gap={4} data-testid="report-progress">
              <Text size="sm">{t('generating')}</Text>
              <Progress value={data.progress} animated aria-label={t('progressLabel')} />
            </Stack>
          ) : null}
          {data.status === 'FAILED' ? (
            <Alert variant="light" color="red" role="alert">
              {data.failure_reason}
            </Alert>
          ) : null}
          {data.data_changed && !generating ? (
            <Alert variant="light" color="yellow" title={t('staleTitle')} data-testid="report-stale">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {t('staleBody', {
                    reportImpressions: data.data_changed.in_report.impressions.toLocaleString(locale),
                    reportSpend: formatMicros(data.data_changed.in_report.advertiser_cost_micros, locale),
                    nowImpressions: data.data_changed.now.impressions.toLocaleString(locale),
                    nowSpend: formatMicros(data.data_changed.now.advertiser_cost_micros, locale),
                  })}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  color="yellow"
                  onClick={() => void generate()}
                  loading={actions.generate.isPending}
                  data-testid="report-regenerate"
                >
                  {t('regenerate')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {data.status === 'DRAFT' ? (
            <Alert variant="light" color="blue" data-testid="report-draft">
              {t('draftHint')}
            </Alert>
          ) : null}
          <DetailSection title={data.name} testId="report-details">
            <DetailList
              rows={[
                {
                  label: t('columns.status'),
                  value: <ReportStatusBadge status={data.status} progress={data.progress} />,
                },
                { label: t('columns.type'), value: t(`type.${data.report_type}`) },
                {
                  label: t('columns.range'),
                  value: `${data.date_from} – ${data.date_to} (${data.time_zone})`,
                  testId: 'report-range',
                },
                {
                  label: t('generatedAt'),
                  value: data.generated_at
                    ? formatDateTime(data.generated_at, i18n.language)
                    : t('notGenerated'),
                  testId: 'report-generated-at',
                },
                {
                  label: t('form.columns'),
                  value: data.columns.map(label).join(', '),
                  testId: 'report-columns',
                },
                { label: t('form.schedule'), value: t(`schedule.${data.schedule}`) },
                { label: t('columns.owner'), value: data.owner.companyName || data.owner.email },
              ]}
            />
          </DetailSection>
          {summary ? (
            <DetailSection title={t('summaryTitle')} testId="report-summary-section">
              <SummaryList summary={summary} />
            </DetailSection>
          ) : null}
          <ResultTable report={data} />
        </Stack>
      )}
      <ConfirmAction
        opened={deleting}
        onClose={() => setDeleting(false)}
        onConfirm={remove}
        title={t('deleteTitle')}
        message={t('deleteBody', { name: data?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        testId="report-delete"
      />
    </PageFrame>
  );
};

export default ReportViewPage;
