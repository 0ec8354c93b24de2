// GET /api/campaigns/relation-options?advertiser_id=&q=: the inventory lists (app lists) and audiences
// of an advertiser that a campaign may allow/block and include/exclude.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export type RelationOptions = {
  applists: { applist_id: number; name: string }[];
  audiences: { audience_id: number; name: string }[];
};

export const getRelationOptions = (advertiserId: number | null, q = ''): Promise<RelationOptions> =>
  fetchData<RelationOptions>('/api/campaigns/relation-options', {
    advertiser_id: advertiserId ?? undefined,
    q: q || undefined,
  });

export const relationOptionsQueryOptions = (advertiserId: number | null, q = '') =>
  queryOptions({
    queryKey: ['campaigns', 'relation-options', advertiserId ?? 'self', q],
    queryFn: () => getRelationOptions(advertiserId, q),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: 1,
  });

export const useRelationOptions = (advertiserId: number | null, q = '', enabled = true) =>
  useQuery({ ...relationOptionsQueryOptions(advertiserId, q), enabled });
