// PATCH /api/admin/users/:id/status: activate or deactivate (a deactivated user is signed out).
import type { UserListItem } from '@console/core/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch, unwrapResult } from '../../../lib/http/api-client.ts';
import { userQueryKey } from './get-user.ts';

export type UserStatusChange = { id: number; status: 'ACTIVE' | 'INACTIVE' };

export const setUserStatus = async ({ id, status }: UserStatusChange) =>
  unwrapResult(await apiPatch<UserListItem>(`/api/admin/users/${id}/status`, { status }));

export const useSetUserStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(user.user_primary_id), user);
      void queryClient.invalidateQueries({ queryKey: ['admin-users', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['change-log'] });
    },
  });
};
