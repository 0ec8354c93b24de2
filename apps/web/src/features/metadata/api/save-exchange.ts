// POST /api/admin/metadata/exchanges (a new exchange) and PUT /api/admin/metadata/exchanges/:id
// (name, key and status of one).
import type { Exchange, ExchangeInput } from '@console/core/api/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut, unwrapResult } from '../../../lib/http/api-client.ts';

export type SaveExchangeInput = { id: number | null; body: ExchangeInput };

export const saveExchange = async ({ id, body }: SaveExchangeInput): Promise<Exchange> =>
  unwrapResult(
    id === null
      ? await apiPost<Exchange>('/api/admin/metadata/exchanges', body)
      : await apiPut<Exchange>(`/api/admin/metadata/exchanges/${id}`, body),
  );

export const useSaveExchange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExchange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['metadata'] }),
  });
};
