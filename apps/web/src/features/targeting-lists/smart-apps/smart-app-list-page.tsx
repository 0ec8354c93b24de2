// /admin/smart-apps and /co-admin/smart-apps: the curated smart-app lists, paged, sorted and searched
// on the server, with their place on the taxonomy and how many campaigns target them.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import type { SmartAppListItem } from '@console/core/api/smart-app-lists';
import { Anchor } from '@mantine/core';
import { IconEdit, IconEye, IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreateLinkButton } from '../../../components/create-link-button.tsx';
import { type DataColumn, DataTable, type RowAction } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useSmartAppLists } from '../api/smart-app-lists.ts';
import { useListLinks } from '../components/list-links.ts';
import { placementOf } from './placement.ts';

const LIST_OPTIONS: ListParamsOptions = { sort: 'name', order: 'asc' };

const SmartAppListPage = () => {
  const { t, i18n } = useTranslation('lists');
  const route = useCurrentRoute();
  const links = useListLinks();
  const list = useListParams('smart-app-lists', LIST_OPTIONS);
  const query = useSmartAppLists(list.query);
  const columns = useMemo<DataColumn<SmartAppListItem>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (row) => {
          const href = links.smartApp.view(row.list_id);
          return href ? (
            <Anchor component={Link} to={href} fw={500} data-testid="smart-app-row-name">
              {row.name}
            </Anchor>
          ) : (
            row.name
          );
        },
      },
      { id: 'placement', header: t('columns.placement'), cell: placementOf },
      {
        id: 'apps',
        header: t('columns.apps'),
        sortKey: 'app_count',
        descFirst: true,
        align: 'right',
        cell: (row) => row.app_count.toLocaleString(i18n.language),
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
    [t, i18n.language, links],
  );
  const rowActions = (row: SmartAppListItem): RowAction[] =>
    [
      {
        key: 'view',
        label: t('actions.view'),
        icon: <IconEye size={16} aria-hidden="true" />,
        href: links.smartApp.view(row.list_id),
      },
      {
        key: 'edit',
        label: t('actions.edit'),
        icon: <IconEdit size={16} aria-hidden="true" />,
        href: links.smartApp.edit(row.list_id),
      },
      {
        key: 'changelog',
        label: t('actions.changelog'),
        icon: <IconHistory size={16} aria-hidden="true" />,
        href: links.smartApp.changelog(row.list_id),
      },
    ].filter((action) => action.href) as RowAction[];
  if (!route) return null;
  const create = links.smartApp.create();
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        create ? (
          <CreateLinkButton to={create} testId="smart-app-add">
            {t('smartApp.add')}
          </CreateLinkButton>
        ) : undefined
      }
    >
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(row) => row.list_id}
        label={t('smartApp.tableLabel')}
        searchLabel={t('smartApp.search')}
        emptyTitle={t('smartApp.emptyTitle')}
        emptyDescription={t('smartApp.emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(row) => t('actions.rowActions', { name: row.name })}
      />
    </PageFrame>
  );
};

export default SmartAppListPage;
