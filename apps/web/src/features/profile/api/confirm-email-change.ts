// POST /api/auth/profile/email/verify: the code from the new address confirms the change; the
// header shows the new e-mail at once.
import type { otpBody, User } from '@console/core/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import { updateCurrentUser } from '../../../lib/session/session-store.ts';
import { getProfileQueryOptions } from './get-profile.ts';

export type EmailChangeConfirmation = z.input<typeof otpBody>;

export const confirmEmailChange = async (body: EmailChangeConfirmation): Promise<User> =>
  unwrapResult(await apiPost<User>('/api/auth/profile/email/verify', body));

export const useConfirmEmailChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async (user) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, user);
      await updateCurrentUser({ email: user.email });
    },
  });
};
