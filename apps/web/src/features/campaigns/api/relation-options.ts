// GET /api/campaigns/relation-options?advertiser_id=&q=: the inventory lists (app lists) and audiences
// of an advertiser that a campaign may allow/block and include/exclude, searched by name on the server
// (the form's and the bulk edit's choices; the caller's own without an advertiser).
import type { RelationOptions } from '@console/core/api/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const getRelationOptions = (
  advertiserId: number | null | undefined,
  q = '',
): Promise<RelationOptions> =>
  fetchData<RelationOptions>('/api/campaigns/relation-options', {
    advertiser_id: advertiserId ?? undefined,
    q: q || undefined,
  });

export const relationOptionsQueryOptions = (advertiserId: number | null | undefined, q = '') =>
  queryOptions({
    queryKey: ['campaigns', 'relation-options', advertiserId ?? 'self', q],
    queryFn: () => getRelationOptions(advertiserId, q),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: 1,
  });

export const useRelationOptions = (advertiserId: number | null | undefined, q = '', enabled = true) =>
  useQuery({ ...relationOptionsQueryOptions(advertiserId, q), enabled });
