// PATCH /api/admin/dsp/:id/status: activate or deactivate a connection.
import type { Dsp } from '@console/core/api/dsps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch, unwrapResult } from '../../../lib/http/api-client.ts';

export type DspStatus = 'ACTIVE' | 'INACTIVE';

export const setDspStatus = async ({ id, status }: { id: number; status: DspStatus }): Promise<Dsp> =>
  unwrapResult(await apiPatch<Dsp>(`/api/admin/dsp/${id}/status`, { status }));

export const useSetDspStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDspStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dsps'] }),
  });
};
