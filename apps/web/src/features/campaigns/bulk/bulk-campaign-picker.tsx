// Step 1 of every bulk page: the campaigns to change. A selectable server-side list (search, status
// and, for staff, advertiser filters) and, under it, the selection itself: how many (of at most
// BULK_MAX_IDS), the first names with a remove button each, and "Clear selection".
import './bulk-styles.ts';
import { BULK_MAX_IDS } from '@console/core/api/campaigns-constants';
import { CAMPAIGN_STATUSES } from '@console/core/campaign-status';
import { Alert, Anchor, Button, Group, NativeSelect, Pill, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconX } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import type { CampaignPage } from '../api/list-campaigns.ts';
import { formatBid, formatBidRange, formatBudget, formatFlight } from '../components/campaign-format.ts';
import { CampaignStatusBadge } from '../components/campaign-status-badge.tsx';
import { ExchangeApprovalSummary } from '../components/exchange-approval-summary.tsx';
import type { BulkCampaigns } from './use-bulk-campaigns.ts';

type Row = CampaignPage['items'][number];

/** Names shown in the selection summary before "and N more". */
const SHOWN_PILLS = 12;

export type BulkCampaignPickerProps = {
  campaigns: BulkCampaigns;
  /** Show the exchange approval column (bulk exchanges). */
  withExchanges?: boolean;
  /** A field error about the selection (the server's `ids` message). */
  error?: string | undefined;
};

export const BulkCampaignPicker = ({ campaigns, withExchanges = false, error }: BulkCampaignPickerProps) => {
  const { t, i18n } = useTranslation('campaign-bulk');
  const href = useFeatureHref();
  const role = useSession().auth?.role;
  const isStaff = role === 'ADMIN' || role === 'CO-ADMIN' || role === 'AGENCY';
  const { list, query, ids, known, isOverLimit } = campaigns;

  const columns = useMemo<DataColumn<Row>[]>(() => {
    const all: (DataColumn<Row> | false)[] = [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'name',
        hideable: false,
        isRowHeader: true,
        cell: (row) => {
          const to = href('campaign.view', { id: row.campaign_id });
          return to ? (
            <Anchor component={Link} to={to} fw={500} size="sm">
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
        cell: (row) => <CampaignStatusBadge status={row.status} testId={`bulk-status-${row.campaign_id}`} />,
      },
      isStaff && {
        id: 'advertiser',
        header: t('columns.advertiser'),
        cell: (row) => row.advertiser.companyName || row.advertiser.email,
      },
      {
        id: 'bidRange',
        header: t('columns.bidRange'),
        cell: (row) => (
          <Stack gap={0}>
            <Text size="sm" data-testid={`bulk-bid-range-${row.campaign_id}`}>
              {formatBidRange(row.min_bid_micros, row.max_bid_micros, i18n.language)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('columns.bid', { bid: formatBid(row.price_model, row.bid_micros, i18n.language) })}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'budget',
        header: t('columns.budget'),
        sortKey: 'total_budget',
        descFirst: true,
        align: 'right',
        cell: (row) => formatBudget(row.total_budget_micros, i18n.language),
      },
      {
        id: 'daily',
        header: t('columns.daily'),
        align: 'right',
        hiddenByDefault: true,
        cell: (row) => formatBudget(row.daily_budget_micros, i18n.language) ?? t('columns.noLimit'),
      },
      {
        id: 'flight',
        header: t('columns.flight'),
        sortKey: 'end_at',
        descFirst: true,
        cell: (row) => formatFlight(row.start_at, row.end_at, row.time_zone, i18n.language),
      },
      withExchanges && {
        id: 'exchanges',
        header: t('columns.exchanges'),
        cell: (row) => (
          <ExchangeApprovalSummary
            counts={row.exchange_counts}
            campaignStatus={row.status}
            testId={`bulk-exchanges-${row.campaign_id}`}
          />
        ),
      },
    ];
    return all.filter((column): column is DataColumn<Row> => Boolean(column));
  }, [t, i18n.language, href, isStaff, withExchanges]);

  const shown = ids.slice(0, SHOWN_PILLS);
  const count = ids.length.toLocaleString(localeOf(i18n.language));
  let summary: ReactNode = null;
  if (ids.length > 0) {
    summary = (
      <Stack gap="xs" data-testid="bulk-selection">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" fw={500} aria-live="polite" data-testid="bulk-selection-count">
            {t('picker.selected', { count: ids.length, shown: count, max: BULK_MAX_IDS })}
          </Text>
          <Button
            variant="subtle"
            size="xs"
            color="gray"
            leftSection={<IconX size={14} aria-hidden="true" />}
            onClick={() => campaigns.setIds([])}
            data-testid="bulk-selection-clear"
          >
            {t('picker.clear')}
          </Button>
        </Group>
        <Group
          gap={6}
          wrap="wrap"
          component="ul"
          aria-label={t('picker.selectedLabel')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {shown.map((id) => {
            const name = known.get(id)?.name ?? t('picker.unknownName', { id });
            return (
              <li key={id}>
                <Pill
                  withRemoveButton
                  onRemove={() => campaigns.setIds(ids.filter((other) => other !== id))}
                  removeButtonProps={{ 'aria-label': t('picker.remove', { name }) }}
                  data-testid={`bulk-selected-${id}`}
                >
                  {name}
                </Pill>
              </li>
            );
          })}
          {ids.length > shown.length ? (
            <Text size="sm" c="dimmed" component="li">
              {t('picker.more', { count: ids.length - shown.length })}
            </Text>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(row) => row.campaign_id}
        label={t('picker.label')}
        searchLabel={t('picker.search')}
        emptyTitle={t('picker.emptyTitle')}
        emptyDescription={t('picker.emptyBody')}
        selection={{
          selected: campaigns.selectedKeys,
          onChange: campaigns.onTableSelection,
          rowLabel: (row) => t('picker.selectRow', { name: row.name }),
        }}
        filters={
          <>
            <NativeSelect
              label={t('columns.status')}
              value={list.params.filters.status ?? ''}
              onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('picker.allStatuses') },
                ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
              ]}
              data-testid="bulk-campaigns-status-filter"
            />
            {isStaff ? (
              <AdvertiserPicker
                label={t('columns.advertiser')}
                value={Number(list.params.filters.advertiser_id) || null}
                onChange={(choice) => list.setFilter('advertiser_id', choice ? String(choice.id) : null)}
                testId="bulk-campaigns-advertiser-filter"
                w={260}
              />
            ) : null}
          </>
        }
      />
      {ids.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="bulk-selection-none">
          {t('picker.none', { max: BULK_MAX_IDS })}
        </Text>
      ) : (
        summary
      )}
      {isOverLimit ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          data-testid="bulk-selection-over-limit"
        >
          {t('picker.overLimit', { count: ids.length, max: BULK_MAX_IDS })}
        </Alert>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8" role="alert" data-testid="bulk-selection-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
};
