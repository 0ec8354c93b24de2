// A list's page, page size, sort, search and filters, kept in the URL's search params so that a
// list can be linked, reloaded and navigated back to exactly as it was.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ListParams,
  type ListParamsOptions,
  type ListParamsPatch,
  readListParams,
  toggleSort,
  toListQuery,
  writeListParams,
} from './list-params.ts';

export type ListParamsControl = {
  tableId: string;
  params: ListParams;
  options: ListParamsOptions;
  /** The API query of the list: page, limit, sort, order, q and the filters. */
  query: Record<string, string | number | undefined>;
  /** Applies a change; anything but a page change returns to page 1. */
  update: (patch: ListParamsPatch, navigation?: { replace?: boolean }) => void;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  /** A click on a sortable header (see toggleSort). */
  sortBy: (sortKey: string, descFirst?: boolean) => void;
  setSearch: (q: string) => void;
  setFilter: (key: string, value: string | null) => void;
  /** Clears search and filters (keeps page size and sort). */
  clearFilters: () => void;
};

/**
 * `tableId` names the list (the column chooser remembers its columns under it). Options give the
 * server's defaults and the filter keys, e.g.
 * `useListParams('users', { sort: 'createdAt', order: 'desc', filterKeys: ['role', 'status'] })`.
 * Keep `options` stable (module scope or useMemo).
 */
export const useListParams = (tableId: string, options: ListParamsOptions = {}): ListParamsControl => {
  const [search, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(search, options), [search, options]);

  const update = useCallback(
    (patch: ListParamsPatch, navigation: { replace?: boolean } = {}) =>
      // From the address as it is now, not this render's copy: another writer of the same URL (a bulk
      // page's `?ids=`) or a debounced search holding an older render must not drop each other's params.
      setSearchParams(() => writeListParams(new URLSearchParams(window.location.search), patch, options), {
        replace: navigation.replace ?? false,
        preventScrollReset: true,
      }),
    [setSearchParams, options],
  );

  return useMemo(
    () => ({
      tableId,
      params,
      options,
      query: toListQuery(params),
      update,
      setPage: (page: number) => update({ page }),
      setLimit: (limit: number) => update({ limit }),
      sortBy: (sortKey: string, descFirst?: boolean) => update(toggleSort(params, sortKey, descFirst)),
      // Typing replaces the history entry rather than adding one per debounce.
      setSearch: (q: string) => update({ q }, { replace: true }),
      setFilter: (key: string, value: string | null) => update({ filters: { [key]: value } }),
      clearFilters: () =>
        update({
          q: '',
          filters: Object.fromEntries((options.filterKeys ?? []).map((key) => [key, null])),
        }),
    }),
    [tableId, params, options, update],
  );
};
