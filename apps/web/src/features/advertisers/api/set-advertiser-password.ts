// POST /api/agency/advertisers/:id/password: the agency sets an advertiser's password (its
// sessions end).
import { useMutation } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export const setAdvertiserPassword = async ({ id, new_password }: { id: number; new_password: string }) => {
  unwrapResult(await apiPost(`/api/agency/advertisers/${id}/password`, { new_password }));
};

export const useSetAdvertiserPassword = () => useMutation({ mutationFn: setAdvertiserPassword });
