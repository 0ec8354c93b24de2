// GET /api/creatives for the campaign form: the advertiser's creatives to attach (searched, paged on
// demand) and the saved ones read back by id (GET /api/creatives/:id) to name them. The campaign
// feature keeps its own small copy of these calls (features never import each other).
import type { CreativeListItem } from '@console/core/api/creatives';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export type CreativeOption = Pick<
  CreativeListItem,
  'creative_primary_id' | 'name' | 'creative_type' | 'status' | 'size' | 'preview_url'
>;
type CreativePage = { items: CreativeListItem[]; total: number; page: number; limit: number };

export const CREATIVE_PAGE_LIMIT = 25;

const optionOf = (item: CreativeListItem): CreativeOption => ({
  creative_primary_id: item.creative_primary_id,
  name: item.name,
  creative_type: item.creative_type,
  status: item.status,
  size: item.size,
  preview_url: item.preview_url,
});

export const listCreativeOptions = async (advertiserId: number | null, q: string, page: number) => {
  const result = await fetchData<CreativePage>('/api/creatives', {
    advertiser_id: advertiserId ?? undefined,
    q: q || undefined,
    page,
    limit: CREATIVE_PAGE_LIMIT,
    sort: 'created_at',
    order: 'desc',
  });
  return { ...result, items: result.items.map(optionOf) };
};

/** The advertiser's creatives matching `q`, newest first, a page at a time. */
export const useCreativeOptions = (advertiserId: number | null, q: string, enabled = true) =>
  useInfiniteQuery({
    queryKey: ['creatives', 'options', advertiserId ?? 'self', q],
    queryFn: ({ pageParam }) => listCreativeOptions(advertiserId, q, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Creatives by id (the ones a saved campaign has attached); an id that fails is left out. */
export const creativesByIdsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['creatives', 'options', 'ids', [...ids].sort((a, b) => a - b)],
    queryFn: async () => {
      const results = await Promise.allSettled(
        ids.map((id) => fetchData<CreativeListItem>(`/api/creatives/${id}`)),
      );
      return results.flatMap((result) => (result.status === 'fulfilled' ? [optionOf(result.value)] : []));
    },
    staleTime: 60_000,
  });

export const useCreativesByIds = (ids: readonly number[]) =>
  useQuery({
    ...creativesByIdsQueryOptions(ids),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
