// GET /api/meta-data/{state,city,carrier,manufacturer}: the long reference lists (spec section 7
// meta-data lookups), searched and paged on the server, and read back by id to name saved choices
// (form, review and view). The short lists have a file each (list-countries.ts, list-browsers.ts, ...).
// Query keys under ['meta-data', ...]; the data rarely changes, so it stays fresh for 30 minutes.
import type { Carrier, City, Manufacturer, State } from '@console/core/api/reference';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchData, type Query } from '../../../lib/http/api-client.ts';

const META = '/api/meta-data';
const STALE = 30 * 60_000;

export type LookupPage<T> = { items: T[]; total: number; page: number; limit: number };

export type PagedLookup = 'state' | 'city' | 'carrier' | 'manufacturer';
export type PagedItem = { state: State; city: City; carrier: Carrier; manufacturer: Manufacturer };
/** The id filter that reads items back by id. */
const ID_PARAM = {
  state: 'state_ids',
  city: 'city_ids',
  carrier: 'carrier_ids',
  manufacturer: 'manufacturer_ids',
} as const satisfies Record<PagedLookup, string>;

export const PAGE_LIMIT = 50;

export const listLookupPage = <K extends PagedLookup>(kind: K, query: Query) =>
  fetchData<LookupPage<PagedItem[K]>>(`${META}/${kind}`, query);

/** One search of a paged lookup (`filters`: country_ids, state_ids), page after page on demand. */
export const useLookupSearch = <K extends PagedLookup>(
  kind: K,
  filters: Record<string, readonly string[]>,
  q: string,
  enabled = true,
) =>
  useInfiniteQuery({
    queryKey: ['meta-data', kind, 'search', filters, q],
    queryFn: ({ pageParam }) =>
      listLookupPage(kind, { ...filters, q: q || undefined, page: pageParam, limit: PAGE_LIMIT }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: STALE,
    placeholderData: keepPreviousData,
    enabled,
  });

/** Saved ids read back (their names), at most 100 at a time (the API's page limit). */
export const lookupByIdsQueryOptions = <K extends PagedLookup>(kind: K, ids: readonly string[]) =>
  queryOptions({
    queryKey: ['meta-data', kind, 'ids', [...ids].sort()],
    queryFn: async () => {
      const items: PagedItem[K][] = [];
      for (let start = 0; start < ids.length; start += 100) {
        const chunk = ids.slice(start, start + 100);
        const page = await listLookupPage(kind, { [ID_PARAM[kind]]: chunk.join(','), limit: 100 });
        items.push(...page.items);
      }
      return items;
    },
    staleTime: STALE,
  });

export const useLookupByIds = <K extends PagedLookup>(kind: K, ids: readonly string[]) =>
  useQuery({
    ...lookupByIdsQueryOptions(kind, ids),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
