// POST /api/creatives/bulk/update: the same change (click URL, pixel or impression URLs, a name
// prefix) on many creatives, answered per creative (a field its type does not take fails it alone).
import type { CreativeBulkResult, CreativeBulkUpdateBody } from '@console/core/api/creatives';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export const bulkUpdateCreatives = async (body: CreativeBulkUpdateBody): Promise<CreativeBulkResult> =>
  unwrapResult(await apiPost<CreativeBulkResult>('/api/creatives/bulk/update', body));

export const useBulkUpdateCreatives = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateCreatives,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['creatives'] }),
  });
};
