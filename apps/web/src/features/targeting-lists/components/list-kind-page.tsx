// The list page of each list kind (inventory lists, audiences, smart-app lists): the kind's lists
// paged, sorted and searched on the server in a table whose first column links the list's page,
// each row's menu to its view, edit and change-log pages (the ones the role has), and the kind's
// create button.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import { Anchor } from '@mantine/core';
import { IconEdit, IconEye, IconHistory } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import { CreateLinkButton } from '../../../components/create-link-button.tsx';
import {
  type DataColumn,
  DataTable,
  type DataTableQuery,
  type RowAction,
} from '../../../components/data-table/data-table.tsx';
import type { ListParamsControl } from '../../../components/data-table/use-list-params.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import type { TFunction } from '../../../lib/i18n/locale-store.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useListLinks } from './list-links.ts';

type ListKind = 'inventory' | 'audience' | 'smartApp';

type ListKindPageProps<T extends { name: string }> = {
  /** The kind: its links and its texts (`<kind>.add`, `.tableLabel`, `.search`, `.emptyTitle`, `.emptyBody`). */
  kind: ListKind;
  /** Prefix of the test ids `<testId>-row-name` and `<testId>-add`. */
  testId: string;
  list: ListParamsControl;
  query: DataTableQuery<T>;
  idOf: (row: T) => number;
  /** The columns after the name. */
  columns: readonly DataColumn<T>[];
  /** Row actions of the kind, between edit and the change log. */
  actions?: (row: T) => RowAction[];
  filters?: ReactNode;
};

export const ListKindPage = <T extends { name: string }>({
  kind,
  testId,
  list,
  query,
  idOf,
  columns,
  actions,
  filters,
}: ListKindPageProps<T>) => {
  const { t } = useTranslation('lists');
  const route = useCurrentRoute();
  const links = useListLinks()[kind];
  const editOf = (id: number) => ('edit' in links ? links.edit(id) : null);

  const allColumns = useMemo<DataColumn<T>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (row) => {
          const href = links.view(idOf(row));
          return href ? (
            <Anchor component={Link} to={href} fw={500} data-testid={`${testId}-row-name`}>
              {row.name}
            </Anchor>
          ) : (
            row.name
          );
        },
      },
      ...columns,
    ],
    [t, links, idOf, testId, columns],
  );

  const rowActions = (row: T): RowAction[] =>
    [
      {
        key: 'view',
        label: t('actions.view'),
        icon: <IconEye size={16} aria-hidden="true" />,
        href: links.view(idOf(row)),
      },
      {
        key: 'edit',
        label: t('actions.edit'),
        icon: <IconEdit size={16} aria-hidden="true" />,
        href: editOf(idOf(row)),
      },
      ...(actions?.(row) ?? []),
      {
        key: 'changelog',
        label: t('actions.changelog'),
        icon: <IconHistory size={16} aria-hidden="true" />,
        href: links.changelog(idOf(row)),
      },
    ].filter((action) => !('href' in action) || action.href) as RowAction[];

  if (!route) return null;
  const create = links.create();
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        create ? (
          <CreateLinkButton to={create} testId={`${testId}-add`}>
            {t(`${kind}.add`)}
          </CreateLinkButton>
        ) : undefined
      }
    >
      <DataTable
        list={list}
        columns={allColumns}
        query={query}
        getRowId={idOf}
        label={t(`${kind}.tableLabel`)}
        searchLabel={t(`${kind}.search`)}
        emptyTitle={t(`${kind}.emptyTitle`)}
        emptyDescription={t(`${kind}.emptyBody`)}
        rowActions={rowActions}
        rowActionsLabel={(row) => t('actions.rowActions', { name: row.name })}
        filters={filters}
      />
    </PageFrame>
  );
};

/** The owning advertiser as a filter of the list (agencies and staff; an advertiser sees its own). */
export const AdvertiserFilter = ({ list }: { list: ListParamsControl }) => {
  const { t } = useTranslation('lists');
  return (
    <AdvertiserPicker
      label={t('columns.advertiser')}
      value={list.params.filters.advertiser_id ? Number(list.params.filters.advertiser_id) : null}
      onChange={(choice) => list.setFilter('advertiser_id', choice ? String(choice.id) : null)}
      w={240}
    />
  );
};

type OwnedListItem = {
  campaign_count: number;
  advertiser: { email: string; companyName: string };
  updated_at: string;
};

/** The last columns of an advertiser-owned list: its campaigns, its advertiser, when it changed. */
export const ownedListColumns = <T extends OwnedListItem>(
  t: TFunction,
  language: string,
): DataColumn<T>[] => [
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
    cell: (row) => formatDateTime(row.updated_at, language),
  },
];
