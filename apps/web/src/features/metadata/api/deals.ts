// GET /api/deals (every deal, for staff), POST /api/deals and PUT/DELETE /api/deals/:id. Saving
// refreshes every deals query, the campaign form's pickers included.
import type { Deal, DealInput } from '@console/core/api/deals';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost, apiPut, fetchData, unwrapResult } from '../../../lib/http/api-client.ts';

export const allDealsQueryOptions = () =>
  queryOptions({ queryKey: ['deals', 'all'], queryFn: () => fetchData<Deal[]>('/api/deals') });

export const useAllDeals = () => useQuery(allDealsQueryOptions());

export type SaveDealInput = { id: number | null; body: DealInput };

const saveDeal = async ({ id, body }: SaveDealInput): Promise<Deal> =>
  unwrapResult(
    id === null ? await apiPost<Deal>('/api/deals', body) : await apiPut<Deal>(`/api/deals/${id}`, body),
  );

export const useSaveDeal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['deals'] }),
  });
};

export const useDeleteDeal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrapResult(await apiDelete<null>(`/api/deals/${id}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['deals'] }),
  });
};
