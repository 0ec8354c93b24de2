// /admin/bulk-creative-status (admin and co-admin): the approval of the selected creatives on each
// of their exchanges. The selection comes from the list page (`?ids=`) and can be adjusted; below,
// the creative x exchange pairs of the selection (pending by default, filtered by exchange and
// state) are approved or rejected with a reason, ticked pairs at once or one row at a time, after a
// confirmation; the server answers per pair, with the creative's status after the decision.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Input.css';
import type { CreativeDecisionResult } from '@console/core/api/creatives';
import { CREATIVE_APPROVAL_STATES } from '@console/core/api/creatives-constants';
import { Alert, Anchor, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable, type RowAction } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { DecisionButtons } from '../../../components/decision/decision-buttons.tsx';
import { DecisionDialog } from '../../../components/decision/decision-dialog.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { showToast } from '../../../components/toast.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { useDecideCreativeExchanges } from '../api/approval-decide.ts';
import { type CreativeApprovalRow, useCreativeApprovals } from '../api/approval-queue.ts';
import { useExchanges } from '../api/list-exchanges.ts';
import { CreativeThumbnail } from '../components/creative-preview.tsx';
import {
  CreativeExchangeStateBadge,
  CreativeStatusBadge,
  CreativeTypeBadge,
} from '../components/creative-status-badge.tsx';
import { outcomeOf } from './bulk-edit-model.ts';
import { type BulkResultRow, BulkResultsTable } from './bulk-results-table.tsx';
import { BulkResultsSection, BulkSection } from './bulk-sections.tsx';
import {
  approvalQueryOf,
  type Decision,
  pairKey,
  readStateFilter,
  STATE_FILTER_ALL,
  type StateFilter,
  translateDecisionMessage,
  translateDecisionResult,
  validateDecision,
  writeStateFilter,
} from './bulk-status-model.ts';
import { CreativeSelectionTable } from './creative-selection-table.tsx';
import { useMessageText } from './message-text.tsx';
import { useCreativeSelection } from './use-creative-selection.ts';

const APPROVAL_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  filterKeys: ['exchange_id', 'state'],
  prefix: 'ap_',
};
const TABLE_ID = 'bulk-approvals';

type Finished = { result: CreativeDecisionResult; rows: Map<string, CreativeApprovalRow> };
/** The pairs ("12-3") a decision is asked for. */
type DecisionRequest = { decision: Decision; keys: string[] };

const ApprovalPairs = ({
  creativeIds,
  onDecided,
}: {
  creativeIds: readonly number[];
  onDecided: (finished: Finished) => void;
}) => {
  const { t, i18n } = useTranslation('creative-bulk');
  const href = useFeatureHref();
  const list = useListParams(TABLE_ID, APPROVAL_OPTIONS);
  const query = useCreativeApprovals(approvalQueryOf(list.query, creativeIds));
  const exchanges = useExchanges();
  const decide = useDecideCreativeExchanges();
  const [picked, setPicked] = useState<Set<string>>(() => new Set());
  const [seen, setSeen] = useState<Map<string, CreativeApprovalRow>>(() => new Map());
  const messageText = useMessageText();
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const state = readStateFilter(list.params.filters.state);

  useEffect(() => {
    const items = query.data?.items;
    if (!items) return;
    setSeen((previous) => {
      if (items.every((row) => previous.get(pairKey(row)) === row)) return previous;
      const next = new Map(previous);
      for (const row of items) next.set(pairKey(row), row);
      return next;
    });
  }, [query.data]);

  // A pair of a creative that is no longer selected cannot stay ticked.
  const selectedCreatives = useMemo(() => new Set(creativeIds), [creativeIds]);
  useEffect(() => {
    setPicked((previous) => {
      const next = new Set([...previous].filter((key) => selectedCreatives.has(Number(key.split('-')[0]))));
      return next.size === previous.size ? previous : next;
    });
  }, [selectedCreatives]);

  const labelOf = (key: string) => {
    const row = seen.get(key);
    return row ? t('decision.pairLabel', { creative: row.creative_name, exchange: row.exchange_name }) : key;
  };

  const ask = (decision: Decision, keys: string[]) => setRequest({ decision, keys });

  /** Sends the decision on the requested pairs (checked with core's schema first). */
  const confirm = async (reason: string) => {
    if (!request) return;
    const checked = validateDecision(request.keys, request.decision, reason);
    if (!checked.success) {
      const message = checked.errors.items ?? Object.values(checked.errors)[0] ?? '';
      throw new Error(messageText(translateDecisionMessage(message)));
    }
    const result = await decide.mutateAsync(checked.data);
    onDecided({ result, rows: new Map(seen) });
    setPicked(new Set());
    const outcome = outcomeOf(result);
    showToast(
      outcome === 'all' ? 'success' : outcome === 'some' ? 'info' : 'error',
      t(`decision.toast.${checked.data.decision}.${outcome}`, {
        succeeded: result.succeeded,
        failed: result.failed,
      }),
    );
  };

  const columns = useMemo<DataColumn<CreativeApprovalRow>[]>(
    () => [
      {
        id: 'creative',
        header: t('columns.name'),
        sortKey: 'creative',
        hideable: false,
        isRowHeader: true,
        cell: (row) => {
          const to = href('creative.view', { id: row.creative_id });
          const thumb = {
            name: row.creative_name,
            creative_type: row.creative_type,
            preview_url: row.preview_url,
          };
          return (
            <Group gap="sm" wrap="nowrap">
              <CreativeThumbnail creative={thumb} size={40} testId={`${TABLE_ID}-thumb`} />
              <Stack gap={0}>
                {to ? (
                  <Anchor component={Link} to={to} size="sm" fw={500}>
                    {row.creative_name}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={500}>
                    {row.creative_name}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t('selection.idLabel', { id: row.creative_id })}
                </Text>
              </Stack>
            </Group>
          );
        },
      },
      {
        id: 'type',
        header: t('columns.type'),
        hiddenByDefault: true,
        cell: (row) => <CreativeTypeBadge type={row.creative_type} testId={`${TABLE_ID}-type`} />,
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
        id: 'state',
        header: t('columns.state'),
        sortKey: 'state',
        cell: (row) => <CreativeExchangeStateBadge state={row.state} testId={`${TABLE_ID}-state`} />,
      },
      {
        id: 'reason',
        header: t('columns.reason'),
        cell: (row) =>
          row.reason ? (
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {row.reason}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
      },
      {
        id: 'decided',
        header: t('columns.decided'),
        cell: (row) =>
          row.decided_at ? (
            <Stack gap={0}>
              <Text size="sm">{formatDateTime(row.decided_at, i18n.language)}</Text>
              {row.decided_by ? (
                <Text size="xs" c="dimmed">
                  {row.decided_by.email}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
      },
      {
        id: 'created',
        header: t('columns.submitted'),
        sortKey: 'created_at',
        descFirst: true,
        hiddenByDefault: true,
        cell: (row) => formatDateTime(row.created_at, i18n.language),
      },
    ],
    [t, i18n.language, href],
  );

  const rowActions = (row: CreativeApprovalRow): RowAction[] => [
    {
      key: 'approve',
      label: t('decision.approveOne'),
      icon: <IconCheck size={16} aria-hidden="true" />,
      disabled: row.state === 'APPROVED',
      onClick: () => ask('APPROVED', [pairKey(row)]),
    },
    {
      key: 'reject',
      label: t('decision.rejectOne'),
      icon: <IconX size={16} aria-hidden="true" />,
      color: 'red',
      onClick: () => ask('REJECTED', [pairKey(row)]),
    },
  ];

  const stateOptions: { value: StateFilter; label: string }[] = [
    ...CREATIVE_APPROVAL_STATES.map((value) => ({ value, label: t(`states.${value}`) })),
    { value: STATE_FILTER_ALL, label: t('pairs.allStates') },
  ];
  const keys = [...picked];

  return (
    <>
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={pairKey}
        label={t('pairs.tableLabel')}
        searchLabel={t('pairs.search')}
        emptyTitle={t(state === 'PENDING' ? 'pairs.emptyPendingTitle' : 'pairs.emptyTitle')}
        emptyDescription={t(state === 'PENDING' ? 'pairs.emptyPendingBody' : 'pairs.emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(row) =>
          t('pairs.rowActions', { creative: row.creative_name, exchange: row.exchange_name })
        }
        selection={{
          selected: picked,
          onChange: setPicked,
          rowLabel: (row) =>
            t('pairs.selectRow', { creative: row.creative_name, exchange: row.exchange_name }),
        }}
        filters={
          <>
            <NativeSelect
              label={t('columns.exchange')}
              value={list.params.filters.exchange_id ?? ''}
              onChange={(event) => list.setFilter('exchange_id', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('pairs.allExchanges') },
                ...(exchanges.data ?? []).map((exchange) => ({
                  value: String(exchange.id),
                  label: exchange.name,
                })),
              ]}
              data-testid={`${TABLE_ID}-exchange-filter`}
            />
            <NativeSelect
              label={t('columns.state')}
              value={state}
              onChange={(event) =>
                list.setFilter('state', writeStateFilter(event.currentTarget.value as StateFilter))
              }
              data={stateOptions}
              data-testid={`${TABLE_ID}-state-filter`}
            />
          </>
        }
        toolbar={
          <DecisionButtons
            count={keys.length}
            onDecide={(decision) => ask(decision, keys)}
            testIds={{ approve: `${TABLE_ID}-approve`, reject: `${TABLE_ID}-reject` }}
          />
        }
      />
      <DecisionDialog
        opened={request !== null}
        decision={request?.decision ?? 'APPROVED'}
        title={t(request?.decision === 'REJECTED' ? 'decision.rejectTitle' : 'decision.approveTitle')}
        message={t(request?.decision === 'REJECTED' ? 'decision.rejectBody' : 'decision.approveBody', {
          count: request?.keys.length ?? 0,
        })}
        items={request?.keys.map(labelOf)}
        confirmLabel={t(request?.decision === 'REJECTED' ? 'decision.reject' : 'decision.approve', {
          count: request?.keys.length ?? 0,
        })}
        onClose={() => setRequest(null)}
        onConfirm={confirm}
        testIds={{ items: 'decision-pairs' }}
      />
    </>
  );
};

const BulkCreativeStatusPage = () => {
  const { t } = useTranslation('creative-bulk');
  const route = useCurrentRoute();
  const selection = useCreativeSelection();
  const messageText = useMessageText();
  const [finished, setFinished] = useState<Finished | null>(null);

  const resultRows: BulkResultRow[] =
    finished?.result.results.map((item) => {
      const key = pairKey(item);
      const row = finished.rows.get(key);
      return {
        key,
        creativeId: item.creative_id,
        creativeName: row?.creative_name ?? selection.nameOf(item.creative_id),
        exchangeName: row?.exchange_name,
        ok: item.ok,
        message: item.ok ? undefined : messageText(translateDecisionResult(item.message)),
        after: item.creative_status ? (
          <CreativeStatusBadge status={item.creative_status} testId="decision-results-status" />
        ) : undefined,
      };
    }) ?? [];

  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Text c="dimmed" maw={760}>
        {t('status.intro')}
      </Text>

      <BulkSection
        title={t('edit.selectionTitle', { count: selection.ids.length })}
        id="bulk-status-selection"
      >
        <CreativeSelectionTable
          tableId="bulk-status-creatives"
          variant="status"
          selected={selection.selected}
          onChange={selection.setSelected}
          onRows={selection.remember}
        />
      </BulkSection>

      <BulkSection title={t('status.pairsTitle')} id="bulk-status-pairs">
        {selection.ids.length === 0 ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden="true" />}
            data-testid="bulk-status-none"
          >
            {t('status.selectFirst')}
          </Alert>
        ) : (
          <ApprovalPairs creativeIds={selection.ids} onDecided={setFinished} />
        )}
      </BulkSection>

      {finished ? (
        <BulkResultsSection
          id="bulk-status-results"
          result={finished.result}
          summaryKey="results.decisionSummary"
          summaryTestId="decision-summary"
        >
          <BulkResultsTable
            rows={resultRows}
            label={t('results.decisionTableLabel')}
            testId="decision-results"
            withExchange
            afterHeader={t('results.statusAfter')}
          />
        </BulkResultsSection>
      ) : null}
    </PageFrame>
  );
};

export default BulkCreativeStatusPage;
