// GET /api/settings/api-keys: the caller's keys (name, prefix, dates), never the secrets.
import type { apiKeySchema } from '@console/core/api/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchData } from '../../../lib/http/api-client.ts';

export type ApiKey = z.infer<typeof apiKeySchema>;

export const getApiKeys = (): Promise<ApiKey[]> => fetchData<ApiKey[]>('/api/settings/api-keys');

export const getApiKeysQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'api-keys'], queryFn: getApiKeys });

export const useApiKeys = () => useQuery(getApiKeysQueryOptions());
