// PUT /api/creatives/:id: the whole creative again (its type cannot change); a change of content
// sends every exchange back to PENDING.
import type { CreativeDetail, CreativeUpdateBody } from '@console/core/api/creatives';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';

export type UpdateCreativeInput = { id: number; body: CreativeUpdateBody };

export const updateCreative = async ({ id, body }: UpdateCreativeInput): Promise<CreativeDetail> =>
  unwrapResult(await apiPut<CreativeDetail>(`/api/creatives/${id}`, body));

export const useUpdateCreative = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCreative,
    onSuccess: (creative) => {
      queryClient.setQueryData(['creatives', 'detail', creative.creative_primary_id], creative);
      void queryClient.invalidateQueries({ queryKey: ['creatives'] });
      void queryClient.invalidateQueries({ queryKey: ['change-log'] });
    },
  });
};
