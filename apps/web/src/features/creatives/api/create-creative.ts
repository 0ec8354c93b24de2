// POST /api/creatives: a new creative of one type (image, native, video, html) naming its uploaded
// files; it starts PENDING on its exchanges.
import type { CreativeCreateBody, CreativeDetail } from '@console/core/api/creatives';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export const createCreative = async (body: CreativeCreateBody): Promise<CreativeDetail> =>
  unwrapResult(await apiPost<CreativeDetail>('/api/creatives', body));

export const useCreateCreative = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreative,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['creatives'] }),
  });
};
