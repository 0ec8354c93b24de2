// /admin/dsplist: DSP connections, paged and sorted by the server, filtered by type and status;
// each row can be viewed, edited, activated / deactivated and tested.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import type { Dsp } from '@console/core/api/dsps';
import { DSP_TYPE_NAMES } from '@console/core/dsp-types';
import { Anchor, Button, Group, NativeSelect, Text } from '@mantine/core';
import {
  IconEdit,
  IconEye,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlugConnected,
  IconRoute,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { CreateLinkButton } from '../../components/create-link-button.tsx';
import { type DataColumn, DataTable, type RowAction } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { formatDateTime, localeOf } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useDsps } from './api/list-dsps.ts';
import { DspStatusBadge, ToneBadge } from './components/dsp-status-badge.tsx';
import { typeLabel } from './components/dsp-type-text.ts';
import { useDspActions } from './components/use-dsp-actions.tsx';
import { DSP_PATHS } from './dsp-paths.ts';

const LIST_OPTIONS: ListParamsOptions = { sort: 'name', order: 'asc', filterKeys: ['type', 'status'] };

const DspListPage = () => {
  const { t, i18n } = useTranslation('dsp');
  const route = useCurrentRoute();
  const list = useListParams('dsps', LIST_OPTIONS);
  const query = useDsps(list.query);
  const actions = useDspActions();

  const columns = useMemo<DataColumn<Dsp>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (dsp) => (
          <Anchor component={Link} to={DSP_PATHS.view(dsp.id)} fw={500} data-testid="dsp-row-name">
            {dsp.name}
          </Anchor>
        ),
      },
      { id: 'type', header: t('columns.type'), sortKey: 'type', cell: (dsp) => typeLabel(t, dsp.type) },
      {
        id: 'endpoint',
        header: t('columns.endpoint'),
        cell: (dsp) => (
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {dsp.endpoint_url}
          </Text>
        ),
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortKey: 'status',
        cell: (dsp) => <DspStatusBadge status={dsp.status} />,
      },
      {
        id: 'exchanges',
        header: t('columns.exchanges'),
        align: 'right',
        cell: (dsp) => dsp.exchanges.length,
      },
      {
        id: 'qps',
        header: t('columns.qps'),
        align: 'right',
        cell: (dsp) => dsp.qps_limit.toLocaleString(localeOf(i18n.language)),
      },
      {
        id: 'lastTest',
        header: t('columns.lastTest'),
        cell: (dsp) =>
          dsp.last_test ? (
            <Group gap={6} wrap="nowrap">
              <ToneBadge tone={dsp.last_test.ok ? 'ok' : 'bad'}>
                {dsp.last_test.ok ? t('test.ok') : t('test.failed')}
              </ToneBadge>
              <Text size="xs" c="dimmed">
                {formatDateTime(dsp.last_test.at, i18n.language)}
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('test.notRun')}
            </Text>
          ),
      },
      {
        id: 'createdAt',
        header: t('columns.created'),
        sortKey: 'createdAt',
        descFirst: true,
        hiddenByDefault: true,
        cell: (dsp) => formatDateTime(dsp.createdAt, i18n.language),
      },
    ],
    [t, i18n.language],
  );

  const rowActions = (dsp: Dsp): RowAction[] => [
    {
      key: 'view',
      label: t('actions.view'),
      icon: <IconEye size={16} aria-hidden="true" />,
      href: DSP_PATHS.view(dsp.id),
    },
    {
      key: 'edit',
      label: t('actions.edit'),
      icon: <IconEdit size={16} aria-hidden="true" />,
      href: DSP_PATHS.edit(dsp.id),
    },
    {
      key: 'test',
      label: t('actions.test'),
      icon: <IconPlugConnected size={16} aria-hidden="true" />,
      onClick: () => actions.runTest(dsp),
      disabled: actions.testingId === dsp.id,
    },
    dsp.status === 'ACTIVE'
      ? {
          key: 'deactivate',
          label: t('actions.deactivate'),
          icon: <IconPlayerPause size={16} aria-hidden="true" />,
          color: 'red',
          dividerBefore: true,
          onClick: () => actions.askStatusChange(dsp),
        }
      : {
          key: 'activate',
          // Only a connection that passed its last test may buy (the server refuses the others).
          label: dsp.last_test?.ok ? t('actions.activate') : t('actions.activateNeedsTest'),
          icon: <IconPlayerPlay size={16} aria-hidden="true" />,
          dividerBefore: true,
          disabled: !dsp.last_test?.ok,
          onClick: () => actions.askStatusChange(dsp),
        },
  ];

  if (!route) return null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        <Group gap="sm">
          <Button
            component={Link}
            to={DSP_PATHS.onboarding}
            variant="light"
            leftSection={<IconRoute size={16} aria-hidden="true" />}
          >
            {t('actions.onboarding')}
          </Button>
          <CreateLinkButton to={DSP_PATHS.create} testId="dsp-add">
            {t('actions.add')}
          </CreateLinkButton>
        </Group>
      }
    >
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(dsp) => dsp.id}
        label={t('list.label')}
        searchLabel={t('list.search')}
        emptyTitle={t('list.emptyTitle')}
        emptyDescription={t('list.emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(dsp) => t('list.rowActions', { name: dsp.name })}
        filters={
          <>
            <NativeSelect
              label={t('columns.type')}
              value={list.params.filters.type ?? ''}
              onChange={(event) => list.setFilter('type', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('list.allTypes') },
                ...DSP_TYPE_NAMES.map((type) => ({ value: type, label: typeLabel(t, type) })),
              ]}
              data-testid="dsps-type-filter"
            />
            <NativeSelect
              label={t('columns.status')}
              value={list.params.filters.status ?? ''}
              onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('list.allStatuses') },
                { value: 'ACTIVE', label: t('status.ACTIVE') },
                { value: 'INACTIVE', label: t('status.INACTIVE') },
              ]}
              data-testid="dsps-status-filter"
            />
          </>
        }
      />
      {actions.dialog}
    </PageFrame>
  );
};

export default DspListPage;
