// The exchanges tab: every exchange (server-paged, sorted, searched by name or key, filtered by
// status), added and edited in a dialog, its notice settings (window, price keys) in another,
// activated or deactivated after a confirmation, each with its change log in a drawer.
import '../../components/data-table/data-table-styles.ts';
import '@mantine/core/styles/Input.css';
import { EXCHANGE_STATUSES, type Exchange } from '@console/core/api/reference';
import { Button, NativeSelect, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconEdit,
  IconHistory,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { type DataColumn, DataTable, type RowAction } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useExchangeList } from './api/list-exchanges.ts';
import { useSaveExchange } from './api/save-exchange.ts';
import { ChangeLogDrawer, type ChangeLogSubject } from './change-log-drawer.tsx';
import { ExchangeFormModal } from './exchange-form-modal.tsx';
import { ExchangeSettingsModal } from './exchange-settings-modal.tsx';
import { useMetadataMessage } from './message-text.ts';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'name',
  order: 'asc',
  filterKeys: ['status'],
  prefix: 'ex_',
};
const EXCHANGE_LOG_ACTIONS = ['create', 'update', 'status', 'config'] as const;

export const ExchangesTab = () => {
  const { t, i18n } = useTranslation('metadata');
  const messageOf = useMetadataMessage();
  const list = useListParams('metadata-exchanges', LIST_OPTIONS);
  const query = useExchangeList(list.query);
  const save = useSaveExchange();
  /** undefined: closed; null: a new exchange. */
  const [editing, setEditing] = useState<Exchange | null | undefined>(undefined);
  const [toggling, setToggling] = useState<Exchange | null>(null);
  const [configuring, setConfiguring] = useState<Exchange | null>(null);
  const [log, setLog] = useState<ChangeLogSubject | null>(null);

  const columns = useMemo<DataColumn<Exchange>[]>(
    () => [
      {
        id: 'name',
        header: t('exchanges.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (exchange) => exchange.name,
      },
      {
        id: 'key',
        header: t('exchanges.key'),
        sortKey: 'key',
        cell: (exchange) => (
          <Text size="sm" ff="monospace">
            {exchange.key}
          </Text>
        ),
      },
      {
        id: 'status',
        header: t('exchanges.status'),
        sortKey: 'status',
        cell: (exchange) => <StatusBadge status={exchange.status} />,
      },
      {
        id: 'created',
        header: t('exchanges.created_at'),
        sortKey: 'createdAt',
        descFirst: true,
        cell: (exchange) => formatDateTime(exchange.createdAt, i18n.language),
      },
      {
        id: 'updated',
        header: t('exchanges.updated_at'),
        hiddenByDefault: true,
        cell: (exchange) => formatDateTime(exchange.updatedAt, i18n.language),
      },
    ],
    [t, i18n.language],
  );

  const openLog = (exchange: Exchange) =>
    setLog({
      title: t('exchanges.logTitle', { name: exchange.name }),
      path: `/api/admin/metadata/exchanges/${exchange.id}/change-log`,
      actions: EXCHANGE_LOG_ACTIONS,
    });

  const rowActions = (exchange: Exchange): RowAction[] => [
    {
      key: 'edit',
      label: t('exchanges.edit'),
      icon: <IconEdit size={16} aria-hidden="true" />,
      onClick: () => setEditing(exchange),
    },
    {
      key: 'settings',
      label: t('settings.action'),
      icon: <IconAdjustments size={16} aria-hidden="true" />,
      onClick: () => setConfiguring(exchange),
    },
    {
      key: 'change-log',
      label: t('changeLog'),
      icon: <IconHistory size={16} aria-hidden="true" />,
      onClick: () => openLog(exchange),
    },
    exchange.status === 'ACTIVE'
      ? {
          key: 'deactivate',
          label: t('exchanges.deactivate'),
          icon: <IconPlayerPause size={16} aria-hidden="true" />,
          color: 'red',
          dividerBefore: true,
          onClick: () => setToggling(exchange),
        }
      : {
          key: 'activate',
          label: t('exchanges.activate'),
          icon: <IconPlayerPlay size={16} aria-hidden="true" />,
          dividerBefore: true,
          onClick: () => setToggling(exchange),
        },
  ];

  const toggle = async () => {
    if (!toggling) return;
    const status = toggling.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
    try {
      const saved = await save.mutateAsync({
        id: toggling.id,
        body: { name: toggling.name, key: toggling.key, status },
      });
      showToast(
        'success',
        t(status === 'ACTIVE' ? 'exchanges.activated' : 'exchanges.deactivated', { name: saved.name }),
      );
    } catch (error) {
      showToast('error', messageOf(failureMessage(error, t('exchanges.saveFailed'))) ?? '');
      throw error;
    }
  };

  return (
    <>
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(exchange) => exchange.id}
        label={t('exchanges.tableLabel')}
        searchLabel={t('exchanges.search')}
        emptyTitle={t('exchanges.emptyTitle')}
        emptyDescription={t('exchanges.emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(exchange) => t('exchanges.rowActions', { name: exchange.name })}
        filters={
          <NativeSelect
            label={t('exchanges.status')}
            value={list.params.filters.status ?? ''}
            onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
            data={[
              { value: '', label: t('exchanges.allStatuses') },
              ...EXCHANGE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
            ]}
            data-testid="metadata-exchanges-status-filter"
          />
        }
        toolbar={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing(null)}
            data-testid="exchange-add"
          >
            {t('exchanges.add')}
          </Button>
        }
      />
      <ExchangeFormModal exchange={editing} onClose={() => setEditing(undefined)} />
      <ExchangeSettingsModal exchange={configuring} onClose={() => setConfiguring(null)} />
      <ConfirmAction
        opened={toggling !== null}
        onClose={() => setToggling(null)}
        onConfirm={toggle}
        danger={toggling?.status === 'ACTIVE'}
        title={t(toggling?.status === 'ACTIVE' ? 'exchanges.deactivateTitle' : 'exchanges.activateTitle', {
          name: toggling?.name ?? '',
        })}
        message={t(toggling?.status === 'ACTIVE' ? 'exchanges.deactivateBody' : 'exchanges.activateBody')}
        confirmLabel={t(toggling?.status === 'ACTIVE' ? 'exchanges.deactivate' : 'exchanges.activate')}
        testId="exchange-status-confirm"
      />
      <ChangeLogDrawer subject={log} onClose={() => setLog(null)} closeLabel={t('close')} />
    </>
  );
};
