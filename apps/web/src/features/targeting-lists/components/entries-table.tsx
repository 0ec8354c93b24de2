// The entries of a list (inventory list or smart-app list), paged and searched on the server: a page
// of a million entries costs the same as the first (the server walks its index), and the search finds
// entries that start with the text typed.
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import {
  type DataColumn,
  DataTable,
  type DataTableQuery,
} from '../../../components/data-table/data-table.tsx';
import type { ListParamsControl } from '../../../components/data-table/use-list-params.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

type EntryRow = { value: string };

export const EntriesTable = ({
  list,
  query,
  label,
  testId = 'entries',
}: {
  list: ListParamsControl;
  query: DataTableQuery<string>;
  label: string;
  testId?: string;
}) => {
  const { t } = useTranslation('lists');
  const columns = useMemo<DataColumn<EntryRow>[]>(
    () => [
      {
        id: 'value',
        header: t('entries.value'),
        hideable: false,
        isRowHeader: true,
        cell: (row) => (
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid={`${testId}-value`}>
            {row.value}
          </Text>
        ),
      },
    ],
    [t, testId],
  );
  const rows = useMemo(
    () => ({
      ...query,
      data: query.data ? { ...query.data, items: query.data.items.map((value) => ({ value })) } : undefined,
    }),
    [query],
  );
  return (
    <DataTable
      list={list}
      columns={columns}
      query={rows}
      getRowId={(row) => row.value}
      label={label}
      searchLabel={t('entries.search')}
      withColumnChooser={false}
      emptyTitle={t('entries.empty')}
      emptyDescription={t('entries.emptyHint')}
      pageSizes={[50, 100, 250, 500]}
    />
  );
};
