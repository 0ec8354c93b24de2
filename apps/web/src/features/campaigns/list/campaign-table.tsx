// The campaign grid of every campaign list (all campaigns, one advertiser's): server-side paging,
// sorting and filters (status, advertiser, flight dates, name search), a column chooser, row actions
// with the status moves the role may make (core's lifecycle table) and, where the role has bulk
// pages, row selection handed to them as `?ids=1,2,3`.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Tooltip.css';
import type { CampaignListItem } from '@console/core/api/campaigns';
import { CAMPAIGN_STATUSES } from '@console/core/campaign-status';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconChecklist,
  IconCopy,
  IconEdit,
  IconEye,
  IconHistory,
  IconPhoto,
  IconServer,
  IconX,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import { CreateLinkButton } from '../../../components/create-link-button.tsx';
import { type DataColumn, DataTable, type RowAction } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { DateField } from '../../../components/date-field.tsx';
import { MultiSelect } from '../../../components/filter-select.tsx';
import { OnDemandTooltip } from '../../../components/on-demand.tsx';
import { formatDate, formatDateTime } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCampaigns } from '../api/list-campaigns.ts';
import { ImpressionsCell, PacingStateBadge, SpendCell } from '../components/campaign-delivery.tsx';
import {
  formatBid,
  formatBidRange,
  formatBudget,
  formatFlight,
  withIds,
} from '../components/campaign-format.ts';
import { movesForRole } from '../components/campaign-moves.ts';
import { CampaignStatusBadge } from '../components/campaign-status-badge.tsx';
import { ExchangeApprovalSummary } from '../components/exchange-approval-summary.tsx';
import { useCampaignLinks } from '../components/use-campaign-links.ts';
import { MoveIcon, useCampaignStatusActions } from '../components/use-campaign-status-actions.tsx';
import {
  CAMPAIGN_FILTER_KEYS,
  formatStatusFilter,
  isRangeBackwards,
  parseStatusFilter,
  selectedCampaignIds,
  toCampaignQuery,
} from './campaign-list-query.ts';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  limit: 25,
  pageSizes: [10, 25, 50, 100],
  filterKeys: CAMPAIGN_FILTER_KEYS,
};
const OWNER_LIST_OPTIONS: ListParamsOptions = {
  ...LIST_OPTIONS,
  filterKeys: CAMPAIGN_FILTER_KEYS.filter((key) => key !== 'advertiser_id'),
};

export type CampaignTableProps = {
  /** One advertiser's campaigns (GET /api/campaigns/advertiser/:id); all visible ones when absent. */
  advertiserId?: number;
  /** Names the list (URL state, column memory, test ids); default 'campaigns'. */
  tableId?: string;
};

export const CampaignTable = ({ advertiserId, tableId = 'campaigns' }: CampaignTableProps) => {
  const { t, i18n } = useTranslation('campaigns');
  const role = useSession().auth?.role ?? null;
  const isOwnerList = advertiserId !== undefined;
  const list = useListParams(tableId, isOwnerList ? OWNER_LIST_OPTIONS : LIST_OPTIONS);
  const apiQuery = useMemo(
    () => toCampaignQuery(list.query, { byOwner: isOwnerList }),
    [list.query, isOwnerList],
  );
  const query = useCampaigns(apiQuery, advertiserId);
  const links = useCampaignLinks();
  const status = useCampaignStatusActions();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());

  const showAdvertiser = role !== 'ADVERTISER' && !isOwnerList;
  const bulk = {
    edit: links.bulkEdit(),
    exchanges: links.bulkExchanges(),
    status: links.bulkStatus(),
  };
  const canSelect = Boolean(bulk.edit || bulk.exchanges || bulk.status);
  const selectedIds = selectedCampaignIds(selected);
  const { from, to } = list.params.filters;
  const isBackwards = isRangeBackwards(from, to);

  const columns = useMemo<DataColumn<CampaignListItem>[]>(() => {
    const language = i18n.language;
    const all: (DataColumn<CampaignListItem> | null)[] = [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (campaign) => {
          const view = links.view(campaign.campaign_id);
          return (
            <Stack gap={0}>
              {view ? (
                <Anchor component={Link} to={view} fw={500} size="sm" data-testid="campaign-row-name">
                  {campaign.name}
                </Anchor>
              ) : (
                <Text size="sm" fw={500} data-testid="campaign-row-name">
                  {campaign.name}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('list.id', { id: campaign.campaign_id })}
              </Text>
            </Stack>
          );
        },
      },
      showAdvertiser
        ? {
            id: 'advertiser',
            header: t('columns.advertiser'),
            cell: (campaign) => {
              const owner = links.byOwner(campaign.advertiser.user_primary_id);
              const name = campaign.advertiser.companyName || campaign.advertiser.email;
              return (
                <Stack gap={0}>
                  {owner ? (
                    <Anchor component={Link} to={owner} size="sm">
                      {name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{name}</Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {campaign.advertiser.email}
                  </Text>
                </Stack>
              );
            },
          }
        : null,
      {
        id: 'status',
        header: t('columns.status'),
        sortKey: 'status',
        cell: (campaign) => (
          <Stack gap={2} align="flex-start">
            <CampaignStatusBadge status={campaign.status} />
            {campaign.status === 'REJECTED' && campaign.rejection_reason ? (
              <OnDemandTooltip label={campaign.rejection_reason} multiline w={280} withArrow>
                <Text size="xs" c="red.9" lineClamp={2} maw={220} data-testid="campaign-row-reason">
                  {campaign.rejection_reason}
                </Text>
              </OnDemandTooltip>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'flight',
        header: t('columns.flight'),
        sortKey: 'start_at',
        descFirst: true,
        cell: (campaign) => (
          <Stack gap={0}>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatFlight(campaign.start_at, campaign.end_at, campaign.time_zone, language)}
            </Text>
            <Text size="xs" c="dimmed">
              {campaign.time_zone}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'end',
        header: t('columns.end'),
        sortKey: 'end_at',
        descFirst: true,
        hiddenByDefault: true,
        cell: (campaign) => formatDateTime(campaign.end_at, language, campaign.time_zone),
      },
      {
        id: 'budget',
        header: t('columns.budget'),
        sortKey: 'total_budget',
        descFirst: true,
        align: 'right',
        cell: (campaign) => (
          <Stack gap={0} align="flex-end">
            <Text size="sm">{formatBudget(campaign.total_budget_micros, language)}</Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {campaign.daily_budget_micros === null
                ? t('list.noDailyLimit')
                : t('list.daily', { amount: formatBudget(campaign.daily_budget_micros, language) })}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'impressions',
        header: t('columns.impressions'),
        align: 'right',
        cell: (campaign) => <ImpressionsCell delivery={campaign.delivery} />,
      },
      {
        id: 'spend',
        header: t('columns.spend'),
        align: 'right',
        cell: (campaign) => <SpendCell delivery={campaign.delivery} lateBilled={campaign.late_billed} />,
      },
      {
        id: 'delivery',
        header: t('columns.delivery'),
        cell: (campaign) => <PacingStateBadge state={campaign.delivery.pacing_state} />,
      },
      {
        // The pacing setting (even or as fast as possible); how delivery keeps pace is "Delivery".
        id: 'pacing',
        header: t('columns.pacing'),
        hiddenByDefault: true,
        cell: (campaign) => t(`pacing.${campaign.pacing}`),
      },
      {
        id: 'bid',
        header: t('columns.bid'),
        align: 'right',
        cell: (campaign) => (
          <Stack gap={0} align="flex-end">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatBid(campaign.price_model, campaign.bid_micros, language)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatBidRange(campaign.min_bid_micros, campaign.max_bid_micros, language)}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'exchanges',
        header: t('columns.exchanges'),
        cell: (campaign) => (
          <ExchangeApprovalSummary counts={campaign.exchange_counts} campaignStatus={campaign.status} />
        ),
      },
      {
        id: 'created',
        header: t('columns.created'),
        sortKey: 'created_at',
        descFirst: true,
        cell: (campaign) => (
          <Text
            size="sm"
            title={formatDateTime(campaign.created_at, language)}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatDate(campaign.created_at, language)}
          </Text>
        ),
      },
      {
        id: 'updated',
        header: t('columns.updated'),
        hiddenByDefault: true,
        cell: (campaign) => (
          <Text
            size="sm"
            title={formatDateTime(campaign.updated_at, language)}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatDate(campaign.updated_at, language)}
          </Text>
        ),
      },
    ];
    return all.filter((column): column is DataColumn<CampaignListItem> => column !== null);
  }, [t, i18n.language, links, showAdvertiser]);

  const rowActions = (campaign: CampaignListItem): RowAction[] => {
    const id = campaign.campaign_id;
    const items: (RowAction | null)[] = [
      link('view', t('actions.view'), <IconEye size={16} aria-hidden="true" />, links.view(id)),
      link(
        'edit',
        t('actions.edit'),
        <IconEdit size={16} aria-hidden="true" />,
        links.edit(id, campaign.status),
      ),
      link('clone', t('actions.clone'), <IconCopy size={16} aria-hidden="true" />, links.clone(id)),
      link(
        'changelog',
        t('actions.changeLog'),
        <IconHistory size={16} aria-hidden="true" />,
        links.changelog(id),
      ),
      link(
        'creatives',
        t('actions.creatives'),
        <IconPhoto size={16} aria-hidden="true" />,
        links.creatives(id),
      ),
    ];
    const moves = movesForRole(campaign.status, role).map(
      (move, index): RowAction => ({
        key: `status-${move.action}`,
        label: t(`moves.${move.action}.label`),
        icon: <MoveIcon move={move} />,
        color: move.danger ? 'red' : undefined,
        dividerBefore: index === 0,
        disabled: status.busyId === id,
        onClick: () => status.ask(campaign, move),
      }),
    );
    return [...items.filter((item): item is RowAction => item !== null), ...moves];
  };

  const statusValue = parseStatusFilter(list.params.filters.status);
  const filters = (
    <>
      <MultiSelect
        label={t('filters.status')}
        placeholder={statusValue.length === 0 ? t('filters.anyStatus') : undefined}
        data={CAMPAIGN_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        value={statusValue}
        onChange={(values) => list.setFilter('status', formatStatusFilter(values))}
        clearable
        clearButtonProps={{ 'aria-label': t('filters.clearStatus') }}
        w={240}
        comboboxProps={{ withinPortal: true }}
        data-testid={`${tableId}-status-filter`}
      />
      {showAdvertiser ? (
        <AdvertiserPicker
          label={t('filters.advertiser')}
          placeholder={t('filters.anyAdvertiser')}
          value={Number(list.params.filters.advertiser_id) || null}
          onChange={(choice) => list.setFilter('advertiser_id', choice ? String(choice.id) : null)}
          selectedName={
            query.data?.items.find(
              (item) => String(item.advertiser.user_primary_id) === list.params.filters.advertiser_id,
            )?.advertiser.companyName
          }
          testId={`${tableId}-advertiser-filter`}
          w={240}
        />
      ) : null}
      <DateField
        label={t('filters.from')}
        value={from ?? ''}
        max={to || undefined}
        onChange={(day) => list.setFilter('from', day)}
        w={160}
        data-testid={`${tableId}-from`}
      />
      <DateField
        label={t('filters.to')}
        value={to ?? ''}
        min={from || undefined}
        onChange={(day) => list.setFilter('to', day)}
        error={isBackwards ? t('filters.rangeBackwards') : null}
        w={160}
        data-testid={`${tableId}-to`}
      />
    </>
  );

  const create = links.create();
  const toolbar = (
    <Group gap="sm" wrap="wrap">
      {canSelect && selectedIds.length > 0 ? (
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('bulk.label')} data-testid={`${tableId}-bulk`}>
          {bulk.edit ? (
            <Button
              component={Link}
              to={withIds(bulk.edit, selectedIds)}
              variant="light"
              leftSection={<IconEdit size={16} aria-hidden="true" />}
              data-testid={`${tableId}-bulk-edit`}
            >
              {t('bulk.edit')}
            </Button>
          ) : null}
          {bulk.exchanges ? (
            <Button
              component={Link}
              to={withIds(bulk.exchanges, selectedIds)}
              variant="light"
              leftSection={<IconServer size={16} aria-hidden="true" />}
              data-testid={`${tableId}-bulk-exchanges`}
            >
              {t('bulk.exchanges')}
            </Button>
          ) : null}
          {bulk.status ? (
            <Button
              component={Link}
              to={withIds(bulk.status, selectedIds)}
              variant="light"
              leftSection={<IconChecklist size={16} aria-hidden="true" />}
              data-testid={`${tableId}-bulk-status`}
            >
              {t('bulk.status')}
            </Button>
          ) : null}
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden="true" />}
            onClick={() => setSelected(new Set())}
            data-testid={`${tableId}-clear-selection`}
          >
            {t('bulk.clear')}
          </Button>
        </Group>
      ) : null}
      {create ? (
        <CreateLinkButton
          to={isOwnerList ? `${create}?advertiser_id=${advertiserId}` : create}
          testId={`${tableId}-create`}
        >
          {t('actions.create')}
        </CreateLinkButton>
      ) : null}
    </Group>
  );

  return (
    <>
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(campaign) => campaign.campaign_id}
        label={t('list.label')}
        searchLabel={t('list.search')}
        emptyTitle={t('list.emptyTitle')}
        emptyDescription={t('list.emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(campaign) => t('list.rowActions', { name: campaign.name })}
        filters={filters}
        toolbar={toolbar}
        pageSizes={LIST_OPTIONS.pageSizes}
        selection={
          canSelect
            ? {
                selected,
                onChange: setSelected,
                rowLabel: (campaign) => t('list.select', { name: campaign.name }),
              }
            : undefined
        }
      />
      {status.dialog}
    </>
  );
};

const link = (key: string, label: string, icon: RowAction['icon'], href: string | null): RowAction | null =>
  href ? { key, label, icon, href } : null;
