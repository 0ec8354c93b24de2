// /admin/bulk-exchange-approval (and the co-admin's): decide many pending campaign exchanges at
// once. Narrow the pending rows by exchange, advertiser or search, select rows (page by page, or
// every match up to the API's limit), choose approve or reject with one reason, confirm, and read
// the answer per item.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconChecks, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { DecisionReasonField, useDecisionReason } from '../../components/decision/decision-reason-field.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { formatDateTime, localeOf } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useDecideExchanges } from './api/decide-exchanges.ts';
import { listExchangeApprovalsQueryOptions, useExchangeApprovals } from './api/list-exchange-approvals.ts';
import {
  type ApprovalRow,
  addWithinLimit,
  BULK_MAX_IDS,
  type Decision,
  type DecisionOutcome,
  type DecisionTarget,
  describeOutcome,
  itemsOfKeys,
  pagesToSelectAll,
  rowKeyOf,
  selectionAfter,
  toApprovalQuery,
} from './approval-model.ts';
import { ApprovalFilters } from './components/approval-filters.tsx';
import { DecisionResults } from './components/decision-results.tsx';
import { reportOutcome } from './components/report-outcome.ts';

const TABLE_ID = 'bulk-approval';
const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'asc',
  filterKeys: ['exchange_id', 'advertiser_id'],
};
/** Rows per request when selecting every match (the API's largest page). */
const SELECT_ALL_PAGE = 100;

const BulkApprovalPage = () => {
  const { t, i18n } = useTranslation('exchange-approval');
  const route = useCurrentRoute();
  const queryClient = useQueryClient();
  const list = useListParams(TABLE_ID, LIST_OPTIONS);
  const apiQuery = toApprovalQuery(list.query, 'PENDING');
  const query = useExchangeApprovals(apiQuery);
  const mutation = useDecideExchanges();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [decision, setDecision] = useState<Decision>('APPROVED');
  const reason = useDecisionReason();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSelectingAll, setIsSelectingAll] = useState(false);
  const [outcome, setOutcome] = useState<DecisionOutcome | null>(null);
  const decisionHeading = useId();
  const known = useRef(new Map<string, ApprovalRow>());
  useEffect(() => {
    for (const row of query.data?.items ?? []) known.current.set(rowKeyOf(row), row);
  }, [query.data]);

  const locale = localeOf(i18n.language);
  const total = query.data?.total ?? 0;
  const selectable = Math.min(total, BULK_MAX_IDS);
  const count = selected.size;

  const changeSelection = (next: Set<string>) => {
    if (next.size > BULK_MAX_IDS) {
      showToast('info', t('bulk.limit', { max: BULK_MAX_IDS.toLocaleString(locale) }));
      return;
    }
    setSelected(next);
  };

  const selectAllMatching = async () => {
    setIsSelectingAll(true);
    try {
      const keys: string[] = [];
      for (const page of pagesToSelectAll(total, SELECT_ALL_PAGE)) {
        const data = await queryClient.fetchQuery(
          listExchangeApprovalsQueryOptions({ ...apiQuery, page, limit: SELECT_ALL_PAGE }),
        );
        for (const row of data.items) {
          known.current.set(rowKeyOf(row), row);
          keys.push(rowKeyOf(row));
        }
        if (data.items.length < SELECT_ALL_PAGE) break;
      }
      const { next, dropped } = addWithinLimit(selected, keys);
      setSelected(next);
      if (dropped > 0 || total > BULK_MAX_IDS)
        showToast('info', t('bulk.limit', { max: BULK_MAX_IDS.toLocaleString(locale) }));
    } catch (error) {
      showToast('error', failureMessage(error, t('errors.selectFailed')));
    } finally {
      setIsSelectingAll(false);
    }
  };

  const targets = (): DecisionTarget[] =>
    itemsOfKeys(selected).map((item) => {
      const row = known.current.get(rowKeyOf(item));
      return row ? { ...item, campaign_name: row.campaign_name, exchange_name: row.exchange_name } : item;
    });

  /** Checks the reason first: an empty one shows its error and nothing is asked or sent. */
  const review = () => {
    if (reason.check(decision)) setIsConfirming(true);
  };

  const apply = async () => {
    const chosen = targets();
    try {
      const result = await mutation.mutateAsync({ items: chosen, decision, reason: reason.reason });
      const described = describeOutcome(decision, result, chosen);
      reportOutcome(t, described);
      setOutcome(described);
      setSelected((current) => selectionAfter(current, described));
      if (described.failed === 0) reason.reset();
    } catch (error) {
      if (!reason.takeServerError(error)) showToast('error', failureMessage(error, t('errors.decideFailed')));
      throw error;
    }
  };

  const columns = useMemo<DataColumn<ApprovalRow>[]>(
    () => [
      {
        id: 'campaign',
        header: t('columns.campaign'),
        sortKey: 'campaign',
        hideable: false,
        isRowHeader: true,
        cell: (row) => (
          <Stack gap={0}>
            <Text span size="sm" fw={500}>
              {row.campaign_name}
            </Text>
            <Text span size="xs" c="dimmed">
              {t('columns.campaignMeta', {
                id: row.campaign_id,
                status: t(`campaignStatus.${row.campaign_status}`),
              })}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'advertiser',
        header: t('columns.advertiser'),
        cell: (row) => row.advertiser.companyName || row.advertiser.email,
      },
      {
        id: 'exchange',
        header: t('columns.exchange'),
        sortKey: 'exchange',
        cell: (row) => row.exchange_name,
      },
      {
        id: 'requested',
        header: t('columns.requested'),
        sortKey: 'created_at',
        descFirst: true,
        cell: (row) => <time dateTime={row.created_at}>{formatDateTime(row.created_at, i18n.language)}</time>,
      },
    ],
    [t, i18n.language],
  );

  const rows = query.data?.items ?? [];
  const advertiserId = Number(list.params.filters.advertiser_id);
  const advertiserName = rows.find((row) => row.advertiser.user_primary_id === advertiserId)?.advertiser
    .companyName;
  const isReject = decision === 'REJECTED';

  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Text c="dimmed" size="sm">
        {t('bulk.intro', { max: BULK_MAX_IDS.toLocaleString(locale) })}
      </Text>
      {outcome ? (
        <DecisionResults outcome={outcome} onClose={() => setOutcome(null)} testId="bulk-results" />
      ) : null}
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={rowKeyOf}
        label={t('bulk.label')}
        searchLabel={t('queue.search')}
        emptyTitle={t('queue.emptyTitle')}
        emptyDescription={t('queue.emptyBody')}
        withColumnChooser={false}
        selection={{
          selected,
          onChange: changeSelection,
          rowLabel: (row) =>
            t('queue.selectRow', { campaign: row.campaign_name, exchange: row.exchange_name }),
        }}
        filters={<ApprovalFilters list={list} advertiserName={advertiserName} />}
        toolbar={
          <Group gap="xs">
            {selectable > 0 ? (
              <Button
                variant="light"
                leftSection={<IconChecks size={16} aria-hidden="true" />}
                onClick={() => void selectAllMatching()}
                loading={isSelectingAll}
                data-testid="bulk-select-all"
              >
                {t('bulk.selectAll', {
                  count: selectable,
                  shown: `${selectable.toLocaleString(locale)}${query.data?.total_exact === false || total > BULK_MAX_IDS ? '+' : ''}`,
                })}
              </Button>
            ) : null}
            <Button
              variant="subtle"
              color="gray"
              onClick={() => setSelected(new Set())}
              disabled={count === 0}
              data-testid="bulk-clear-selection"
            >
              {t('selection.clear')}
            </Button>
          </Group>
        }
      />

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby={decisionHeading}>
        <Stack gap="md">
          <Title order={2} fz="h4" id={decisionHeading}>
            {t('bulk.decisionTitle')}
          </Title>
          <Radio.Group
            label={t('bulk.decisionLabel')}
            value={decision}
            onChange={(value) => {
              setDecision(value === 'REJECTED' ? 'REJECTED' : 'APPROVED');
              reason.clearError();
            }}
          >
            <Group gap="lg" mt={6}>
              <Radio value="APPROVED" label={t('bulk.approve')} data-testid="bulk-decision-approve" />
              <Radio value="REJECTED" label={t('bulk.reject')} data-testid="bulk-decision-reject" />
            </Group>
          </Radio.Group>
          {isReject ? <DecisionReasonField state={reason} testId="bulk-reason" /> : null}
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="bulk-selected-summary">
              {count > 0 ? t('bulk.selected', { count }) : t('bulk.noneSelected')}
            </Text>
            <Button
              color={isReject ? 'red' : undefined}
              leftSection={
                isReject ? <IconX size={16} aria-hidden="true" /> : <IconCheck size={16} aria-hidden="true" />
              }
              disabled={count === 0}
              loading={mutation.isPending}
              onClick={review}
              data-testid="bulk-apply"
            >
              {t(`bulk.apply.${decision}`, { count })}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <ConfirmAction
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        onConfirm={apply}
        danger={isReject}
        title={t(`decision.title.${decision}`, { count })}
        message={
          <Stack gap="xs">
            <Text>{t(`decision.many.${decision}`, { count })}</Text>
            {isReject ? (
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                {t('bulk.reasonPreview', { reason: reason.reason.trim() })}
              </Text>
            ) : null}
          </Stack>
        }
        confirmLabel={t(`decision.confirm.${decision}`)}
        testId="bulk-confirm"
      />
    </PageFrame>
  );
};

export default BulkApprovalPage;
