// /audience (and the other roles' paths): the audiences the user may see, paged, sorted and searched
// on the server, filtered by status and source; each with its status and matched size.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import type { AudienceListItem } from '@console/core/api/audiences';
import { AUDIENCE_STATUSES } from '@console/core/audience-status';
import { Anchor, NativeSelect } from '@mantine/core';
import { IconEye, IconHistory } from '@tabler/icons-react';
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
import { useAudiences } from '../api/audiences.ts';
import { useListLinks } from '../components/list-links.ts';
import { AudienceStatusBadge } from './audience-status-badge.tsx';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  filterKeys: ['status', 'source', 'advertiser_id'],
};

const AudienceListPage = () => {
  const { t, i18n } = useTranslation('lists');
  const route = useCurrentRoute();
  const links = useListLinks();
  const list = useListParams('audiences', LIST_OPTIONS);
  const query = useAudiences(list.query);
  const columns = useMemo<DataColumn<AudienceListItem>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (row) => {
          const href = links.audience.view(row.audience_id);
          return href ? (
            <Anchor component={Link} to={href} fw={500} data-testid="audience-row-name">
              {row.name}
            </Anchor>
          ) : (
            row.name
          );
        },
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortKey: 'status',
        cell: (row) => <AudienceStatusBadge status={row.status} />,
      },
      { id: 'source', header: t('columns.source'), cell: (row) => t(`source.${row.source}`) },
      {
        id: 'size',
        header: t('columns.size'),
        sortKey: 'matched_size',
        descFirst: true,
        align: 'right',
        cell: (row) => (row.matched_size === null ? '—' : row.matched_size.toLocaleString(i18n.language)),
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
  const rowActions = (row: AudienceListItem): RowAction[] =>
    [
      {
        key: 'view',
        label: t('actions.view'),
        icon: <IconEye size={16} aria-hidden="true" />,
        href: links.audience.view(row.audience_id),
      },
      {
        key: 'changelog',
        label: t('actions.changelog'),
        icon: <IconHistory size={16} aria-hidden="true" />,
        href: links.audience.changelog(row.audience_id),
      },
    ].filter((action) => action.href) as RowAction[];
  if (!route) return null;
  const create = links.audience.create();
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        create ? (
          <CreateLinkButton to={create} testId="audience-add">
            {t('audience.add')}
          </CreateLinkButton>
        ) : undefined
      }
    >
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(row) => row.audience_id}
        label={t('audience.tableLabel')}
        searchLabel={t('audience.search')}
        emptyTitle={t('audience.emptyTitle')}
        emptyDescription={t('audience.emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(row) => t('actions.rowActions', { name: row.name })}
        filters={
          <>
            <NativeSelect
              label={t('columns.status')}
              value={list.params.filters.status ?? ''}
              onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('audienceStatus.all') },
                ...AUDIENCE_STATUSES.map((status) => ({
                  value: status,
                  label: t(`audienceStatus.${status}`),
                })),
              ]}
              data-testid="audiences-status-filter"
            />
            <NativeSelect
              label={t('columns.source')}
              value={list.params.filters.source ?? ''}
              onChange={(event) => list.setFilter('source', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('source.all') },
                { value: 'UPLOAD', label: t('source.UPLOAD') },
                { value: 'RULE', label: t('source.RULE') },
              ]}
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

export default AudienceListPage;
