// /admin/smart-apps and /co-admin/smart-apps: the curated smart-app lists, paged, sorted and searched
// on the server, with their place on the taxonomy and how many campaigns target them.
import type { SmartAppListItem } from '@console/core/api/smart-app-lists';
import { useMemo } from 'react';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { formatDateTime, localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useSmartAppLists } from '../api/smart-app-lists.ts';
import { ListKindPage } from '../components/list-kind-page.tsx';
import { placementOf } from './placement.ts';

const LIST_OPTIONS: ListParamsOptions = { sort: 'name', order: 'asc' };

const idOf = (row: SmartAppListItem) => row.list_id;

const SmartAppListPage = () => {
  const { t, i18n } = useTranslation('lists');
  const list = useListParams('smart-app-lists', LIST_OPTIONS);
  const query = useSmartAppLists(list.query);
  const columns = useMemo<DataColumn<SmartAppListItem>[]>(
    () => [
      { id: 'placement', header: t('columns.placement'), cell: placementOf },
      {
        id: 'apps',
        header: t('columns.apps'),
        sortKey: 'app_count',
        descFirst: true,
        align: 'right',
        cell: (row) => row.app_count.toLocaleString(localeOf(i18n.language)),
      },
      { id: 'campaigns', header: t('columns.campaigns'), align: 'right', cell: (row) => row.campaign_count },
      {
        id: 'created',
        header: t('columns.created'),
        sortKey: 'created_at',
        descFirst: true,
        cell: (row) => formatDateTime(row.created_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
  return (
    <ListKindPage
      kind="smartApp"
      testId="smart-app"
      list={list}
      query={query}
      idOf={idOf}
      columns={columns}
    />
  );
};

export default SmartAppListPage;
