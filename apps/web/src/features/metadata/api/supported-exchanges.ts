// PUT /api/admin/metadata/user-supported-exchanges/:id (an empty list: every active exchange). The
// read is the shared reference query (lib/reference/supported-exchanges.ts), updated with the answer.
import type { UserSupportedExchanges } from '@console/core/api/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';
import { supportedExchangesQueryOptions } from '../../../lib/reference/supported-exchanges.ts';

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
