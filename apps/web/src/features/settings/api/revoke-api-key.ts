// DELETE /api/settings/api-keys/:id: the key stops working at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, unwrapResult } from '../../../lib/http/api-client.ts';
import { getApiKeysQueryOptions } from './get-api-keys.ts';

export const revokeApiKey = async (id: number): Promise<void> => {
  unwrapResult(await apiDelete(`/api/settings/api-keys/${id}`));
};

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
};
