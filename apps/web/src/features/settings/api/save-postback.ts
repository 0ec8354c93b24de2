// PUT /api/settings/postback: saves the URL template (checked against the known macros).
import type { postbackBody } from '@console/core/api/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';
import { getPostbackQueryOptions, type Postback } from './get-postback.ts';

export type PostbackUpdate = z.input<typeof postbackBody>;

export const savePostback = async (body: PostbackUpdate): Promise<Postback> =>
  unwrapResult(await apiPut<Postback>('/api/settings/postback', body));

export const useSavePostback = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePostback,
    onSuccess: (postback) => queryClient.setQueryData(getPostbackQueryOptions().queryKey, postback),
  });
};
