// GET /api/funds/history: an account's movements, paged and filtered, with the balance after each.
import type { HistoryPage } from '@console/core/api/funds';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type Query } from '../../../lib/http/api-client.ts';

export const fundsHistoryOptions = (userId: number | undefined, query: Query) =>
  queryOptions({
    queryKey: ['funds', 'history', userId ?? 'me', query] as const,
    queryFn: () => fetchData<HistoryPage>('/api/funds/history', { ...query, user_primary_id: userId }),
    placeholderData: keepPreviousData,
  });

export const useFundsHistory = (userId: number | undefined, query: Query) =>
  useQuery(fundsHistoryOptions(userId, query));
