// The creatives grid of /creatives (every role's creative list) and of one campaign's creatives:
// thumbnail, name (to the view), type, size, status, approvals per exchange, advertiser domain and
// IAB categories, advertiser, DSP
// associate id (hidden at first) and dates; row actions view, edit and change log; optional
// selection for the bulk pages.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import type { CreativeListItem } from '@console/core/api/creatives';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconEdit, IconEye, IconHistory } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import {
  type DataColumn,
  DataTable,
  type DataTableProps,
  type RowAction,
} from '../../../components/data-table/data-table.tsx';
import type { ListParamsControl } from '../../../components/data-table/use-list-params.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import type { CreativePage } from '../api/list-creatives.ts';
import { CreativeAdIdentity } from '../components/creative-ad-identity.tsx';
import { CreativeThumbnail } from '../components/creative-preview.tsx';
import {
  CreativeExchangeSummary,
  CreativeStatusBadge,
  CreativeTypeBadge,
} from '../components/creative-status-badge.tsx';
import { sizeTextOf } from './creative-list-model.ts';

export type CreativeTableProps = {
  list: ListParamsControl;
  query: DataTableProps<CreativeListItem>['query'] & { data: CreativePage | undefined };
  label: string;
  onEdit: (creative: CreativeListItem) => void;
  filters?: ReactNode;
  toolbar?: ReactNode;
  selection?: DataTableProps<CreativeListItem>['selection'];
  emptyTitle?: string;
  emptyDescription?: string;
};

export const CreativeTable = ({
  list,
  query,
  label,
  onEdit,
  filters,
  toolbar,
  selection,
  emptyTitle,
  emptyDescription,
}: CreativeTableProps) => {
  const { t, i18n } = useTranslation('creatives');
  const href = useFeatureHref();
  const role = useSession().auth?.role;
  const tableId = list.tableId;

  const columns = useMemo<DataColumn<CreativeListItem>[]>(() => {
    const all: (DataColumn<CreativeListItem> | null)[] = [
      {
        id: 'preview',
        header: t('columns.preview'),
        width: 80,
        cell: (creative) => (
          <CreativeThumbnail
            creative={creative}
            testId={`${tableId}-thumb-${creative.creative_primary_id}`}
          />
        ),
      },
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (creative) => {
          const to = href('creative.view', { id: creative.creative_primary_id });
          return (
            <Stack gap={0}>
              {to ? (
                <Anchor
                  component={Link}
                  to={to}
                  fw={500}
                  data-testid={`${tableId}-name-${creative.creative_primary_id}`}
                >
                  {creative.name}
                </Anchor>
              ) : (
                <Text fw={500} size="sm">
                  {creative.name}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                #{creative.creative_primary_id}
              </Text>
            </Stack>
          );
        },
      },
      {
        id: 'type',
        header: t('columns.type'),
        sortKey: 'creative_type',
        cell: (creative) => <CreativeTypeBadge type={creative.creative_type} />,
      },
      {
        id: 'size',
        header: t('columns.size'),
        cell: (creative) => {
          const text = sizeTextOf(creative);
          return text ? (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {text === 'VAST' ? t('list.vast') : text}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('list.noSize')}
            </Text>
          );
        },
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortKey: 'status',
        cell: (creative) => (
          <CreativeStatusBadge
            status={creative.status}
            testId={`${tableId}-status-${creative.creative_primary_id}`}
          />
        ),
      },
      {
        id: 'exchanges',
        header: t('columns.exchanges'),
        cell: (creative) => <CreativeExchangeSummary counts={creative.exchange_counts} />,
      },
      {
        id: 'adIdentity',
        header: t('columns.adIdentity'),
        cell: (creative) => (
          <CreativeAdIdentity
            creative={creative}
            testId={`${tableId}-identity-${creative.creative_primary_id}`}
          />
        ),
      },
      role === 'ADVERTISER'
        ? null
        : {
            id: 'advertiser',
            header: t('columns.advertiser'),
            cell: (creative) => (
              <Stack gap={0}>
                <Text size="sm">{creative.advertiser.companyName || creative.advertiser.email}</Text>
                {creative.advertiser.companyName ? (
                  <Text size="xs" c="dimmed">
                    {creative.advertiser.email}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
      {
        id: 'associateId',
        header: t('columns.associateId'),
        hiddenByDefault: true,
        cell: (creative) =>
          creative.creative_associate_id ? (
            <Text size="sm" ff="monospace">
              {creative.creative_associate_id}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('list.none')}
            </Text>
          ),
      },
      {
        id: 'created',
        header: t('columns.created'),
        sortKey: 'created_at',
        descFirst: true,
        cell: (creative) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(creative.created_at, i18n.language)}
          </Text>
        ),
      },
      {
        id: 'updated',
        header: t('columns.updated'),
        sortKey: 'updated_at',
        descFirst: true,
        hiddenByDefault: true,
        cell: (creative) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(creative.updated_at, i18n.language)}
          </Text>
        ),
      },
    ];
    return all.filter((column): column is DataColumn<CreativeListItem> => column !== null);
  }, [t, i18n.language, href, role, tableId]);

  const rowActions = (creative: CreativeListItem): RowAction[] => {
    const id = creative.creative_primary_id;
    const view = href('creative.view', { id });
    const log = href('creative.changelog', { id });
    const actions: RowAction[] = [];
    if (view)
      actions.push({
        key: 'view',
        label: t('actions.view'),
        icon: <IconEye size={16} aria-hidden="true" />,
        href: view,
      });
    actions.push({
      key: 'edit',
      label: t('actions.edit'),
      icon: <IconEdit size={16} aria-hidden="true" />,
      onClick: () => onEdit(creative),
    });
    if (log)
      actions.push({
        key: 'changelog',
        label: t('actions.changeLog'),
        icon: <IconHistory size={16} aria-hidden="true" />,
        href: log,
      });
    return actions;
  };

  return (
    <DataTable
      list={list}
      columns={columns}
      query={query}
      getRowId={(creative) => creative.creative_primary_id}
      label={label}
      searchLabel={t('list.search')}
      emptyTitle={emptyTitle ?? t('list.emptyTitle')}
      emptyDescription={emptyDescription ?? t('list.emptyBody')}
      rowActions={rowActions}
      rowActionsLabel={(creative) => t('list.rowActions', { name: creative.name })}
      filters={filters}
      toolbar={toolbar}
      selection={selection}
    />
  );
};
