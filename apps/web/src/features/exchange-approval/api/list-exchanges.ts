// GET /api/admin/metadata/exchanges: every exchange (active or not: an inactive one may still have
// rows in the queue), by name, for the exchange filter. The first 100 are offered.
import type { Exchange } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

type ExchangePage = { items: Exchange[]; total: number };

export const listExchanges = (): Promise<ExchangePage> =>
  fetchData<ExchangePage>('/api/admin/metadata/exchanges', { limit: 100, sort: 'name', order: 'asc' });

export const listExchangesQueryOptions = () =>
  queryOptions({
    queryKey: ['exchange-approval', 'exchanges'],
    queryFn: listExchanges,
    staleTime: 5 * 60_000,
  });

export const useExchanges = () => useQuery(listExchangesQueryOptions());
