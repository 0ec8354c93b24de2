// /inventory-list (and /agency, /admin, /co-admin): the inventory lists the user may see, paged,
// sorted and searched on the server, filtered by kind (and advertiser for agencies and staff); each
// row opens, edits, exports or shows the change log of its list.
import '@mantine/core/styles/Badge.css';
import type { ApplistListItem } from '@console/core/api/inventory-lists';
import { Badge, NativeSelect } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useApplists } from '../api/inventory-lists.ts';
import { AdvertiserFilter, ListKindPage, ownedListColumns } from '../components/list-kind-page.tsx';
import { downloadExport } from './export-list.ts';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  filterKeys: ['kind', 'advertiser_id'],
};

const idOf = (row: ApplistListItem) => row.applist_id;

const InventoryListPage = () => {
  const { t, i18n } = useTranslation('lists');
  const list = useListParams('applists', LIST_OPTIONS);
  const query = useApplists(list.query);

  const columns = useMemo<DataColumn<ApplistListItem>[]>(
    () => [
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
        cell: (row) => row.entry_count.toLocaleString(localeOf(i18n.language)),
      },
      ...ownedListColumns<ApplistListItem>(t, i18n.language),
    ],
    [t, i18n.language],
  );

  return (
    <ListKindPage
      kind="inventory"
      testId="applist"
      list={list}
      query={query}
      idOf={idOf}
      columns={columns}
      actions={(row) => [
        {
          key: 'export',
          label: t('actions.export'),
          icon: <IconDownload size={16} aria-hidden="true" />,
          onClick: () => void downloadExport(row.applist_id, row.name),
        },
      ]}
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
          <AdvertiserFilter list={list} />
        </>
      }
    />
  );
};

export default InventoryListPage;
