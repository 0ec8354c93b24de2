// GET /api/admin/metadata/exchanges: exchanges of every status, paged, sorted and searched (name or
// key), filtered by status.
import type { Exchange } from '@console/core/api/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export type ExchangePage = { items: Exchange[]; total: number; page: number; limit: number };
export type ExchangeListQuery = Record<string, string | number | undefined>;

export const listExchanges = (query: ExchangeListQuery): Promise<ExchangePage> =>
  fetchData<ExchangePage>('/api/admin/metadata/exchanges', query);

export const listExchangesQueryOptions = (query: ExchangeListQuery) =>
  queryOptions({
    queryKey: ['metadata', 'exchanges', query],
    queryFn: () => listExchanges(query),
    placeholderData: keepPreviousData,
  });

export const useExchangeList = (query: ExchangeListQuery) => useQuery(listExchangesQueryOptions(query));

/** Every exchange, by name (the API's largest page: 100), for the supported-exchange choice. */
export const ALL_EXCHANGES_QUERY: ExchangeListQuery = { page: 1, limit: 100, sort: 'name', order: 'asc' };
