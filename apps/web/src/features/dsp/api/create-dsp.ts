// POST /api/admin/dsp: a new connection with its credentials (sealed by the server).
import type { Dsp } from '@console/core/api/dsps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import type { DspCreateBody } from '../dsp-form-model.ts';

export const createDsp = async (body: DspCreateBody): Promise<Dsp> =>
  unwrapResult(await apiPost<Dsp>('/api/admin/dsp', body));

export const useCreateDsp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDsp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dsps'] }),
  });
};
