// An advertiser's ledger (admin: /admin/CampaignList/payment-list/{id}; the same page serves the
// agency's /agency/advertiser/payment-list/{id}): kind, amount, balance after, who and when,
// filtered by kind and dates, with the current balance on top. Amounts are micro-units.
import '../../components/data-table/data-table-styles.ts';
import { ledgerQuery } from '@console/core/api/ledger';
import { formatMicros } from '@console/core/format/money';
import { Alert, Group, NativeSelect, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { type LedgerPage, useUserPayments } from './api/user-payments.ts';
import { parseId } from './user-rules.ts';

type LedgerEntry = LedgerPage['items'][number];

const KINDS = ledgerQuery.shape.kind.unwrap().options;
const LIST_OPTIONS: ListParamsOptions = { filterKeys: ['kind', 'from', 'to'], order: 'desc' };
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const PaymentListPage = () => {
  const { t, i18n } = useTranslation('users');
  const route = useCurrentRoute();
  const { auth } = useSession();
  const id = parseId(useParams().id);
  const list = useListParams('payments', LIST_OPTIONS);
  // Half-typed dates stay out of the request.
  const query = useMemo(() => {
    const { from, to, ...rest } = list.query;
    return {
      ...rest,
      from: typeof from === 'string' && DATE_PATTERN.test(from) ? from : undefined,
      to: typeof to === 'string' && DATE_PATTERN.test(to) ? to : undefined,
    };
  }, [list.query]);
  const payments = useUserPayments(auth?.role, id, query);

  const columns = useMemo<DataColumn<LedgerEntry>[]>(
    () => [
      {
        id: 'time',
        header: t('payments.time'),
        hideable: false,
        cell: (entry) => (
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language)}</time>
        ),
      },
      {
        id: 'kind',
        header: t('payments.kind'),
        cell: (entry) => t(`payments.kinds.${entry.kind}`, { defaultValue: entry.kind }),
      },
      {
        id: 'amount',
        header: t('payments.amount'),
        align: 'right',
        hideable: false,
        cell: (entry) => (
          <Text span size="sm" fw={500} c={entry.amount_micros < 0 ? 'red.8' : 'green.9'}>
            {formatMicros(entry.amount_micros)}
          </Text>
        ),
      },
      {
        id: 'balance',
        header: t('payments.balanceAfter'),
        align: 'right',
        cell: (entry) => formatMicros(entry.balance_after_micros),
      },
      { id: 'description', header: t('payments.description'), cell: (entry) => entry.description || '—' },
      {
        id: 'reference',
        header: t('payments.reference'),
        hiddenByDefault: true,
        cell: (entry) => entry.reference ?? '—',
      },
      { id: 'by', header: t('payments.by'), cell: (entry) => entry.createdBy?.email ?? t('payments.system') },
    ],
    [t, i18n.language],
  );

  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Stack gap="md">
        {id <= 0 ? (
          <Alert color="red" variant="light" role="alert">
            {t('user.badId')}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md" maw={360} data-testid="payments-balance">
          <Text size="sm" c="dimmed">
            {t('payments.balance')}
          </Text>
          {payments.data ? (
            <Text fz={28} fw={700} aria-live="polite">
              {formatMicros(payments.data.balance_micros)}
            </Text>
          ) : payments.isError ? (
            <Text c="red.8">{t('payments.balanceUnavailable')}</Text>
          ) : (
            <Skeleton height={32} width={160} mt={4} />
          )}
        </Paper>
        <DataTable
          list={list}
          columns={columns}
          query={payments}
          getRowId={(entry) => entry.id}
          label={t('payments.label')}
          withSearch={false}
          emptyTitle={t('payments.emptyTitle')}
          emptyDescription={t('payments.emptyBody')}
          filters={
            <Group gap="sm" align="flex-end">
              <NativeSelect
                label={t('payments.kind')}
                value={list.params.filters.kind ?? ''}
                onChange={(event) => list.setFilter('kind', event.currentTarget.value || null)}
                data={[
                  { value: '', label: t('payments.allKinds') },
                  ...KINDS.map((kind) => ({ value: kind, label: t(`payments.kinds.${kind}`) })),
                ]}
                data-testid="payments-filter-kind"
              />
              <TextInput
                type="date"
                label={t('payments.from')}
                value={list.params.filters.from ?? ''}
                onChange={(event) => list.setFilter('from', event.currentTarget.value || null)}
                data-testid="payments-filter-from"
              />
              <TextInput
                type="date"
                label={t('payments.to')}
                value={list.params.filters.to ?? ''}
                onChange={(event) => list.setFilter('to', event.currentTarget.value || null)}
                data-testid="payments-filter-to"
              />
            </Group>
          }
        />
      </Stack>
    </PageFrame>
  );
};

export default PaymentListPage;
