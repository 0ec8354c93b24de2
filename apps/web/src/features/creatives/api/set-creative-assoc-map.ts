// PUT /api/admin/creatives/:id/assoc-map (admin and co-admin): the creative's ids in upstream DSPs,
// one creative_associate_id per dsp_name.
import type { CreativeAssocEntry, CreativeDetail } from '@console/core/api/creatives';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';

export type SetAssocMapInput = { id: number; entries: CreativeAssocEntry[] };

export const setCreativeAssocMap = async ({ id, entries }: SetAssocMapInput): Promise<CreativeDetail> =>
  unwrapResult(
    await apiPut<CreativeDetail>(`/api/admin/creatives/${id}/assoc-map`, { creative_assoc_map: entries }),
  );

export const useSetCreativeAssocMap = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCreativeAssocMap,
    onSuccess: (creative) => {
      queryClient.setQueryData(['creatives', 'detail', creative.creative_primary_id], creative);
      void queryClient.invalidateQueries({ queryKey: ['creatives'] });
      void queryClient.invalidateQueries({ queryKey: ['change-log'] });
    },
  });
};
