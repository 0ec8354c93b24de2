// The names of saved targeting ids from the paged meta-data lookups that take an id filter:
// GET /api/meta-data/state?state_ids=, /city?city_ids=, /carrier?carrier_ids=,
// /manufacturer?manufacturer_ids= (one page of at most 100: the first ids are named, the rest shown as ids).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const REFERENCE_LOOKUPS = {
  state: 'state_ids',
  city: 'city_ids',
  carrier: 'carrier_ids',
  manufacturer: 'manufacturer_ids',
} as const;
/** The largest page the lookups answer. */
export const LOOKUP_MAX = 100;
export type ReferenceLookup = keyof typeof REFERENCE_LOOKUPS;

/** What the view needs of an item: its id and name (cities and states carry more). */
export type ReferenceItem = { id: string | number; name: string };

export const findReferenceItemsQueryOptions = (kind: ReferenceLookup, ids: readonly (string | number)[]) => {
  const asked = ids.slice(0, LOOKUP_MAX).map(String);
  return queryOptions({
    queryKey: ['meta-data', kind, 'by-id', asked],
    queryFn: async () => {
      const page = await fetchData<{ items: ReferenceItem[] }>(`/api/meta-data/${kind}`, {
        [REFERENCE_LOOKUPS[kind]]: asked.join(','),
        limit: LOOKUP_MAX,
      });
      return page.items;
    },
    staleTime: 30 * 60_000,
  });
};

/** The items of `ids` (none asked when the list is empty). */
export const useReferenceItems = (kind: ReferenceLookup, ids: readonly (string | number)[]) =>
  useQuery({ ...findReferenceItemsQueryOptions(kind, ids), enabled: ids.length > 0 });
