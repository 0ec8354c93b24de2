// /admin/exchange-approval/change-log/{id} (and the co-admin's): one campaign's exchange decisions,
// newest first: who decided what on which exchange, when, with the reason; filtered to the
// campaign's status moves on demand. Above the log, the campaign and the current state of each of
// its exchanges (GET /api/campaigns/:id).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import type { CampaignDetail } from '@console/core/api/campaigns';
import type { ChangeLogEntry } from '@console/core/api/users';
import {
  Alert,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconEye, IconListCheck } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { LoadState } from '../../components/load-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { formatDateTime, userTimeZone } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useFeatureHref } from '../../lib/routing/feature-href.ts';
import { parseId } from '../../lib/routing/parse-id.ts';
import { useApprovalCampaign } from './api/get-approval-campaign.ts';
import { useApprovalChangeLog } from './api/get-approval-change-log.ts';
import { type ExchangeChange, LOG_ACTIONS, readDecisionEntry, readLogAction } from './approval-model.ts';
import { ApprovalStateBadge } from './components/approval-state-badge.tsx';

const TABLE_ID = 'approval-change-log';
const LIST_OPTIONS: ListParamsOptions = { filterKeys: ['action'], limit: 20 };

const Dash = () => {
  const { t } = useTranslation('exchange-approval');
  return (
    <Text span size="sm" c="dimmed">
      {t('empty')}
    </Text>
  );
};

/** The campaign, links to it and to its rows in the queue, and its exchanges as they stand. */
const CampaignSummary = ({ campaign }: { campaign: CampaignDetail }) => {
  const { t, i18n } = useTranslation('exchange-approval');
  const href = useFeatureHref();
  const headingId = useId();
  const view = href('campaign.view', { id: campaign.campaign_id });
  const queue = href('exchange.approval');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h3" id={headingId} data-testid="approval-log-campaign">
              {campaign.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('log.campaignMeta', {
                id: campaign.campaign_id,
                advertiser: campaign.advertiser.companyName || campaign.advertiser.email,
                status: t(`campaignStatus.${campaign.status}`),
              })}
            </Text>
          </Stack>
          <Group gap="xs">
            {queue ? (
              <Button
                component={Link}
                to={`${queue}?campaign_id=${campaign.campaign_id}&state=ALL`}
                variant="light"
                leftSection={<IconListCheck size={16} aria-hidden="true" />}
                data-testid="approval-log-queue-link"
              >
                {t('log.showInQueue')}
              </Button>
            ) : null}
            {view ? (
              <Button
                component={Link}
                to={view}
                variant="default"
                leftSection={<IconEye size={16} aria-hidden="true" />}
              >
                {t('actions.viewCampaign')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {campaign.exchanges.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('log.noExchanges')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table withTableBorder verticalSpacing={6} fz="sm" data-testid="approval-log-exchanges">
              <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 4 }}>
                <Text span size="sm" fw={500}>
                  {t('log.currentStates')}
                </Text>
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('columns.exchange')}</Table.Th>
                  <Table.Th scope="col">{t('columns.state')}</Table.Th>
                  <Table.Th scope="col">{t('columns.reason')}</Table.Th>
                  <Table.Th scope="col">{t('columns.decidedBy')}</Table.Th>
                  <Table.Th scope="col">{t('columns.decided')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {campaign.exchanges.map((exchange) => (
                  <Table.Tr
                    key={exchange.exchange_id}
                    data-testid={`approval-log-exchange-${exchange.exchange_id}`}
                  >
                    <Table.Th scope="row" fw={500}>
                      {exchange.name}
                    </Table.Th>
                    <Table.Td>
                      <ApprovalStateBadge state={exchange.state} />
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{exchange.reason ?? <Dash />}</Table.Td>
                    <Table.Td>{exchange.decided_by?.email ?? <Dash />}</Table.Td>
                    <Table.Td>
                      {exchange.decided_at ? (
                        <time dateTime={exchange.decided_at}>
                          {formatDateTime(exchange.decided_at, i18n.language)}
                        </time>
                      ) : (
                        <Dash />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
};

const StateOrDash = ({ state }: { state: ExchangeChange['from'] }) =>
  state ? <ApprovalStateBadge state={state} /> : <Dash />;

/** The decisions of one log entry: per exchange, from -> to and the reason; a status move. */
const EntryChanges = ({ entry }: { entry: ChangeLogEntry }) => {
  const { t } = useTranslation('exchange-approval');
  const read = readDecisionEntry(entry);
  const statusText = (status: string | null) =>
    status ? t(`campaignStatus.${status}`, { defaultValue: status }) : t('empty');
  const isEmpty =
    read.exchanges.length === 0 && !read.status && !read.rejectionReason && read.other.length === 0;
  if (isEmpty)
    return (
      <Text size="sm" c="dimmed">
        {t('log.noChanges')}
      </Text>
    );
  return (
    <List size="sm" spacing={6} listStyleType="none" data-testid="approval-log-changes">
      {read.exchanges.map((change) => (
        <List.Item key={change.exchange} data-testid="approval-log-exchange-change" data-to={change.to ?? ''}>
          <Group gap={6} wrap="wrap">
            <Text span size="sm" fw={500}>
              {change.exchange}:
            </Text>
            <StateOrDash state={change.from} />
            <IconArrowRight size={14} aria-label={t('log.changedTo')} />
            <StateOrDash state={change.to} />
          </Group>
          {change.reason ? (
            <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="approval-log-reason">
              {t('log.reason', { reason: change.reason })}
            </Text>
          ) : change.reasonChanged && change.previousReason ? (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {t('log.reasonCleared', { reason: change.previousReason })}
            </Text>
          ) : null}
        </List.Item>
      ))}
      {read.status ? (
        <List.Item>
          <Group gap={6} wrap="wrap">
            <Text span size="sm" c="dimmed">
              {t('log.campaignStatus')}
            </Text>
            <Text span size="sm" fw={500}>
              {statusText(read.status.from)}
            </Text>
            <IconArrowRight size={14} aria-label={t('log.changedTo')} />
            <Text span size="sm" fw={500}>
              {statusText(read.status.to)}
            </Text>
          </Group>
        </List.Item>
      ) : null}
      {read.rejectionReason ? (
        <List.Item>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {t('log.rejectionReason', { reason: read.rejectionReason })}
          </Text>
        </List.Item>
      ) : null}
      {read.other.map((change) => (
        <List.Item key={change.field}>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {`${change.field}: ${JSON.stringify(change.from) ?? ''} → ${JSON.stringify(change.to) ?? ''}`}
          </Text>
        </List.Item>
      ))}
    </List>
  );
};

const ChangeLog = ({ campaignId }: { campaignId: number }) => {
  const { t, i18n } = useTranslation('exchange-approval');
  const list = useListParams(TABLE_ID, LIST_OPTIONS);
  const action = readLogAction(list.params.filters.action);
  const query = useApprovalChangeLog(campaignId, {
    page: list.params.page,
    limit: list.params.limit,
    action,
  });

  const columns = useMemo<DataColumn<ChangeLogEntry>[]>(
    () => [
      {
        id: 'time',
        header: t('log.time'),
        hideable: false,
        width: 190,
        cell: (entry) => (
          <time dateTime={entry.createdAt} title={entry.createdAt}>
            {formatDateTime(entry.createdAt, i18n.language)}
          </time>
        ),
      },
      {
        id: 'changes',
        header: t('log.decisions'),
        hideable: false,
        cell: (entry) => <EntryChanges entry={entry} />,
      },
      {
        id: 'actor',
        header: t('log.decidedBy'),
        cell: (entry) => (
          <Stack gap={0}>
            <Text span size="sm" data-testid="approval-log-actor">
              {entry.actor?.email ?? t('log.system')}
            </Text>
            {entry.onBehalfOf && entry.onBehalfOf.user_primary_id !== entry.actor?.user_primary_id ? (
              <Text span size="xs" c="dimmed">
                {t('log.onBehalfOf', { email: entry.onBehalfOf.email })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
    ],
    [t, i18n.language],
  );

  return (
    <DataTable
      list={list}
      columns={columns}
      query={query}
      getRowId={(entry) => entry.id}
      label={t('log.label')}
      withSearch={false}
      withColumnChooser={false}
      emptyTitle={t('log.emptyTitle')}
      emptyDescription={t('log.emptyBody')}
      filters={
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label={t('log.filter')}
            value={action}
            onChange={(event) =>
              list.setFilter('action', event.currentTarget.value === 'status' ? 'status' : null)
            }
            data={LOG_ACTIONS.map((value) => ({ value, label: t(`log.actions.${value}`) }))}
            data-testid="approval-log-action-filter"
          />
          <Text size="xs" c="dimmed" pb={8}>
            {t('log.timeZone', { zone: userTimeZone() })}
          </Text>
        </Group>
      }
    />
  );
};

const ApprovalChangeLogPage = () => {
  const { t } = useTranslation('exchange-approval');
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  const campaign = useApprovalCampaign(id);

  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {id === 0 ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('log.badIdTitle')}
          data-testid="approval-log-bad-id"
        >
          {t('log.badIdBody')}
        </Alert>
      ) : (
        <>
          {campaign.data ? (
            <CampaignSummary campaign={campaign.data} />
          ) : campaign.isError ? (
            <LoadState
              isError
              error={campaign.error}
              onRetry={() => void campaign.refetch()}
              testId="approval-log-campaign"
            />
          ) : (
            <Skeleton height={120} radius="md" aria-hidden="true" />
          )}
          <ChangeLog campaignId={id} />
        </>
      )}
    </PageFrame>
  );
};

export default ApprovalChangeLogPage;
