// GET /api/funds/summary: balance, pending spend, available, low-balance threshold of one account
// (the caller's own when no id is given).
import type { FundsSummary } from '@console/core/api/funds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const fundsSummaryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: ['funds', 'summary', userId ?? 'me'] as const,
    queryFn: () => fetchData<FundsSummary>('/api/funds/summary', userId ? { user_primary_id: userId } : {}),
  });

export const useFundsSummary = (userId: number | undefined, enabled = true) =>
  useQuery({ ...fundsSummaryOptions(userId), enabled });
