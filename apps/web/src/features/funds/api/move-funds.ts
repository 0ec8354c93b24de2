// The money-moving POSTs: an admin's credit or debit, an agency's allocation or pull-back, a
// reversal. Each sends a fresh Idempotency-Key, so a request the network retries moves money once.
import type { AllocationBody, MovementBody, MovementResult } from '@console/core/api/funds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

const postMovement = async (path: string, body: unknown) =>
  unwrapResult(
    await apiPost<MovementResult>(path, body, { headers: { 'Idempotency-Key': crypto.randomUUID() } }),
  );

/** After any movement every funds query (and the top-bar balance) is stale. */
const useInvalidateFunds = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['funds'] }),
      queryClient.invalidateQueries({ queryKey: ['advertiser-balance'] }),
    ]);
};

export const useCreateMovement = () => {
  const invalidate = useInvalidateFunds();
  return useMutation({
    mutationFn: (body: MovementBody) => postMovement('/api/admin/funds/movements', body),
    onSuccess: invalidate,
  });
};

export const useAllocateFunds = () => {
  const invalidate = useInvalidateFunds();
  return useMutation({
    mutationFn: (body: AllocationBody) => postMovement('/api/agency/funds/allocations', body),
    onSuccess: invalidate,
  });
};

export const useReverseTransfer = () => {
  const invalidate = useInvalidateFunds();
  return useMutation({
    mutationFn: ({ transferId, note }: { transferId: number; note: string }) =>
      postMovement(`/api/funds/transfers/${transferId}/reversal`, { note }),
    onSuccess: invalidate,
  });
};
