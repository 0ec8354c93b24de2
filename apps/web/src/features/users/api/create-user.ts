// POST /api/admin/users (admin only)
import type { addUserBody, UserListItem } from '@console/core/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export type CreateUserInput = z.output<typeof addUserBody>;

export const createUser = async (input: CreateUserInput) =>
  unwrapResult(await apiPost<UserListItem>('/api/admin/users', input));

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-users'] }),
  });
};
