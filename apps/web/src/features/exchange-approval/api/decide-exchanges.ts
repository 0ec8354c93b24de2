// POST /api/admin/exchange-approval/decide: approve, or reject with a reason, many campaign x
// exchange pairs; the server answers each pair with ok or why not. More than the API's limit per
// call (BULK_MAX_IDS) is sent in several calls, one after the other, and the answers merged.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import {
  chunk,
  type Decision,
  type DecisionItem,
  type DecisionResult,
  decisionBody,
  mergeResults,
} from '../approval-model.ts';

export type DecideVariables = { items: readonly DecisionItem[]; decision: Decision; reason: string };

export const decideExchanges = async ({
  items,
  decision,
  reason,
}: DecideVariables): Promise<DecisionResult> => {
  const parts: DecisionResult[] = [];
  for (const part of chunk(items)) {
    parts.push(
      unwrapResult(
        await apiPost<DecisionResult>(
          '/api/admin/exchange-approval/decide',
          decisionBody(part, decision, reason),
        ),
      ),
    );
  }
  return mergeResults(parts);
};

export const useDecideExchanges = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideExchanges,
    // The queue, the change logs and the campaigns (their status and exchange states) change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['exchange-approval'] }),
        queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
        queryClient.invalidateQueries({ queryKey: ['change-log'] }),
      ]),
  });
};
