// POST /api/admin/dsp/:id/test: tries a saved connection with its stored credentials; the server
// records the outcome as the connection's last test.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import type { ConnectionTestResult } from './test-dsp-connection.ts';

export const testSavedDsp = async (id: number): Promise<ConnectionTestResult> =>
  unwrapResult(await apiPost<ConnectionTestResult>(`/api/admin/dsp/${id}/test`));

export const useTestSavedDsp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testSavedDsp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dsps'] }),
  });
};
