// GET /api/meta-data/user-supported-exchanges?user_id=: the active exchanges an advertiser may buy on
// (its own list, or every active exchange when it has none; `userId` within the caller's scope, the
// caller's own without). One query key for every reader (campaign form, bulk exchange edit, creative
// form, metadata), so the admin's change of the list shows everywhere at once.
import type { UserSupportedExchanges } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../http/api-client.ts';

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
