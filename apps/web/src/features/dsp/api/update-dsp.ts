// PUT /api/admin/dsp/:id: name, type, endpoint, exchanges and QPS (not the credentials).
import type { Dsp } from '@console/core/api/dsps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';
import type { DspUpdateBody } from '../dsp-form-model.ts';

export const updateDsp = async ({ id, body }: { id: number; body: DspUpdateBody }): Promise<Dsp> =>
  unwrapResult(await apiPut<Dsp>(`/api/admin/dsp/${id}`, body));

export const useUpdateDsp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDsp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dsps'] }),
  });
};
