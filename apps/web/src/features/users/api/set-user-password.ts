// POST /api/auth/userChangePassword (admin, co-admin): sets another user's password.
import type { userChangePasswordBody } from '@console/core/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export type SetUserPasswordInput = z.output<typeof userChangePasswordBody>;

export const setUserPassword = async (input: SetUserPasswordInput) =>
  unwrapResult(await apiPost<unknown>('/api/auth/userChangePassword', input));

export const useSetUserPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['change-log'] }),
  });
};
