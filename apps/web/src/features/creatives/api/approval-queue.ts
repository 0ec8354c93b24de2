// GET /api/admin/creatives/approval (admin and co-admin): creative x exchange rows with their
// approval state, paged, sorted and filtered (creative_ids, exchange_id, state, q).
import type { creativeApprovalRow } from '@console/core/api/creatives';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchData } from '../../../lib/http/api-client.ts';

export type CreativeApprovalRow = z.infer<typeof creativeApprovalRow>;
export type CreativeApprovalPage = {
  items: CreativeApprovalRow[];
  total: number;
  page: number;
  limit: number;
};
export type CreativeApprovalQuery = Record<string, string | number | undefined>;

export const listCreativeApprovals = (query: CreativeApprovalQuery): Promise<CreativeApprovalPage> =>
  fetchData<CreativeApprovalPage>('/api/admin/creatives/approval', query);

export const creativeApprovalsQueryOptions = (query: CreativeApprovalQuery) =>
  queryOptions({
    queryKey: ['creatives', 'approval', query],
    queryFn: () => listCreativeApprovals(query),
    placeholderData: keepPreviousData,
  });

export const useCreativeApprovals = (query: CreativeApprovalQuery) =>
  useQuery(creativeApprovalsQueryOptions(query));
