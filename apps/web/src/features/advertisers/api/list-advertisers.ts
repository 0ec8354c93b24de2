// GET /api/agency/advertisers: the agency's own advertisers, paged, sorted, searched and filtered.
import type { UserListItem } from '@console/core/api/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export type Advertiser = UserListItem;
export type AdvertiserPage = { items: Advertiser[]; total: number; page: number; limit: number };
export type AdvertiserListQuery = Record<string, string | number | undefined>;

export const listAdvertisers = (query: AdvertiserListQuery): Promise<AdvertiserPage> =>
  fetchData<AdvertiserPage>('/api/agency/advertisers', query);

export const listAdvertisersQueryOptions = (query: AdvertiserListQuery) =>
  queryOptions({
    queryKey: ['advertisers', 'list', query],
    queryFn: () => listAdvertisers(query),
    placeholderData: keepPreviousData,
  });

export const useAdvertisers = (query: AdvertiserListQuery) => useQuery(listAdvertisersQueryOptions(query));
