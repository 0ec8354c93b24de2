// GET /api/campaigns/relation-options?advertiser_id=&q=: an advertiser's inventory lists and
// audiences (their own screens come later), searched by name on the server, for the bulk edit's
// inventory and audience choices.
import type { RelationOptions } from '@console/core/api/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const getRelationOptions = (advertiserId: number | undefined, q: string): Promise<RelationOptions> =>
  fetchData<RelationOptions>('/api/campaigns/relation-options', {
    advertiser_id: advertiserId,
    q: q || undefined,
  });

export const relationOptionsQueryOptions = (advertiserId: number | undefined, q: string) =>
  queryOptions({
    queryKey: ['campaigns', 'relation-options', advertiserId ?? 'own', q],
    queryFn: () => getRelationOptions(advertiserId, q),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useBulkRelationOptions = (advertiserId: number | undefined, q: string, enabled = true) =>
  useQuery({ ...relationOptionsQueryOptions(advertiserId, q), enabled });
