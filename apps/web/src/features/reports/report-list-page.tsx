// /report (and the other roles' paths): the reports the user may see, paged, sorted, searched and
// filtered on the server; new report by type (the admin's multi-dimensional one too), view, edit,
// CSV download through the one download flow, delete with confirmation; the running-apps export
// (days and campaigns, running-apps-export.tsx).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import type { ReportListItem } from '@console/core/api/reports';
import { REPORT_STATUSES, REPORT_TYPES } from '@console/core/api/reports-constants';
import { Anchor, Button, Group, NativeSelect } from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { type DataColumn, DataTable, type RowAction } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { type OnDemandTargetProps, OpenOnDemand } from '../../components/on-demand.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { formatDateTime, localeOf } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { downloadReportCsv, useReportActions, useReports } from './api/reports.ts';
import { useReportLinks } from './report-links.ts';
import { ReportStatusBadge } from './report-status-badge.tsx';
import { RunningAppsExport } from './running-apps-export.tsx';

const loadReportAddMenu = () => import('./report-add-menu.tsx');
const ReportAddMenu = lazy(loadReportAddMenu);

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'updated_at',
  order: 'desc',
  filterKeys: ['status', 'report_type'],
};

const ReportListPage = () => {
  const { t, i18n } = useTranslation('reports');
  const route = useCurrentRoute();
  const links = useReportLinks();
  const list = useListParams('reports', LIST_OPTIONS);
  const query = useReports(list.query);
  const actions = useReportActions();
  const [deleting, setDeleting] = useState<ReportListItem | null>(null);
  const columns = useMemo<DataColumn<ReportListItem>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (row) => {
          const href = links.view(row.report_id);
          return href ? (
            <Anchor component={Link} to={href} fw={500} data-testid="report-row-name">
              {row.name}
            </Anchor>
          ) : (
            row.name
          );
        },
      },
      {
        id: 'type',
        header: t('columns.type'),
        sortKey: 'report_type',
        cell: (row) => t(`type.${row.report_type}`),
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortKey: 'status',
        cell: (row) => <ReportStatusBadge status={row.status} progress={row.progress} />,
      },
      {
        id: 'range',
        header: t('columns.range'),
        cell: (row) => (
          <span data-testid="report-row-range">{`${row.date_from} – ${row.date_to} (${row.time_zone})`}</span>
        ),
      },
      {
        id: 'rows',
        header: t('columns.rows'),
        align: 'right',
        cell: (row) => (row.row_count === null ? '—' : row.row_count.toLocaleString(localeOf(i18n.language))),
      },
      { id: 'owner', header: t('columns.owner'), cell: (row) => row.owner.companyName || row.owner.email },
      {
        id: 'updated',
        header: t('columns.updated'),
        sortKey: 'updated_at',
        descFirst: true,
        cell: (row) => formatDateTime(row.updated_at, i18n.language),
      },
    ],
    [t, i18n.language, links],
  );
  const rowActions = (row: ReportListItem): RowAction[] =>
    [
      {
        key: 'view',
        label: t('actions.view'),
        icon: <IconEye size={16} aria-hidden="true" />,
        href: links.view(row.report_id),
      },
      {
        key: 'edit',
        label: t('actions.edit'),
        icon: <IconPencil size={16} aria-hidden="true" />,
        href: links.edit(row.report_id),
      },
      {
        key: 'download',
        label: t('actions.download'),
        icon: <IconDownload size={16} aria-hidden="true" />,
        disabled: row.status !== 'READY',
        onClick: () => void downloadReportCsv(row),
      },
      {
        key: 'delete',
        label: t('actions.delete'),
        icon: <IconTrash size={16} aria-hidden="true" />,
        color: 'red',
        dividerBefore: true,
        onClick: () => setDeleting(row),
      },
    ].filter((action) => action.href !== null) as RowAction[];
  if (!route) return null;
  const creatable = REPORT_TYPES.map((type) => ({ type, href: links.create(type) })).filter(
    (item) => item.href,
  );
  const remove = async () => {
    if (!deleting) return;
    try {
      await actions.remove.mutateAsync(deleting.report_id);
      showToast('success', t('deleted'));
      setDeleting(null);
    } catch (error) {
      showToast('error', failureMessage(error, t('failed')));
      setDeleting(null);
    }
  };
  const addTarget = (props: OnDemandTargetProps) => (
    <Button
      leftSection={<IconPlus size={16} aria-hidden="true" />}
      aria-haspopup="menu"
      data-testid="report-add"
      {...props}
    >
      {t('add')}
    </Button>
  );
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        <Group gap="sm">
          <RunningAppsExport />
          {/* The menu (Mantine's Menu) loads when its button is first hovered, focused or pressed. */}
          <OpenOnDemand load={loadReportAddMenu} target={addTarget}>
            <ReportAddMenu
              items={creatable.map((item) => ({
                ...item,
                href: item.href as string,
                label: t(`type.${item.type}`),
              }))}
              target={addTarget({})}
            />
          </OpenOnDemand>
        </Group>
      }
    >
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(row) => row.report_id}
        label={t('tableLabel')}
        searchLabel={t('search')}
        emptyTitle={t('emptyTitle')}
        emptyDescription={t('emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(row) => t('actions.rowActions', { name: row.name })}
        filters={
          <>
            <NativeSelect
              label={t('columns.type')}
              value={list.params.filters.report_type ?? ''}
              onChange={(event) => list.setFilter('report_type', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('all') },
                ...REPORT_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
              ]}
              data-testid="reports-type-filter"
            />
            <NativeSelect
              label={t('columns.status')}
              value={list.params.filters.status ?? ''}
              onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('all') },
                ...REPORT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
              ]}
              data-testid="reports-status-filter"
            />
          </>
        }
      />
      <ConfirmAction
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        title={t('deleteTitle')}
        message={t('deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        testId="report-delete"
      />
    </PageFrame>
  );
};

export default ReportListPage;
