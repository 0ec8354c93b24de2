// /admin/exchange-approval and /co-admin/exchange-approval: the queue of campaign x exchange rows of
// submitted campaigns (pending first by default), paged, sorted and filtered by the server. Each row
// is approved or rejected with a reason; selected rows are decided together; every decision is told
// as a toast with counts, the rows update, and the items that failed are listed above the table.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCheck, IconEye, IconHistory, IconListCheck, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable, type RowAction } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { DecisionButtons } from '../../components/decision/decision-buttons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useFeatureHref } from '../../lib/routing/feature-href.ts';
import { useExchangeApprovals } from './api/list-exchange-approvals.ts';
import {
  type ApprovalRow,
  type Decision,
  type DecisionOutcome,
  type DecisionTarget,
  itemsOfKeys,
  rowKeyOf,
  selectionAfter,
  toApprovalQuery,
} from './approval-model.ts';
import { ApprovalFilters } from './components/approval-filters.tsx';
import { ApprovalStateBadge } from './components/approval-state-badge.tsx';
import { DecisionResults } from './components/decision-results.tsx';
import { useDecisionDialog } from './components/use-decision-dialog.tsx';

const TABLE_ID = 'exchange-approval';
// The longest waiting first: a queue.
const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'asc',
  filterKeys: ['state', 'exchange_id', 'advertiser_id', 'campaign_id'],
};

const targetOf = (row: ApprovalRow): DecisionTarget => ({
  campaign_id: row.campaign_id,
  exchange_id: row.exchange_id,
  campaign_name: row.campaign_name,
  exchange_name: row.exchange_name,
});

const ExchangeApprovalPage = () => {
  const { t, i18n } = useTranslation('exchange-approval');
  const route = useCurrentRoute();
  const href = useFeatureHref();
  const list = useListParams(TABLE_ID, LIST_OPTIONS);
  const query = useExchangeApprovals(toApprovalQuery(list.query));
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [outcome, setOutcome] = useState<DecisionOutcome | null>(null);
  // Rows seen on any page, to name selected rows of other pages in dialogs and results.
  const known = useRef(new Map<string, ApprovalRow>());
  useEffect(() => {
    for (const row of query.data?.items ?? []) known.current.set(rowKeyOf(row), row);
  }, [query.data]);

  const decision = useDecisionDialog({
    onDecided: (result) => {
      setOutcome(result.failed > 0 ? result : null);
      setSelected((current) => selectionAfter(current, result));
    },
  });

  const askSelected = (kind: Decision) =>
    decision.ask(
      kind,
      itemsOfKeys(selected).map((item) => {
        const row = known.current.get(rowKeyOf(item));
        return row ? targetOf(row) : item;
      }),
    );

  const columns = useMemo<DataColumn<ApprovalRow>[]>(
    () => [
      {
        id: 'campaign',
        header: t('columns.campaign'),
        sortKey: 'campaign',
        hideable: false,
        isRowHeader: true,
        cell: (row) => {
          const view = href('campaign.view', { id: row.campaign_id });
          return (
            <Stack gap={0}>
              {view ? (
                <Anchor component={Link} to={view} fw={500} data-testid="approval-campaign-link">
                  {row.campaign_name}
                </Anchor>
              ) : (
                <Text span fw={500}>
                  {row.campaign_name}
                </Text>
              )}
              <Text span size="xs" c="dimmed">
                {t('columns.campaignMeta', {
                  id: row.campaign_id,
                  status: t(`campaignStatus.${row.campaign_status}`),
                })}
              </Text>
            </Stack>
          );
        },
      },
      {
        id: 'advertiser',
        header: t('columns.advertiser'),
        cell: (row) => (
          <Stack gap={0}>
            <Text span size="sm">
              {row.advertiser.companyName || row.advertiser.email}
            </Text>
            {row.advertiser.companyName ? (
              <Text span size="xs" c="dimmed">
                {row.advertiser.email}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'exchange',
        header: t('columns.exchange'),
        sortKey: 'exchange',
        cell: (row) => row.exchange_name,
      },
      {
        id: 'state',
        header: t('columns.state'),
        sortKey: 'state',
        cell: (row) => <ApprovalStateBadge state={row.state} />,
      },
      {
        id: 'reason',
        header: t('columns.reason'),
        cell: (row) =>
          row.reason ? (
            <Text size="sm" lineClamp={2} title={row.reason} data-testid="approval-reason-text">
              {row.reason}
            </Text>
          ) : (
            <Text span size="sm" c="dimmed">
              {t('empty')}
            </Text>
          ),
      },
      {
        id: 'requested',
        header: t('columns.requested'),
        sortKey: 'created_at',
        descFirst: true,
        cell: (row) => <time dateTime={row.created_at}>{formatDateTime(row.created_at, i18n.language)}</time>,
      },
      {
        id: 'decided',
        header: t('columns.decided'),
        cell: (row) =>
          row.decided_at ? (
            <Stack gap={0}>
              <time dateTime={row.decided_at}>{formatDateTime(row.decided_at, i18n.language)}</time>
              {row.decided_by ? (
                <Text span size="xs" c="dimmed" data-testid="approval-decided-by">
                  {t('columns.by', { email: row.decided_by.email })}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text span size="sm" c="dimmed">
              {t('empty')}
            </Text>
          ),
      },
    ],
    [t, i18n.language, href],
  );

  const rowActions = (row: ApprovalRow): RowAction[] => {
    const actions: RowAction[] = [
      {
        key: 'approve',
        label: t('actions.approve'),
        icon: <IconCheck size={16} aria-hidden="true" />,
        disabled: row.state === 'APPROVED',
        onClick: () => decision.ask('APPROVED', [targetOf(row)]),
      },
      {
        key: 'reject',
        label: t('actions.reject'),
        icon: <IconX size={16} aria-hidden="true" />,
        color: 'red',
        disabled: row.state === 'REJECTED',
        onClick: () => decision.ask('REJECTED', [targetOf(row)]),
      },
    ];
    const log = href('exchange.changelog', { id: row.campaign_id });
    if (log)
      actions.push({
        key: 'change-log',
        label: t('actions.changeLog'),
        icon: <IconHistory size={16} aria-hidden="true" />,
        href: log,
        dividerBefore: true,
      });
    const view = href('campaign.view', { id: row.campaign_id });
    if (view)
      actions.push({
        key: 'view-campaign',
        label: t('actions.viewCampaign'),
        icon: <IconEye size={16} aria-hidden="true" />,
        href: view,
      });
    return actions;
  };

  const rows = query.data?.items ?? [];
  const advertiserId = Number(list.params.filters.advertiser_id);
  const advertiserName = rows.find((row) => row.advertiser.user_primary_id === advertiserId)?.advertiser
    .companyName;
  const campaignId = Number(list.params.filters.campaign_id);
  const campaignName = rows.find((row) => row.campaign_id === campaignId)?.campaign_name;
  const bulkHref = href('exchange.bulkApproval');

  if (!route) return null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        bulkHref ? (
          <Button
            component={Link}
            to={bulkHref}
            variant="light"
            leftSection={<IconListCheck size={16} aria-hidden="true" />}
            data-testid="approval-bulk-link"
          >
            {t('actions.bulk')}
          </Button>
        ) : null
      }
    >
      <Text c="dimmed" size="sm">
        {t('queue.intro')}
      </Text>
      {outcome ? <DecisionResults outcome={outcome} failuresOnly onClose={() => setOutcome(null)} /> : null}
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={rowKeyOf}
        label={t('queue.label')}
        searchLabel={t('queue.search')}
        emptyTitle={t('queue.emptyTitle')}
        emptyDescription={t('queue.emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(row) =>
          t('queue.rowActions', { campaign: row.campaign_name, exchange: row.exchange_name })
        }
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (row) =>
            t('queue.selectRow', { campaign: row.campaign_name, exchange: row.exchange_name }),
        }}
        filters={
          <>
            <ApprovalFilters list={list} withState advertiserName={advertiserName} />
            {campaignId > 0 ? (
              <Button
                variant="light"
                color="gray"
                rightSection={<IconX size={14} aria-hidden="true" />}
                onClick={() => list.setFilter('campaign_id', null)}
                title={t('filters.clearCampaign')}
                data-testid="approval-campaign-filter"
              >
                {t('filters.campaign', { name: campaignName ?? `#${campaignId}` })}
              </Button>
            ) : null}
          </>
        }
        toolbar={
          selected.size > 0 ? (
            <DecisionButtons
              count={selected.size}
              onDecide={askSelected}
              isPending={decision.isPending}
              testIds={{ approve: 'approval-approve-selected', reject: 'approval-reject-selected' }}
              testId="approval-selection-actions"
            >
              <Button variant="subtle" color="gray" onClick={() => setSelected(new Set())}>
                {t('selection.clear')}
              </Button>
            </DecisionButtons>
          ) : null
        }
      />
      {decision.dialog}
    </PageFrame>
  );
};

export default ExchangeApprovalPage;
