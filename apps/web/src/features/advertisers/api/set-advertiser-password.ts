// POST /api/agency/advertisers/:id/password: the agency sets an advertiser's password (its
// sessions end).
import { userChangePasswordBody } from '@console/core/api/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

/** The request body: the admin's userChangePassword body without the id (it is in the path). */
export const advertiserPasswordBody = userChangePasswordBody.pick({ new_password: true });

export const setAdvertiserPassword = async ({ id, new_password }: { id: number; new_password: string }) => {
  unwrapResult(await apiPost(`/api/agency/advertisers/${id}/password`, { new_password }));
};

export const useSetAdvertiserPassword = () => useMutation({ mutationFn: setAdvertiserPassword });
