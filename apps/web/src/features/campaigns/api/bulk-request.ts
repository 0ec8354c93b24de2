// The common part of the bulk campaign calls (POST /api/campaigns/bulk/*): each answers a result per
// campaign id (ok, or the reason it was refused); campaigns are saved one by one, so a failure leaves
// the others changed. Every campaign query is stale afterwards.
import type { BulkResult } from '@console/core/api/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export type BulkOperation = 'bid-range' | 'inventory' | 'audience' | 'update' | 'status' | 'exchanges';

export const postBulk = async (operation: BulkOperation, body: unknown): Promise<BulkResult> =>
  unwrapResult(await apiPost<BulkResult>(`/api/campaigns/bulk/${operation}`, body));

/** A bulk call as a mutation that refreshes every ['campaigns', ...] query when it answered. */
export const useBulkMutation = <B>(run: (body: B) => Promise<BulkResult>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
};
