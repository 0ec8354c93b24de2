// POST /api/admin/creatives/approval/decide (admin and co-admin): approve or reject (with a reason)
// many creative x exchange pairs, each on its own, answered per pair with the creative's new status.
import type { CreativeDecisionBody, CreativeDecisionResult } from '@console/core/api/creatives';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export const decideCreativeExchanges = async (body: CreativeDecisionBody): Promise<CreativeDecisionResult> =>
  unwrapResult(await apiPost<CreativeDecisionResult>('/api/admin/creatives/approval/decide', body));

export const useDecideCreativeExchanges = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCreativeExchanges,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['creatives'] }),
  });
};
