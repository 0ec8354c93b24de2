// GET /api/creatives (every creative the caller may see) and GET /api/creatives/campaign/:id (those
// attached to one campaign): paged, sorted, filtered by type, status, advertiser and exchange state.
import type { CreativeListItem } from '@console/core/api/creatives';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export type CreativePage = { items: CreativeListItem[]; total: number; page: number; limit: number };
export type CreativeListQuery = Record<string, string | number | undefined>;

export const listCreatives = (query: CreativeListQuery, campaignId?: number): Promise<CreativePage> =>
  fetchData<CreativePage>(campaignId ? `/api/creatives/campaign/${campaignId}` : '/api/creatives', query);

export const listCreativesQueryOptions = (query: CreativeListQuery, campaignId?: number) =>
  queryOptions({
    queryKey: ['creatives', 'list', campaignId ?? 'all', query],
    queryFn: () => listCreatives(query, campaignId),
    placeholderData: keepPreviousData,
  });

export const useCreatives = (query: CreativeListQuery, campaignId?: number) =>
  useQuery(listCreativesQueryOptions(query, campaignId));
