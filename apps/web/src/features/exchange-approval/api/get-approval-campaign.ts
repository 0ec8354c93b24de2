// GET /api/campaigns/:id for the change-log page's heading: the campaign's name, advertiser, status
// and the current state of each exchange. (Features do not share code, so this is our own call; it
// shares the campaigns' cache key, so a decision's invalidation of ['campaigns'] refreshes it.)
import type { CampaignDetail } from '@console/core/api/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const getApprovalCampaign = (id: number): Promise<CampaignDetail> =>
  fetchData<CampaignDetail>(`/api/campaigns/${id}`);

export const approvalCampaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['campaigns', 'detail', id], queryFn: () => getApprovalCampaign(id) });

export const useApprovalCampaign = (id: number) =>
  useQuery({ ...approvalCampaignQueryOptions(id), enabled: id > 0 });
