// GET and PUT /api/admin/metadata/exchanges/:id/settings: an exchange's notice window and its
// winning-price keys (write-only: the answer says whether they are set, with a fingerprint).
import type { ExchangeSettings, ExchangeSettingsInput } from '@console/core/api/exchange-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPut, fetchData, unwrapResult } from '../../../lib/http/api-client.ts';

const pathOf = (id: number) => `/api/admin/metadata/exchanges/${id}/settings`;

const settingsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['metadata', 'exchange-settings', id],
    queryFn: () => fetchData<ExchangeSettings>(pathOf(id)),
    // Always the server's current state when the dialog opens (another admin may have changed it).
    staleTime: 0,
  });

export const useExchangeSettings = (id: number) => useQuery(settingsQueryOptions(id));

export const useSaveExchangeSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: ExchangeSettingsInput }) =>
      unwrapResult(await apiPut<ExchangeSettings>(pathOf(id), body)),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryOptions(saved.exchange_id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['metadata', 'exchanges'] });
    },
  });
};
