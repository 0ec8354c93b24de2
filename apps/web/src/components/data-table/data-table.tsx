// The console's server-side data grid: the server pages, sorts, filters and searches (state in the
// URL through useListParams); the table renders columns, remembers hidden
// ones per table id, and shows loading, empty and error states. Headers sort on click or Enter and
// carry aria-sort; every row may have an actions menu. Under 640 px the rows are cards instead
// (data-cards.tsx).
import './data-table-styles.ts';
import {
  Alert,
  Button,
  Checkbox,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconFilterOff,
  IconInbox,
  IconRefresh,
  IconSelector,
} from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { localeOf } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { failureMessage } from '../toast.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { readHiddenColumns, toggleHidden, writeHiddenColumns } from './column-storage.ts';
import { DataCards } from './data-cards.tsx';
import classes from './data-table.module.css';
import { countPages, PAGE_SIZES, pageRange, rangeTextKey } from './list-params.ts';
import { type RowAction, RowActionsMenu } from './row-actions.tsx';
import { SearchBox } from './search-box.tsx';
import type { ListParamsControl } from './use-list-params.ts';

export type { RowAction } from './row-actions.tsx';

export type DataColumn<T> = {
  /** Stable id (column chooser memory, test ids). */
  id: string;
  /** Translated header text. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort field; a column with one sorts on click. */
  sortKey?: string;
  /** The first click sorts descending (dates, amounts). */
  descFirst?: boolean;
  /** May be hidden in the column chooser (default true). */
  hideable?: boolean;
  /** Hidden until the user shows it. */
  hiddenByDefault?: boolean;
  align?: 'left' | 'center' | 'right';
  width?: CSSProperties['width'];
  /** The row's name: rendered as `<th scope="row">`. */
  isRowHeader?: boolean;
  /**
   * Under 640 px rows are cards (data-cards.tsx), titled by the first shown column: 'summary' shows
   * this column on the card, 'details' behind "More details", 'hidden' not at all. Unmarked columns
   * fill the card up to CARD_SUMMARY_COLUMNS, then go to the details.
   */
  card?: 'summary' | 'details' | 'hidden';
};

/** A page of the API (`pageOf(...)` in packages/core/src/api/common.ts); `total_exact: false` when the
server stopped counting at its cap (`cappedPageOf`), shown as "1,000+"; `total_is_estimate` when the
total is an estimate, shown as "about 8,300". */
export type DataPage<T> = { items: T[]; total: number; total_exact?: boolean; total_is_estimate?: boolean };

/** Checkbox selection of rows (bulk actions); ids are `getRowId` as strings and survive paging. */
export type RowSelection<T> = {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Accessible name of a row's checkbox, e.g. `Select ${row.name}`. */
  rowLabel: (row: T) => string;
};

/** The parts of a TanStack Query result the table reads (pass the `useQuery` result as is). */
export type DataTableQuery<T> = {
  data: DataPage<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

export type DataTableProps<T> = {
  /** From `useListParams(tableId, ...)`. */
  list: ListParamsControl;
  columns: readonly DataColumn<T>[];
  query: DataTableQuery<T>;
  getRowId: (row: T) => string | number;
  /** Accessible name of the table (its caption for screen readers). */
  label: string;
  /** The menu of each row; an empty array shows no menu for that row. */
  rowActions?: (row: T) => readonly RowAction[];
  /** Accessible name of a row's menu button, e.g. `Actions for ${row.email}`. */
  rowActionsLabel?: (row: T) => string;
  /** Filter inputs shown beside the search (Selects bound to `list.setFilter`). */
  filters?: ReactNode;
  /** Buttons at the right end of the toolbar ("Add user"). */
  toolbar?: ReactNode;
  /** Default true. */
  withSearch?: boolean;
  searchLabel?: string;
  /** Default true. */
  withColumnChooser?: boolean;
  emptyTitle?: string;
  emptyDescription?: string;
  pageSizes?: readonly number[];
  /** Adds a checkbox column; test ids `<tableId>-select-<id>` and `<tableId>-select-page`. */
  selection?: RowSelection<T>;
};

const ACTIONS_COLUMN = '__actions';
const SELECT_COLUMN = '__select';
const SELECT_COLUMN_WIDTH = 40;
const EMPTY_ROWS: never[] = [];
/** Below this width (a phone) rows are cards: a table would scroll sideways. */
const CARDS_QUERY = '(max-width: 639.98px)';

const SortIcon = ({ direction }: { direction: false | 'asc' | 'desc' }) => {
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden="true" />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden="true" />;
  return <IconSelector size={14} aria-hidden="true" style={{ opacity: 0.5 }} />;
};

export const DataTable = <T,>({
  list,
  columns,
  query,
  getRowId,
  label,
  rowActions,
  rowActionsLabel,
  filters,
  toolbar,
  withSearch = true,
  searchLabel,
  withColumnChooser = true,
  emptyTitle,
  emptyDescription,
  pageSizes = PAGE_SIZES,
  selection,
}: DataTableProps<T>) => {
  const { t, i18n } = useTranslation('components');
  const { tableId, params } = list;
  const isCards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const hideableIds = useMemo(
    () => columns.filter((column) => column.hideable !== false).map((column) => column.id),
    [columns],
  );
  const [hidden, setHidden] = useState<string[]>(() =>
    readHiddenColumns(
      tableId,
      hideableIds,
      columns.filter((column) => column.hiddenByDefault).map((column) => column.id),
    ),
  );

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  // The columns shown, in order: the selection boxes, the columns not hidden, the row actions. (No
  // table library: the server sorts and pages, so a column is its header and its cell; TanStack
  // Table did only this and weighed 10 kB gzip on every list page.)
  const visibleColumns = useMemo(
    (): { id: string }[] => [
      ...(selection ? [{ id: SELECT_COLUMN }] : []),
      ...columns.filter((column) => column.hideable === false || !hidden.includes(column.id)),
      ...(rowActions ? [{ id: ACTIONS_COLUMN }] : []),
    ],
    [columns, hidden, rowActions, selection],
  );
  const sortedColumn = columns.find((column) => column.sortKey && column.sortKey === params.sort);
  const directionOf = (columnId: string): false | 'asc' | 'desc' =>
    sortedColumn?.id === columnId ? (params.order === 'desc' ? 'desc' : 'asc') : false;
  // The rows of a page that arrived are rendered in a background pass React may interrupt: a page of
  // rich rows is thousands of components, and rendered at once (the query's update is synchronous)
  // it blocked the main thread for seconds on a busy phone. Until then the table shows what it
  // showed (placeholders on the first load).
  const data = useDeferredValue(query.data);
  const rows = (data?.items ?? (EMPTY_ROWS as T[])).map((original) => ({
    id: String(getRowId(original)),
    original,
  }));

  const toggleColumn = (id: string) => {
    const next = toggleHidden(hidden, id, hideableIds);
    setHidden(next);
    writeHiddenColumns(tableId, next);
  };

  // The selection boxes and the first data column stick to the start, the row actions to the end.
  const firstDataColumnId = visibleColumns.find(
    (column) => column.id !== SELECT_COLUMN && column.id !== ACTIONS_COLUMN,
  )?.id;
  const stickyProps = (columnId: string) => {
    if (columnId === ACTIONS_COLUMN) return { className: `${classes.sticky} ${classes.stickyEnd}` };
    if (columnId === SELECT_COLUMN) return { className: `${classes.sticky} ${classes.stickyStart}` };
    if (columnId !== firstDataColumnId) return {};
    return {
      className: `${classes.sticky} ${classes.stickyStart}`,
      'data-last-start': true,
      style: { '--sticky-left': selection ? `${SELECT_COLUMN_WIDTH}px` : '0px' } as CSSProperties,
    };
  };
  const total = data?.total ?? 0;
  const pages = countPages(total, params.limit);
  const range = pageRange(params.page, params.limit, total);
  const hasFilters = params.q !== '' || Object.keys(params.filters).length > 0;
  const isLoading = !query.isError && (query.isPending || data === undefined);
  const pageIds = rows.map((row) => row.id);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  const toggleRow = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  const togglePage = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    const isAllSelected = selectedOnPage === pageIds.length;
    for (const id of pageIds) {
      if (isAllSelected) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  };

  /** The error or empty state (null when there are rows to show). */
  const renderStatus = (): ReactNode => {
    if (query.isError) {
      return (
        <Alert
          color="red"
          variant="light"
          title={t('table.errorTitle')}
          role="alert"
          data-testid={`${tableId}-error`}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureMessage(query.error, t('table.errorBody'))}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden="true" />}
              onClick={() => void query.refetch()}
              data-testid={`${tableId}-retry`}
            >
              {t('table.retry')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (rows.length > 0) return null;
    return (
      <EmptyState
        icon={<IconInbox size={28} aria-hidden="true" />}
        title={hasFilters ? t('table.noMatchTitle') : (emptyTitle ?? t('table.emptyTitle'))}
        description={hasFilters ? t('table.noMatchBody') : (emptyDescription ?? t('table.emptyBody'))}
        data-testid={`${tableId}-empty`}
        py="xl"
      >
        {hasFilters ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconFilterOff size={14} aria-hidden="true" />}
            onClick={list.clearFilters}
          >
            {t('table.clearFilters')}
          </Button>
        ) : null}
      </EmptyState>
    );
  };

  const renderActions = (row: T, id: string) => (
    <RowActionsMenu
      actions={rowActions?.(row) ?? []}
      label={rowActionsLabel?.(row) ?? t('table.rowActions')}
      testId={`${tableId}-actions-${id}`}
    />
  );

  const selectPageBox = (
    <Checkbox
      checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
      indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
      disabled={pageIds.length === 0}
      onChange={togglePage}
      aria-label={t('table.selectPage')}
      data-testid={`${tableId}-select-page`}
    />
  );

  const renderBody = (): ReactNode => {
    if (isLoading) {
      return Array.from({ length: Math.min(params.limit, 8) }, (_, index) => (
        // A key no row can have: a row keyed like a placeholder would take over its DOM node and
        // count as moved (layout shift) when the page arrives.
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Tr key={`placeholder-${index}`} aria-hidden="true">
          {visibleColumns.map((column) => (
            <Table.Td key={column.id}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ));
    }
    const status = renderStatus();
    if (status) {
      return (
        <Table.Tr>
          <Table.Td colSpan={visibleColumns.length}>{status}</Table.Td>
        </Table.Tr>
      );
    }
    return rows.map((row) => (
      <Table.Tr key={row.id} data-testid={`${tableId}-row-${row.id}`}>
        {visibleColumns.map(({ id: columnId }) => {
          if (columnId === SELECT_COLUMN && selection) {
            return (
              <Table.Td key={columnId} w={SELECT_COLUMN_WIDTH} {...stickyProps(columnId)}>
                <Checkbox
                  checked={selection.selected.has(row.id)}
                  onChange={() => toggleRow(row.id)}
                  aria-label={selection.rowLabel(row.original)}
                  data-testid={`${tableId}-select-${row.id}`}
                />
              </Table.Td>
            );
          }
          if (columnId === ACTIONS_COLUMN) {
            return (
              <Table.Td key={columnId} ta="right" w={56} {...stickyProps(columnId)}>
                {renderActions(row.original, row.id)}
              </Table.Td>
            );
          }
          const column = byId.get(columnId);
          const content = column?.cell(row.original);
          if (column?.isRowHeader) {
            return (
              <Table.Th key={columnId} scope="row" fw={500} ta={column.align} {...stickyProps(columnId)}>
                {content}
              </Table.Th>
            );
          }
          return (
            <Table.Td key={columnId} ta={column?.align} {...stickyProps(columnId)}>
              {content}
            </Table.Td>
          );
        })}
      </Table.Tr>
    ));
  };

  return (
    <Stack gap="sm" data-testid={`${tableId}-table`}>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('table.filtersLabel')}>
          {withSearch ? (
            <SearchBox
              value={params.q}
              onSearch={list.setSearch}
              label={searchLabel ?? t('table.search')}
              testId={`${tableId}-search`}
            />
          ) : null}
          {filters}
        </Group>
        <Group gap="sm" align="flex-end">
          {withColumnChooser ? (
            <ColumnChooser
              testId={tableId}
              columns={columns.map((column) => ({
                id: column.id,
                label: column.header,
                isVisible: !hidden.includes(column.id),
                canHide: column.hideable !== false,
              }))}
              onToggle={toggleColumn}
            />
          ) : null}
          {toolbar}
        </Group>
      </Group>

      {isCards ? (
        <DataCards
          tableId={tableId}
          label={label}
          list={list}
          columns={visibleColumns.flatMap((column) => byId.get(column.id) ?? [])}
          rows={rows.map((row) => ({ id: row.id, original: row.original }))}
          isLoading={isLoading}
          status={isLoading ? null : renderStatus()}
          actions={rowActions ? renderActions : () => null}
          selection={selection}
          selectPage={selection ? selectPageBox : undefined}
          onToggleRow={toggleRow}
        />
      ) : (
        <Table.ScrollContainer minWidth={640} type="native" className={classes.scroll}>
          <Table
            striped
            highlightOnHover
            withTableBorder
            verticalSpacing="xs"
            aria-busy={query.isFetching || data !== query.data || undefined}
            aria-rowcount={total || undefined}
            className={classes.table}
          >
            <caption style={visuallyHidden}>{label}</caption>
            <Table.Thead>
              <Table.Tr>
                {visibleColumns.map(({ id: columnId }) => {
                  const column = byId.get(columnId);
                  const direction = directionOf(columnId);
                  const isSortable = Boolean(column?.sortKey);
                  const text = column?.header;
                  if (columnId === SELECT_COLUMN) {
                    return (
                      <Table.Th key={columnId} w={SELECT_COLUMN_WIDTH} {...stickyProps(columnId)}>
                        {selectPageBox}
                      </Table.Th>
                    );
                  }
                  if (columnId === ACTIONS_COLUMN) {
                    return (
                      <Table.Th key={columnId} ta="right" {...stickyProps(columnId)}>
                        <span style={visuallyHidden}>{t('table.actionsHeader')}</span>
                      </Table.Th>
                    );
                  }
                  return (
                    <Table.Th
                      key={columnId}
                      scope="col"
                      ta={column?.align}
                      w={column?.width}
                      {...stickyProps(columnId)}
                      aria-sort={
                        isSortable
                          ? direction === 'asc'
                            ? 'ascending'
                            : direction === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                    >
                      {isSortable && column?.sortKey ? (
                        <UnstyledButton
                          onClick={() => list.sortBy(column.sortKey!, column.descFirst)}
                          data-testid={`${tableId}-sort-${column.id}`}
                          style={{
                            display: 'inline-flex',
                            alignItems: 'center',
                            gap: 4,
                            fontWeight: 700,
                            fontSize: 'inherit',
                          }}
                        >
                          {text}
                          <SortIcon direction={direction} />
                        </UnstyledButton>
                      ) : (
                        text
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{renderBody()}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <NativeSelect
            label={t('table.pageSize')}
            size="xs"
            data={pageSizes.map((size) => String(size))}
            value={String(params.limit)}
            onChange={(event) => list.setLimit(Number(event.currentTarget.value))}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { marginBottom: 0 } }}
            data-testid={`${tableId}-page-size`}
          />
          <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${tableId}-range`}>
            {range
              ? t(rangeTextKey(data), {
                  from: range.from,
                  to: range.to,
                  total: total.toLocaleString(localeOf(i18n.language)),
                })
              : null}
          </Text>
          {selection && selection.selected.size > 0 ? (
            <Text size="sm" fw={500} aria-live="polite" data-testid={`${tableId}-selected-count`}>
              {t('table.selectedCount', { count: selection.selected.size })}
            </Text>
          ) : null}
        </Group>
        {pages > 1 ? (
          <nav aria-label={t('table.pagination')}>
            <Pagination
              total={pages}
              value={Math.min(params.page, pages)}
              onChange={list.setPage}
              size="sm"
              withEdges
              getItemProps={(page) => ({
                'aria-label': t('table.page', { page }),
                'aria-current': page === params.page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
              data-testid={`${tableId}-pagination`}
            />
          </nav>
        ) : null}
      </Group>
    </Stack>
  );
};

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
