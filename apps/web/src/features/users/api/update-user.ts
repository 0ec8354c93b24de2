// PUT /api/admin/users/:id: e-mail, names and company.
import type { editUserBody, UserListItem } from '@console/core/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';
import { userQueryKey } from './get-user.ts';

export type UpdateUserInput = z.output<typeof editUserBody>;

export const updateUser = async (id: number, input: UpdateUserInput) =>
  unwrapResult(await apiPut<UserListItem>(`/api/admin/users/${id}`, input));

export const useUpdateUser = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(id, input),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(id), user);
      void queryClient.invalidateQueries({ queryKey: ['admin-users', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['change-log'] });
    },
  });
};
