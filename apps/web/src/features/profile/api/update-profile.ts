// PUT /api/auth/profile: names and company. The header shows the new names at once.
import type { profileUpdateBody, User } from '@console/core/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';
import { updateCurrentUser } from '../../../lib/session/session-store.ts';
import { getProfileQueryOptions } from './get-profile.ts';

export type ProfileUpdate = z.input<typeof profileUpdateBody>;

export const updateProfile = async (body: ProfileUpdate): Promise<User> =>
  unwrapResult(await apiPut<User>('/api/auth/profile', body));

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, user);
      await updateCurrentUser({
        firstName: user.firstName,
        lastName: user.lastName,
        companyName: user.companyName,
      });
    },
  });
};
