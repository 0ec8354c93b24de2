// GET /api/meta-data/user-supported-exchanges?user_id=: the active exchanges an advertiser may buy on
// (`userId` within the caller's scope; the caller's own without), for the form and the bulk exchange edit.
import type { UserSupportedExchanges } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const supportedExchangesQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: ['meta-data', 'user-supported-exchanges', userId ?? 'self'],
    queryFn: () =>
      fetchData<UserSupportedExchanges>('/api/meta-data/user-supported-exchanges', {
        user_id: userId ?? undefined,
      }),
    staleTime: 5 * 60_000,
  });

export const useSupportedExchanges = (userId: number | null, enabled = true) =>
  useQuery({ ...supportedExchangesQueryOptions(userId), enabled });
