// PUT /api/funds/low-balance-alert: the caller's threshold (micro-units), or null for no alert.
import type { FundsSummary } from '@console/core/api/funds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';

export const useSetLowBalanceAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (threshold: number | null) =>
      unwrapResult(
        await apiPut<FundsSummary>('/api/funds/low-balance-alert', { threshold_micros: threshold }),
      ),
    onSuccess: (summary) => queryClient.setQueryData(['funds', 'summary', 'me'], summary),
  });
};
