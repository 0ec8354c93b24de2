// Server-side paging for every list: a page of rows plus the total, from one filter.
import { LIST_COUNT_CAP } from '@console/core/api/common';
import { type AnyColumn, asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

export type PageRequest = { page: number; limit: number };
export type Page<T> = { items: T[]; total: number; page: number; limit: number };

export const offsetOf = (request: PageRequest) => (request.page - 1) * request.limit;

/**
 * LIMIT and OFFSET of a page as SQL: the limit as a literal (a parameter would keep PostgreSQL from
 * ever using a prepared statement's generic plan; see db/prepared-statement.ts), the offset as a
 * parameter so that every page of a list shares one statement, and none on the first page.
 * `isOpaque`: the offset as a subquery the planner cannot read, for a search's statement, whose
 * pattern is one too (platform/search-walk.ts searchPattern): with the offset in view each page's
 * own plan looked cheaper than the generic one and a search's later pages were planned on every
 * call.
 */
export const pageSlice = (request: PageRequest, isOpaque = false): SQL => {
  const limit = sql.raw(`limit ${integerText(request.limit)}`);
  if (request.page === 1) return limit;
  return isOpaque
    ? sql`${limit} offset (select ${offsetOf(request)}::bigint)`
    : sql`${limit} offset ${offsetOf(request)}`;
};

/**
 * A page walked in the list's order: `where`, then `order` (naming `keys`, the sort keys with their
 * aliases) and `slice`. Past the first page the walk reads only ids, index-only where the sort's
 * index holds its keys and the filters' columns, and the page's rows are read by id after it: a walk
 * of whole rows fetches from the table every row its offset passes (page 50: 1,000 rows for 20).
 * `columns` name the id c_id, as the walk does (so `order` may name it). The rows come out
 * unordered past the first page: the statement around orders them by `keys`.
 */
export const walkedPage = (walk: {
  table: SQLWrapper;
  id: AnyColumn;
  columns: SQL;
  keys: SQL;
  where: SQL;
  order: SQL;
  slice: SQL;
  page: number;
}): SQL => {
  const { table, id, columns, keys, where, order, slice } = walk;
  const walkOf = (selected: SQL) =>
    sql`select ${selected} from ${table} where ${where} order by ${order} ${slice}`;
  if (walk.page === 1) return walkOf(sql`${columns}, ${keys}`);
  return sql`select ${columns}, ${keys} from ${table}
    where ${id} = any(array(select w.c_id from (${walkOf(sql`${id} as c_id, ${keys}`)}) as w))`;
};

/** A capped count reads at most this many matches (one more than the cap, to know there are more). */
export const COUNT_LIMIT = sql.raw(`limit ${LIST_COUNT_CAP + 1}`);

const integerText = (value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
  return String(value);
};

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * The total of a page read with `count(*) over () as total`: its first row carries it; a page past
 * the end has none, so only then is it counted alone (`countAlone`).
 */
export const windowedTotal = async (
  rows: readonly Record<string, unknown>[],
  page: number,
  countAlone: () => Promise<number | string | undefined>,
): Promise<number> =>
  rows.length > 0 ? Number(rows[0]!.total) : page === 1 ? 0 : Number((await countAlone()) ?? 0);

/** Runs the page query and its count in parallel. */
export const fetchPage = async <TRow, TItem>(
  request: PageRequest,
  rows: (limit: number, offset: number) => Promise<TRow[]>,
  total: () => Promise<{ value: number }[]>,
  toItem: (row: TRow) => TItem,
): Promise<Page<TItem>> => {
  const [found, [counted]] = await Promise.all([rows(request.limit, offsetOf(request)), total()]);
  return { items: found.map(toItem), total: counted?.value ?? 0, page: request.page, limit: request.limit };
};

export type CappedPage<T> = Page<T> & { total_exact: boolean; total_is_estimate: boolean };

/**
 * Lists count exactly up to LIST_COUNT_CAP (+1 to know there are more), then answer the cap with
 * total_exact false. `exact` keeps a count that was taken in full (the exchange approval queue's
 * search).
 */
export const capped = <T>(page: Page<T>, exact: boolean): CappedPage<T> =>
  exact || page.total <= LIST_COUNT_CAP
    ? { ...page, total_exact: true, total_is_estimate: false }
    : { ...page, total: LIST_COUNT_CAP, total_exact: false, total_is_estimate: false };

export type SortedPageRequest<K extends string> = PageRequest & { sort: K; order: 'asc' | 'desc' };

/**
 * A page of a list sorted by one of its columns (the query's `sort`) and then by its id in the same
 * direction, so rows of equal keys keep one order from page to page; `select` is the list's
 * statement with its joins and filter (`.$dynamic()`), `total` counts the same filter.
 */
export const fetchSortedPage = async <K extends string, S extends PgSelect, TItem>(
  query: SortedPageRequest<K>,
  select: S,
  order: { sorts: Record<K, SQLWrapper | AnyColumn>; id: AnyColumn },
  total: () => Promise<{ value: number }[]>,
  toItem: (row: S['_']['result'][number]) => TItem,
): Promise<Page<TItem>> => {
  const direction = query.order === 'asc' ? asc : desc;
  return fetchPage(
    query,
    async (limit, offset): Promise<S['_']['result']> =>
      select
        .orderBy(direction(order.sorts[query.sort]), direction(order.id))
        .limit(limit)
        .offset(offset)
        .execute(),
    total,
    toItem,
  );
};
