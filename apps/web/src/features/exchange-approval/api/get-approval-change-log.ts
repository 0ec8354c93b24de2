// GET /api/admin/exchange-approval/change-log/:campaign_id: a campaign's exchange decisions (or,
// with action=status, its status moves), newest first, paged.
import type { ChangeLogEntry } from '@console/core/api/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export type ChangeLogPage = { items: ChangeLogEntry[]; total: number; page: number; limit: number };
export type ChangeLogQuery = Record<string, string | number | undefined>;

export const getApprovalChangeLog = (campaignId: number, query: ChangeLogQuery): Promise<ChangeLogPage> =>
  fetchData<ChangeLogPage>(`/api/admin/exchange-approval/change-log/${campaignId}`, query);

export const approvalChangeLogQueryOptions = (campaignId: number, query: ChangeLogQuery) =>
  queryOptions({
    queryKey: ['exchange-approval', 'change-log', campaignId, query],
    queryFn: () => getApprovalChangeLog(campaignId, query),
    placeholderData: keepPreviousData,
  });

export const useApprovalChangeLog = (campaignId: number, query: ChangeLogQuery) =>
  useQuery({ ...approvalChangeLogQueryOptions(campaignId, query), enabled: campaignId > 0 });
