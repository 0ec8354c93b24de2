// /audience (and the other roles' paths): the audiences the user may see, paged, sorted and searched
// on the server, filtered by status and source; each with its status and matched size.
import type { AudienceListItem } from '@console/core/api/audiences';
import { AUDIENCE_STATUSES } from '@console/core/audience-status';
import { NativeSelect } from '@mantine/core';
import { useMemo } from 'react';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useAudiences } from '../api/audiences.ts';
import { AdvertiserFilter, ListKindPage, ownedListColumns } from '../components/list-kind-page.tsx';
import { AudienceStatusBadge } from './audience-status-badge.tsx';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  filterKeys: ['status', 'source', 'advertiser_id'],
};

const idOf = (row: AudienceListItem) => row.audience_id;

const AudienceListPage = () => {
  const { t, i18n } = useTranslation('lists');
  const list = useListParams('audiences', LIST_OPTIONS);
  const query = useAudiences(list.query);
  const columns = useMemo<DataColumn<AudienceListItem>[]>(
    () => [
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
        cell: (row) =>
          row.matched_size === null ? '—' : row.matched_size.toLocaleString(localeOf(i18n.language)),
      },
      ...ownedListColumns<AudienceListItem>(t, i18n.language),
    ],
    [t, i18n.language],
  );
  return (
    <ListKindPage
      kind="audience"
      testId="audience"
      list={list}
      query={query}
      idOf={idOf}
      columns={columns}
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
          <AdvertiserFilter list={list} />
        </>
      }
    />
  );
};

export default AudienceListPage;
