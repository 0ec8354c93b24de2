// /inventory-list (and /agency, /admin, /co-admin): the inventory lists the user may see, paged,
// sorted and searched on the server, filtered by kind (and advertiser for agencies and staff); each
// row opens, edits, exports or shows the change log of its list.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import type { ApplistListItem } from '@console/core/api/inventory-lists';
import { Anchor, Badge, NativeSelect } from '@mantine/core';
import { IconDownload, IconEdit, IconEye, IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import { CreateLinkButton } from '../../../components/create-link-button.tsx';
import { type DataColumn, DataTable, type RowAction } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useApplists } from '../api/inventory-lists.ts';
import { useListLinks } from '../components/list-links.ts';
import { downloadExport } from './export-list.ts';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  filterKeys: ['kind', 'advertiser_id'],
};

const InventoryListPage = () => {
  const { t, i18n } = useTranslation('lists');
  const route = useCurrentRoute();
  const links = useListLinks();
  const list = useListParams('applists', LIST_OPTIONS);
  const query = useApplists(list.query);

  const columns = useMemo<DataColumn<ApplistListItem>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (row) => {
          const href = links.inventory.view(row.applist_id);
          return href ? (
            <Anchor component={Link} to={href} fw={500} data-testid="applist-row-name">
              {row.name}
            </Anchor>
          ) : (
            row.name
          );
        },
      },
      { id: 'kind', header: t('columns.kind'), cell: (row) => t(`kind.${row.kind}`) },
      {
        id: 'defaultMode',
        header: t('columns.defaultMode'),
        cell: (row) => (
          <Badge variant="light" color={row.default_mode === 'BLOCK' ? 'red' : 'green'}>
            {t(`mode.${row.default_mode}`)}
          </Badge>
        ),
      },
      {
        id: 'entries',
        header: t('columns.entries'),
        sortKey: 'entry_count',
        descFirst: true,
        align: 'right',
        cell: (row) => row.entry_count.toLocaleString(i18n.language),
      },
      { id: 'campaigns', header: t('columns.campaigns'), align: 'right', cell: (row) => row.campaign_count },
      {
        id: 'advertiser',
        header: t('columns.advertiser'),
        cell: (row) => row.advertiser.companyName || row.advertiser.email,
      },
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

  const rowActions = (row: ApplistListItem): RowAction[] =>
    [
      {
        key: 'view',
        label: t('actions.view'),
        icon: <IconEye size={16} aria-hidden="true" />,
        href: links.inventory.view(row.applist_id),
      },
      {
        key: 'edit',
        label: t('actions.edit'),
        icon: <IconEdit size={16} aria-hidden="true" />,
        href: links.inventory.edit(row.applist_id),
      },
      {
        key: 'export',
        label: t('actions.export'),
        icon: <IconDownload size={16} aria-hidden="true" />,
        onClick: () => void downloadExport(row.applist_id, row.name),
      },
      {
        key: 'changelog',
        label: t('actions.changelog'),
        icon: <IconHistory size={16} aria-hidden="true" />,
        href: links.inventory.changelog(row.applist_id),
      },
    ].filter((action) => !('href' in action) || action.href) as RowAction[];

  if (!route) return null;
  const create = links.inventory.create();
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        create ? (
          <CreateLinkButton to={create} testId="applist-add">
            {t('inventory.add')}
          </CreateLinkButton>
        ) : undefined
      }
    >
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(row) => row.applist_id}
        label={t('inventory.tableLabel')}
        searchLabel={t('inventory.search')}
        emptyTitle={t('inventory.emptyTitle')}
        emptyDescription={t('inventory.emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(row) => t('actions.rowActions', { name: row.name })}
        filters={
          <>
            <NativeSelect
              label={t('columns.kind')}
              value={list.params.filters.kind ?? ''}
              onChange={(event) => list.setFilter('kind', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('kind.all') },
                { value: 'APP', label: t('kind.APP') },
                { value: 'SITE', label: t('kind.SITE') },
              ]}
              data-testid="applists-kind-filter"
            />
            <AdvertiserPicker
              label={t('columns.advertiser')}
              value={list.params.filters.advertiser_id ? Number(list.params.filters.advertiser_id) : null}
              onChange={(choice) => list.setFilter('advertiser_id', choice ? String(choice.id) : null)}
              w={240}
            />
          </>
        }
      />
    </PageFrame>
  );
};

export default InventoryListPage;
