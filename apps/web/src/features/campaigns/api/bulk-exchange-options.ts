// GET /api/meta-data/user-supported-exchanges: the active exchanges the signed-in user (the
// advertiser) may buy on, for the bulk exchange edit.
import type { Exchange, UserSupportedExchanges } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const getSupportedExchanges = async (): Promise<Exchange[]> =>
  (await fetchData<UserSupportedExchanges>('/api/meta-data/user-supported-exchanges')).exchanges;

export const supportedExchangesQueryOptions = () =>
  queryOptions({
    queryKey: ['meta-data', 'user-supported-exchanges', 'own'],
    queryFn: getSupportedExchanges,
    staleTime: 5 * 60_000,
  });

export const useBulkExchangeOptions = () => useQuery(supportedExchangesQueryOptions());
