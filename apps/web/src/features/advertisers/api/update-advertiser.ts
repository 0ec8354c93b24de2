// PUT /api/agency/advertisers/:id: e-mail, names and company of one of the agency's advertisers.
import type { editUserBody } from '@console/core/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';
import type { Advertiser } from './list-advertisers.ts';

export type UpdateAdvertiserBody = z.output<typeof editUserBody>;

export const updateAdvertiser = async ({ id, body }: { id: number; body: UpdateAdvertiserBody }) =>
  unwrapResult(await apiPut<Advertiser>(`/api/agency/advertisers/${id}`, body));

export const useUpdateAdvertiser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdvertiser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['advertisers'] }),
  });
};
