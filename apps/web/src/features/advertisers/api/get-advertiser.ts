// GET /api/agency/advertisers/:id: one of the agency's advertisers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';
import type { Advertiser } from './list-advertisers.ts';

export const getAdvertiser = (id: number): Promise<Advertiser> =>
  fetchData<Advertiser>(`/api/agency/advertisers/${id}`);

export const getAdvertiserQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['advertisers', 'detail', id], queryFn: () => getAdvertiser(id) });

export const useAdvertiser = (id: number) => useQuery({ ...getAdvertiserQueryOptions(id), enabled: id > 0 });
