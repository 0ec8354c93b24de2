// GET /api/deals?exchange_ids=...: the deals of these exchanges the campaign's advertiser may target.
import type { Deal } from '@console/core/api/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const listDealsQueryOptions = (exchangeIds: readonly number[]) =>
  queryOptions({
    queryKey: ['deals', [...exchangeIds].sort((a, b) => a - b).join(',')],
    queryFn: () => fetchData<Deal[]>('/api/deals', { exchange_ids: exchangeIds.join(',') }),
  });

export const useDeals = (exchangeIds: readonly number[]) =>
  useQuery({ ...listDealsQueryOptions(exchangeIds), enabled: exchangeIds.length > 0 });
