// An account's movements (who moved what, when and why) with the balance after each: filters by
// kind, method, dates and text, CSV export of what the filters select, and "Reverse" on the rows the
// caller may undo. A reversal shows as such, and so does the movement it undid.
import '../../../components/data-table/data-table-styles.ts';
import type { FundsEntry } from '@console/core/api/funds';
import { TRANSFER_KINDS, TRANSFER_METHODS } from '@console/core/api/funds-constants';
import { formatMicros, formatMicrosExact } from '@console/core/format/money';
import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileTypeCsv } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { DateField } from '../../../components/date-field.tsx';
import { useOpenedOnce } from '../../../components/opened-once.ts';
import { formatDateTime, localeOf, userTimeZone } from '../../../lib/format/date-time.ts';
import { resolveLanguage } from '../../../lib/i18n/languages.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { downloadFundsFile } from '../api/download-funds-file.ts';
import { useFundsHistory } from '../api/list-funds-history.ts';

// The reversal dialog (Mantine's Modal) loads the first time a reversal is asked for.
const ReverseModal = lazy(() =>
  import('./reverse-modal.tsx').then((module) => ({ default: module.ReverseModal })),
);

const LIST_OPTIONS: ListParamsOptions = { filterKeys: ['kind', 'method', 'from', 'to'], order: 'desc' };
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

type Props = {
  /** The account; the caller's own when undefined. */
  userId: number | undefined;
  /** Media cost is sent to admins and co-admins only; the column shows for them. */
  showMediaCost: boolean;
};

export const HistoryTable = ({ userId, showMediaCost }: Props) => {
  const { t, i18n } = useTranslation('funds');
  const list = useListParams('funds-history', LIST_OPTIONS);
  const [reversing, setReversing] = useState<FundsEntry | null>(null);
  const reverseAsked = useOpenedOnce(reversing !== null);
  // Half-typed dates stay out of the request.
  const query = useMemo((): Record<string, string | number | undefined> => {
    const { from, to, sort: _sort, ...rest } = list.query;
    return {
      ...rest,
      from: typeof from === 'string' && DATE_PATTERN.test(from) ? from : undefined,
      to: typeof to === 'string' && DATE_PATTERN.test(to) ? to : undefined,
      // The days are the reader's, as the dashboards count them (and as the times are shown).
      tz: userTimeZone(),
    };
  }, [list.query]);
  const history = useFundsHistory(userId, query);

  /**
   * A movement in words: the bidder's spend "37 impressions · Summer sale" (its reference names the
   * first impression and the count), a repriced impression, the campaign; else the reference.
   */
  const describeEntry = useCallback(
    (entry: FundsEntry) => {
      if (entry.kind !== 'SPEND') return entry.reference ?? '';
      const what = entry.repricing
        ? t('history.repriced')
        : entry.impressions === null
          ? null
          : t('history.impressions', {
              count: entry.impressions,
              formatted: new Intl.NumberFormat(localeOf(i18n.language)).format(entry.impressions),
            });
      return [what, entry.campaign_name].filter(Boolean).join(' · ') || (entry.reference ?? '');
    },
    [t, i18n.language],
  );

  const columns = useMemo<DataColumn<FundsEntry>[]>(() => {
    const locale = localeOf(i18n.language);
    const all: DataColumn<FundsEntry>[] = [
      {
        id: 'time',
        header: t('history.time'),
        hideable: false,
        // When the money moved (spend: its delivery hour), as the filters and statements date it;
        // a movement booked on a later day (a late notice) says when.
        cell: (entry) => (
          <Stack gap={2} align="flex-start">
            <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt, i18n.language)}</time>
            {entry.createdAt.slice(0, 10) !== entry.occurredAt.slice(0, 10) ? (
              <Text size="xs" c="dimmed" data-testid="funds-booked-at">
                {t('history.booked', { date: formatDateTime(entry.createdAt, i18n.language) })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'kind',
        header: t('history.kind'),
        hideable: false,
        cell: (entry) => (
          <Stack gap={2} align="flex-start">
            <Badge
              variant="light"
              color={entry.kind === 'REVERSAL' ? 'orange' : 'gray'}
              data-testid="funds-kind"
            >
              {entry.reverses_transfer_id !== null
                ? t('history.reversalOf', { id: entry.reverses_transfer_id })
                : entry.agency_margin
                  ? t('history.marginIncome')
                  : t(`kinds.${entry.kind}`)}
            </Badge>
            {entry.reversed_by_transfer_id !== null ? (
              <Text size="xs" fs="italic" data-testid="funds-reversed-by">
                {t('history.reversedBy', { id: entry.reversed_by_transfer_id })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'amount',
        header: t('history.amount'),
        align: 'right',
        hideable: false,
        // Exact: spend of a few impressions is often under a cent, and must not read $0.00.
        cell: (entry) => (
          <Text
            span
            size="sm"
            fw={600}
            c={entry.amount_micros < 0 ? 'red.9' : undefined}
            data-testid="funds-amount"
          >
            {formatMicrosExact(entry.amount_micros, locale)}
          </Text>
        ),
      },
      {
        id: 'balance',
        header: t('history.balanceAfter'),
        align: 'right',
        cell: (entry) => formatMicrosExact(entry.balance_after_micros, locale),
      },
      {
        id: 'method',
        header: t('history.method'),
        cell: (entry) => (entry.method ? t(`methods.${entry.method}`) : '—'),
      },
      {
        id: 'counterparty',
        header: t('history.counterparty'),
        cell: (entry) =>
          entry.counterparty?.companyName || entry.counterparty?.email || t('history.platform'),
      },
      {
        id: 'reference',
        header: t('history.reference'),
        cell: (entry) => (
          <span data-testid="funds-reference" title={entry.reference ?? undefined}>
            {describeEntry(entry) || '—'}
          </span>
        ),
      },
      { id: 'note', header: t('history.note'), cell: (entry) => entry.note || '—' },
      { id: 'by', header: t('history.by'), cell: (entry) => entry.createdBy?.email ?? t('history.system') },
      {
        id: 'advertiserCost',
        header: t('history.advertiserCost'),
        align: 'right',
        hiddenByDefault: true,
        cell: (entry) =>
          entry.advertiser_cost_micros === null ? '—' : formatMicros(entry.advertiser_cost_micros, locale),
      },
      {
        id: 'transfer',
        header: t('history.transfer'),
        hiddenByDefault: true,
        cell: (entry) => `#${entry.transfer_id}`,
      },
    ];
    if (showMediaCost) {
      all.splice(10, 0, {
        id: 'mediaCost',
        header: t('history.mediaCost'),
        align: 'right',
        hiddenByDefault: true,
        cell: (entry) =>
          entry.media_cost_micros === null ? '—' : formatMicros(entry.media_cost_micros, locale),
      });
    }
    return all;
  }, [t, i18n.language, showMediaCost, describeEntry]);

  const exportCsv = () => {
    const { page: _page, limit: _limit, order: _order, ...filters } = query;
    void downloadFundsFile(
      '/api/funds/history.csv',
      // The descriptions in the reader's language.
      { ...filters, user_primary_id: userId, lang: resolveLanguage(i18n.language) },
      `funds-${userId ?? 'account'}.csv`,
    );
  };

  return (
    <>
      <DataTable
        list={list}
        columns={columns}
        query={history}
        getRowId={(entry) => entry.id}
        label={t('history.label')}
        searchLabel={t('history.search')}
        emptyTitle={t('history.emptyTitle')}
        emptyDescription={t('history.emptyBody')}
        rowActions={(entry) =>
          entry.can_reverse
            ? [
                {
                  key: 'reverse',
                  label: t('history.reverse'),
                  icon: <IconArrowBackUp size={16} aria-hidden="true" />,
                  onClick: () => setReversing(entry),
                },
              ]
            : []
        }
        rowActionsLabel={(entry) => t('history.actionsFor', { id: entry.transfer_id })}
        toolbar={
          <Button
            variant="default"
            leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}
            onClick={exportCsv}
            data-testid="funds-export-csv"
          >
            {t('history.export')}
          </Button>
        }
        filters={
          <Group gap="sm" align="flex-end">
            <NativeSelect
              label={t('history.kind')}
              value={list.params.filters.kind ?? ''}
              onChange={(event) => list.setFilter('kind', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('history.allKinds') },
                ...TRANSFER_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
              ]}
              data-testid="funds-filter-kind"
            />
            <NativeSelect
              label={t('history.method')}
              value={list.params.filters.method ?? ''}
              onChange={(event) => list.setFilter('method', event.currentTarget.value || null)}
              data={[
                { value: '', label: t('history.allMethods') },
                ...TRANSFER_METHODS.map((method) => ({ value: method, label: t(`methods.${method}`) })),
              ]}
              data-testid="funds-filter-method"
            />
            <DateField
              label={t('history.from')}
              value={list.params.filters.from ?? ''}
              max={list.params.filters.to}
              onChange={(day) => list.setFilter('from', day)}
              w={160}
              data-testid="funds-filter-from"
            />
            <DateField
              label={t('history.to')}
              value={list.params.filters.to ?? ''}
              min={list.params.filters.from}
              onChange={(day) => list.setFilter('to', day)}
              w={160}
              data-testid="funds-filter-to"
            />
          </Group>
        }
      />
      {reverseAsked ? (
        <Suspense fallback={null}>
          <ReverseModal entry={reversing} onClose={() => setReversing(null)} />
        </Suspense>
      ) : null}
    </>
  );
};
