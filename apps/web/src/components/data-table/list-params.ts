// The state of a server-side list (page, page size, sort, search, filters) as URL search params.
// Pure, so that it is unit-tested without React: use-list-params.ts binds it to the router.

export type SortOrder = 'asc' | 'desc';

export type ListParams = {
  page: number;
  limit: number;
  /** The server's sort field, or undefined for the server's default order. */
  sort: string | undefined;
  order: SortOrder | undefined;
  /** The search text ('' when none). */
  q: string;
  /** Filter values by key (only the keys of `filterKeys`; absent when not set). */
  filters: Record<string, string>;
};

export type ListParamsOptions = {
  /** Page size when the URL has none (default 20). */
  limit?: number;
  /** Page sizes offered; a `limit` outside them falls back to the default. */
  pageSizes?: readonly number[];
  /** The server's default sort, shown as sorted when the URL has none. */
  sort?: string;
  order?: SortOrder;
  /** The filters this list keeps in the URL (e.g. ['role', 'status', 'agency']). */
  filterKeys?: readonly string[];
  /** A prefix of every param name, when two lists share one page (e.g. 'log_'). */
  prefix?: string;
};

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

const positiveInt = (value: string | null): number | null => {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

const nameOf = (options: ListParamsOptions, key: string) => `${options.prefix ?? ''}${key}`;

export const readListParams = (search: URLSearchParams, options: ListParamsOptions = {}): ListParams => {
  const get = (key: string) => search.get(nameOf(options, key));
  const sizes = options.pageSizes ?? PAGE_SIZES;
  const defaultLimit = options.limit ?? DEFAULT_PAGE_SIZE;
  const limit = positiveInt(get('limit'));
  const order = get('order');
  const sort = get('sort')?.trim() || undefined;
  const filters: Record<string, string> = {};
  for (const key of options.filterKeys ?? []) {
    const value = get(key)?.trim();
    if (value) filters[key] = value;
  }
  return {
    page: positiveInt(get('page')) ?? 1,
    limit: limit && sizes.includes(limit) ? limit : defaultLimit,
    sort: sort ?? options.sort,
    order: order === 'asc' || order === 'desc' ? order : sort ? 'asc' : options.order,
    q: get('q')?.trim() ?? '',
    filters,
  };
};

export type ListParamsPatch = Partial<Omit<ListParams, 'filters'>> & {
  /** Filters to set; a null or '' value removes that filter. */
  filters?: Record<string, string | null | undefined>;
};

/**
 * The search params after `patch`, keeping unrelated params. Values equal to the defaults are left
 * out, so a fresh list has a clean URL. Anything but a page change goes back to page 1.
 */
export const writeListParams = (
  search: URLSearchParams,
  patch: ListParamsPatch,
  options: ListParamsOptions = {},
): URLSearchParams => {
  const next = new URLSearchParams(search);
  const current = readListParams(search, options);
  const set = (key: string, value: string | number | undefined, fallback?: string | number) => {
    const name = nameOf(options, key);
    if (value === undefined || value === '' || value === fallback) next.delete(name);
    else next.set(name, String(value));
  };
  const isPageOnly = Object.keys(patch).every((key) => key === 'page');
  if ('limit' in patch) set('limit', patch.limit, options.limit ?? DEFAULT_PAGE_SIZE);
  if ('sort' in patch || 'order' in patch) {
    const sort = 'sort' in patch ? patch.sort : current.sort;
    const order = 'order' in patch ? patch.order : current.order;
    const isDefault = sort === options.sort && order === options.order;
    set('sort', isDefault ? undefined : sort);
    set('order', isDefault ? undefined : order);
  }
  if ('q' in patch) set('q', patch.q?.trim());
  for (const [key, value] of Object.entries(patch.filters ?? {})) set(key, value ?? undefined);
  set('page', isPageOnly ? patch.page : 1, 1);
  return next;
};

/**
 * The sort after a click on a sortable header: a new column sorts ascending (descending when the
 * column prefers it), the sorted column flips its order.
 */
export const toggleSort = (
  current: Pick<ListParams, 'sort' | 'order'>,
  sortKey: string,
  descFirst = false,
): { sort: string; order: SortOrder } => {
  if (current.sort !== sortKey) return { sort: sortKey, order: descFirst ? 'desc' : 'asc' };
  return { sort: sortKey, order: current.order === 'asc' ? 'desc' : 'asc' };
};

/** The query of a list call: page, limit, sort, order, q and the filters; empty values left out. */
export const toListQuery = (params: ListParams): Record<string, string | number | undefined> => ({
  page: params.page,
  limit: params.limit,
  sort: params.sort,
  order: params.order,
  q: params.q || undefined,
  ...params.filters,
});

/** How many pages `total` items fill (at least 1). */
export const countPages = (total: number, limit: number): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, limit)));

/** "21–40 of 95": the 1-based range of the current page, or null when the list is empty. */
export const pageRange = (
  page: number,
  limit: number,
  total: number,
): { from: number; to: number } | null => {
  if (total <= 0) return null;
  const from = Math.min((page - 1) * limit + 1, total);
  return { from, to: Math.min(page * limit, total) };
};

/**
 * The key of the range's text: "of about 8,300" when the server estimated the total (a big list's
 * search), "of 1,000+" when it stopped counting at its cap, else "of 95".
 */
export const rangeTextKey = (page: { total_exact?: boolean; total_is_estimate?: boolean } | undefined) =>
  page?.total_is_estimate
    ? 'table.rangeEstimate'
    : page?.total_exact === false
      ? 'table.rangeCapped'
      : 'table.range';
