// GET /api/meta-data/user-supported-exchanges?user_id= (what a user may buy on: its own list, or
// every active exchange when it has none) and PUT /api/admin/metadata/user-supported-exchanges/:id
// (an empty list: every active exchange).
import type { UserSupportedExchanges } from '@console/core/api/reference';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPut, fetchData, unwrapResult } from '../../../lib/http/api-client.ts';

export const getSupportedExchanges = (userId: number): Promise<UserSupportedExchanges> =>
  fetchData<UserSupportedExchanges>('/api/meta-data/user-supported-exchanges', { user_id: userId });

export const supportedExchangesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['metadata', 'supported-exchanges', userId],
    queryFn: () => getSupportedExchanges(userId),
  });

export const useSupportedExchanges = (userId: number | null) =>
  useQuery({ ...supportedExchangesQueryOptions(userId ?? 0), enabled: userId !== null && userId > 0 });

export const setSupportedExchanges = async ({
  userId,
  exchangeIds,
}: {
  userId: number;
  exchangeIds: number[];
}): Promise<UserSupportedExchanges> =>
  unwrapResult(
    await apiPut<UserSupportedExchanges>(`/api/admin/metadata/user-supported-exchanges/${userId}`, {
      exchange_ids: exchangeIds,
    }),
  );

export const useSetSupportedExchanges = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSupportedExchanges,
    onSuccess: (saved) =>
      queryClient.setQueryData(supportedExchangesQueryOptions(saved.user_primary_id).queryKey, saved),
  });
};
