// The creatives a bulk page works on: the caller's creatives (GET /api/creatives, server-paged,
// sorted, searched, filtered by type and status) with a checkbox per row. The selection lives in the
// page (the `?ids=` of the URL) and survives paging and filtering; rows seen are handed to the page
// so that it can name the selected creatives and tell their types.
import '../../../components/data-table/data-table-styles.ts';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Input.css';
import type { CreativeListItem } from '@console/core/api/creatives';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconSquareOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCreatives } from '../api/list-creatives.ts';
import { CreativeTypeStatusFilters } from '../components/creative-filters.tsx';
import { CreativeThumbnail } from '../components/creative-preview.tsx';
import {
  CreativeExchangeSummary,
  CreativeStatusBadge,
  CreativeTypeBadge,
} from '../components/creative-status-badge.tsx';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  filterKeys: ['creative_type', 'status'],
  limit: 10,
};

export type CreativeSelectionTableProps = {
  tableId: string;
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Every page of rows the table loads (the page remembers names and types). */
  onRows?: (rows: readonly CreativeListItem[]) => void;
  /** Extra buttons in the toolbar. */
  toolbar?: ReactNode;
  /** The edit page shows each click URL; the status page the approval counts per exchange. */
  variant?: 'edit' | 'status';
};

export const CreativeSelectionTable = ({
  tableId,
  selected,
  onChange,
  onRows,
  toolbar,
  variant = 'edit',
}: CreativeSelectionTableProps) => {
  const { t, i18n } = useTranslation('creative-bulk');
  const role = useSession().auth?.role;
  const href = useFeatureHref();
  const list = useListParams(tableId, LIST_OPTIONS);
  const query = useCreatives(list.query);

  useEffect(() => {
    if (query.data && onRows) onRows(query.data.items);
  }, [query.data, onRows]);

  const columns = useMemo<DataColumn<CreativeListItem>[]>(() => {
    const nameCell = (creative: CreativeListItem) => {
      const to = href('creative.view', { id: creative.creative_primary_id });
      return (
        <Group gap="sm" wrap="nowrap">
          <CreativeThumbnail creative={creative} size={40} testId={`${tableId}-thumb`} />
          <Stack gap={0}>
            {to ? (
              <Anchor component={Link} to={to} fw={500} size="sm">
                {creative.name}
              </Anchor>
            ) : (
              <Text fw={500} size="sm">
                {creative.name}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('selection.idLabel', { id: creative.creative_primary_id })}
            </Text>
          </Stack>
        </Group>
      );
    };
    const all: (DataColumn<CreativeListItem> | false)[] = [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: nameCell,
      },
      {
        id: 'type',
        header: t('columns.type'),
        sortKey: 'creative_type',
        cell: (creative) => <CreativeTypeBadge type={creative.creative_type} testId={`${tableId}-type`} />,
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortKey: 'status',
        cell: (creative) => <CreativeStatusBadge status={creative.status} testId={`${tableId}-status`} />,
      },
      role !== 'ADVERTISER' && {
        id: 'advertiser',
        header: t('columns.advertiser'),
        cell: (creative) => creative.advertiser.companyName || creative.advertiser.email,
      },
      { id: 'size', header: t('columns.size'), cell: (creative) => creative.size ?? '—' },
      variant === 'edit' && {
        id: 'clickUrl',
        header: t('columns.clickUrl'),
        cell: (creative) =>
          creative.click_url ? (
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {creative.click_url}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('selection.noClickUrl')}
            </Text>
          ),
      },
      variant === 'status' && {
        id: 'exchanges',
        header: t('columns.exchanges'),
        cell: (creative) => (
          <CreativeExchangeSummary counts={creative.exchange_counts} testId={`${tableId}-exchanges`} />
        ),
      },
      {
        id: 'updated',
        header: t('columns.updated'),
        sortKey: 'updated_at',
        descFirst: true,
        hiddenByDefault: true,
        cell: (creative) => formatDateTime(creative.updated_at, i18n.language),
      },
    ];
    return all.filter((column): column is DataColumn<CreativeListItem> => Boolean(column));
  }, [t, i18n.language, role, href, tableId, variant]);

  return (
    <DataTable
      list={list}
      columns={columns}
      query={query}
      getRowId={(creative) => creative.creative_primary_id}
      label={t('selection.tableLabel')}
      searchLabel={t('selection.search')}
      emptyTitle={t('selection.emptyTitle')}
      emptyDescription={t('selection.emptyBody')}
      selection={{
        selected,
        onChange,
        rowLabel: (creative) => t('selection.selectRow', { name: creative.name }),
      }}
      filters={<CreativeTypeStatusFilters list={list} testIdPrefix={tableId} />}
      toolbar={
        <>
          {toolbar}
          <Button
            variant="default"
            leftSection={<IconSquareOff size={16} aria-hidden="true" />}
            disabled={selected.size === 0}
            onClick={() => onChange(new Set())}
            data-testid={`${tableId}-clear`}
          >
            {t('selection.clear')}
          </Button>
        </>
      }
    />
  );
};
