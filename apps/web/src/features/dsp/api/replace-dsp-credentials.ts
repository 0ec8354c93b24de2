// PUT /api/admin/dsp/:id/credentials: every credential of the stored type, replacing the old ones.
import type { Dsp } from '@console/core/api/dsps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';

export const replaceDspCredentials = async ({
  id,
  credentials,
}: {
  id: number;
  credentials: Record<string, string>;
}): Promise<Dsp> => unwrapResult(await apiPut<Dsp>(`/api/admin/dsp/${id}/credentials`, { credentials }));

export const useReplaceDspCredentials = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceDspCredentials,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dsps'] }),
  });
};
