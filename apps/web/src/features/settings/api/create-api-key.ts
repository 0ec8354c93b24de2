// POST /api/settings/api-keys: the answer carries the full key, the only time it is ever shown.
import type { apiKeyCreateBody, createdApiKeySchema } from '@console/core/api/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import { getApiKeysQueryOptions } from './get-api-keys.ts';

export type ApiKeyCreate = z.input<typeof apiKeyCreateBody>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const createApiKey = async (body: ApiKeyCreate): Promise<CreatedApiKey> =>
  unwrapResult(await apiPost<CreatedApiKey>('/api/settings/api-keys', body));

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions().queryKey }),
  });
};
