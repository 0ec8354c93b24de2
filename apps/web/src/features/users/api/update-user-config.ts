// PUT /api/admin/users/:id/config
import type { UserConfig } from '@console/core/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';
import { userConfigQueryKey } from './get-user-config.ts';

export const updateUserConfig = async (id: number, config: UserConfig) =>
  unwrapResult(await apiPut<UserConfig>(`/api/admin/users/${id}/config`, config));

export const useUpdateUserConfig = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: UserConfig) => updateUserConfig(id, config),
    onSuccess: (config) => {
      queryClient.setQueryData(userConfigQueryKey(id), config);
      void queryClient.invalidateQueries({ queryKey: ['change-log'] });
    },
  });
};
