// GET /api/creatives/:id: the creative with its media, native assets or html tag, URLs, the approval
// state per exchange and its DSP association map.
import type { CreativeDetail } from '@console/core/api/creatives';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const getCreative = (id: number): Promise<CreativeDetail> =>
  fetchData<CreativeDetail>(`/api/creatives/${id}`);

export const getCreativeQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['creatives', 'detail', id], queryFn: () => getCreative(id) });

export const useCreative = (id: number) => useQuery({ ...getCreativeQueryOptions(id), enabled: id > 0 });
