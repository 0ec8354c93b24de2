// The data table under 640 px: each row a card. The row's name (the first shown column)
// is the title, beside it the row's actions menu; a few columns follow as label: value pairs (the
// first CARD_SUMMARY_COLUMNS, or those a column marks `card: 'summary'`), the rest behind a native
// "More details" disclosure. Sorting, which the headers offer on wider screens, is a select here.
import { Checkbox, Group, NativeSelect, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import classes from './data-table.module.css';
import type { DataColumn, RowSelection } from './data-table.tsx';
import type { ListParamsControl } from './use-list-params.ts';

/** Without a `card` mark, this many columns after the title show on the card itself. */
export const CARD_SUMMARY_COLUMNS = 3;

/** The shown columns of a card: its title, the pairs on the card, the pairs behind "More details". */
export const cardLayout = <T,>(columns: readonly DataColumn<T>[]) => {
  const [title, ...others] = columns;
  const placed = others.filter((column) => column.card !== 'hidden');
  const marked = placed.filter((column) => column.card === 'summary');
  const unmarked = placed.filter((column) => column.card === undefined);
  const free = Math.max(0, CARD_SUMMARY_COLUMNS - marked.length);
  const summary = new Set([...marked, ...unmarked.slice(0, free)]);
  return {
    title,
    summary: placed.filter((column) => summary.has(column)),
    details: placed.filter((column) => !summary.has(column)),
  };
};

type CardRow<T> = { id: string; original: T };

export type DataCardsProps<T> = {
  tableId: string;
  label: string;
  list: ListParamsControl;
  /** The visible data columns, in order (the column chooser applies to cards too). */
  columns: readonly DataColumn<T>[];
  rows: readonly CardRow<T>[];
  /** Loading: placeholder cards. */
  isLoading: boolean;
  /** The error or empty state, shown instead of cards. */
  status: ReactNode;
  actions: (row: T, id: string) => ReactNode;
  selection?: RowSelection<T>;
  selectPage?: ReactNode;
  onToggleRow: (id: string) => void;
};

const Pairs = <T,>({ columns, row }: { columns: readonly DataColumn<T>[]; row: T }) => (
  <dl className={classes.cardPairs}>
    {columns.map((column) => (
      <div key={column.id} className={classes.cardPair}>
        <dt>{column.header}</dt>
        <dd>{column.cell(row)}</dd>
      </div>
    ))}
  </dl>
);

/** Sorting without headers: one option per sortable column and direction. */
const SortSelect = <T,>({
  tableId,
  list,
  columns,
}: {
  tableId: string;
  list: ListParamsControl;
  columns: readonly DataColumn<T>[];
}) => {
  const { t } = useTranslation('components');
  const sortable = columns.filter((column) => column.sortKey);
  if (sortable.length === 0) return null;
  const { sort, order } = list.params;
  const value = sort && sortable.some((column) => column.sortKey === sort) ? `${sort}:${order ?? 'asc'}` : '';
  return (
    <NativeSelect
      label={t('table.sortBy')}
      size="xs"
      value={value}
      onChange={(event) => {
        const [key, direction] = event.currentTarget.value.split(':');
        if (key && (direction === 'asc' || direction === 'desc'))
          list.update({ sort: key, order: direction });
      }}
      data={[
        ...(value === '' ? [{ value: '', label: t('table.sortDefault') }] : []),
        ...sortable.flatMap((column) => [
          { value: `${column.sortKey}:asc`, label: t('table.sortAscending', { column: column.header }) },
          { value: `${column.sortKey}:desc`, label: t('table.sortDescending', { column: column.header }) },
        ]),
      ]}
      data-testid={`${tableId}-sort-select`}
    />
  );
};

export const DataCards = <T,>({
  tableId,
  label,
  list,
  columns,
  rows,
  isLoading,
  status,
  actions,
  selection,
  selectPage,
  onToggleRow,
}: DataCardsProps<T>) => {
  const { t } = useTranslation('components');
  const { title, summary, details } = cardLayout(columns);
  const isSortable = columns.some((column) => column.sortKey);
  const body = (): ReactNode => {
    if (isLoading) {
      return Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={`placeholder-${index}`} className={classes.card} aria-hidden="true">
          <Skeleton height={16} width="60%" radius="sm" mb="sm" />
          <Skeleton height={12} radius="sm" mb={6} />
          <Skeleton height={12} width="80%" radius="sm" />
        </li>
      ));
    }
    if (status) return <li className={classes.cardStatus}>{status}</li>;
    return rows.map((row) => (
      <li key={row.id} className={classes.card} data-testid={`${tableId}-row-${row.id}`}>
        <div className={classes.cardHead}>
          {selection ? (
            <Checkbox
              checked={selection.selected.has(row.id)}
              onChange={() => onToggleRow(row.id)}
              aria-label={selection.rowLabel(row.original)}
              data-testid={`${tableId}-select-${row.id}`}
            />
          ) : null}
          <div className={classes.cardTitle} data-testid={`${tableId}-card-title-${row.id}`}>
            {title ? title.cell(row.original) : null}
          </div>
          {actions(row.original, row.id)}
        </div>
        {summary.length > 0 ? <Pairs columns={summary} row={row.original} /> : null}
        {details.length > 0 ? (
          <details className={classes.cardDetails}>
            <summary data-testid={`${tableId}-card-details-${row.id}`}>{t('table.moreDetails')}</summary>
            <Pairs columns={details} row={row.original} />
          </details>
        ) : null}
      </li>
    ));
  };
  return (
    <div data-testid={`${tableId}-cards`}>
      {selectPage || isSortable ? (
        <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
          {selectPage ?? <span />}
          <SortSelect tableId={tableId} list={list} columns={columns} />
        </Group>
      ) : null}
      <ul className={classes.cards} aria-label={label} aria-busy={isLoading || undefined}>
        {body()}
      </ul>
    </div>
  );
};
