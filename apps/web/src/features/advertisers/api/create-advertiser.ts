// POST /api/agency/advertisers: a new, active advertiser of the calling agency.
import { addUserBody } from '@console/core/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import type { Advertiser } from './list-advertisers.ts';

/** The request body: the admin's addUser body without role and agency (the server sets both). */
export const createAdvertiserBody = addUserBody.omit({ role: true, agency_id: true });
export type CreateAdvertiserBody = z.output<typeof createAdvertiserBody>;

export const createAdvertiser = async (body: CreateAdvertiserBody): Promise<Advertiser> =>
  unwrapResult(await apiPost<Advertiser>('/api/agency/advertisers', body));

export const useCreateAdvertiser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdvertiser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['advertisers'] }),
  });
};
