// GET /api/admin/users/:id/config
import type { UserConfig } from '@console/core/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const userConfigQueryKey = (id: number) => ['admin-users', 'config', id] as const;

export const getUserConfig = (id: number) => fetchData<UserConfig>(`/api/admin/users/${id}/config`);

export const getUserConfigOptions = (id: number, enabled = true) =>
  queryOptions({
    queryKey: userConfigQueryKey(id),
    queryFn: () => getUserConfig(id),
    enabled: enabled && id > 0,
  });

export const useUserConfig = (id: number, enabled = true) => useQuery(getUserConfigOptions(id, enabled));
