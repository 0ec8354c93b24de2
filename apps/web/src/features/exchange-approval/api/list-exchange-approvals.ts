// GET /api/admin/exchange-approval: the queue of campaign x exchange rows of submitted campaigns,
// paged, sorted and filtered (state, exchange_id, advertiser_id, campaign_id, q) by the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';
import type { ApprovalRow } from '../approval-model.ts';

export type ApprovalPage = {
  items: ApprovalRow[];
  total: number;
  /** false: the server stopped counting at its cap ("1,000+"). */
  total_exact: boolean;
  page: number;
  limit: number;
};
export type ApprovalQuery = Record<string, string | number | undefined>;

export const listExchangeApprovals = (query: ApprovalQuery): Promise<ApprovalPage> =>
  fetchData<ApprovalPage>('/api/admin/exchange-approval', query);

export const listExchangeApprovalsQueryOptions = (query: ApprovalQuery) =>
  queryOptions({
    queryKey: ['exchange-approval', 'list', query],
    queryFn: () => listExchangeApprovals(query),
    placeholderData: keepPreviousData,
  });

export const useExchangeApprovals = (query: ApprovalQuery) =>
  useQuery(listExchangeApprovalsQueryOptions(query));
