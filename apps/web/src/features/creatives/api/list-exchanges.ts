// GET /api/meta-data/exchange: the active exchanges (the list's exchange filter for staff).
import type { Exchange } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const listExchanges = (): Promise<Exchange[]> => fetchData<Exchange[]>('/api/meta-data/exchange');

export const listExchangesQueryOptions = () =>
  queryOptions({ queryKey: ['creatives', 'exchanges'], queryFn: listExchanges, staleTime: 5 * 60_000 });

export const useExchanges = (enabled = true) => useQuery({ ...listExchangesQueryOptions(), enabled });
