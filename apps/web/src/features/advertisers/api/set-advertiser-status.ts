// PATCH /api/agency/advertisers/:id/status: activate or deactivate (deactivating ends its sessions).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch, unwrapResult } from '../../../lib/http/api-client.ts';
import type { Advertiser } from './list-advertisers.ts';

export type AdvertiserStatus = 'ACTIVE' | 'INACTIVE';

export const setAdvertiserStatus = async ({ id, status }: { id: number; status: AdvertiserStatus }) =>
  unwrapResult(await apiPatch<Advertiser>(`/api/agency/advertisers/${id}/status`, { status }));

export const useSetAdvertiserStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdvertiserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['advertisers'] }),
  });
};
