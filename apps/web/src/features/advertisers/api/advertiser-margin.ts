// GET and PUT /api/agency/advertisers/:id/margin: the agency's margin on one of its advertisers and
// the range an admin lets the agency choose it in.
import type { AdvertiserMargin } from '@console/core/api/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPut, fetchData, unwrapResult } from '../../../lib/http/api-client.ts';

const marginPath = (id: number) => `/api/agency/advertisers/${id}/margin`;

const marginQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['advertisers', 'margin', id],
    queryFn: () => fetchData<AdvertiserMargin>(marginPath(id)),
  });

export const useAdvertiserMargin = (id: number) => useQuery({ ...marginQueryOptions(id), enabled: id > 0 });

export const useSetAdvertiserMargin = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (marginBps: number) =>
      unwrapResult(await apiPut<AdvertiserMargin>(marginPath(id), { margin_bps: marginBps })),
    onSuccess: (saved) => {
      queryClient.setQueryData(marginQueryOptions(id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['advertisers', 'list'] });
    },
    // A refused margin may mean an admin changed the range meanwhile: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: marginQueryOptions(id).queryKey }),
  });
};
