// GET /api/campaigns/:id: everything configured, the approval state per exchange and the statuses the
// caller may move the campaign to now (`next_statuses`).
import type { CampaignDetail } from '@console/core/api/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const getCampaign = (id: number): Promise<CampaignDetail> =>
  fetchData<CampaignDetail>(`/api/campaigns/${id}`);

export const getCampaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['campaigns', 'detail', id], queryFn: () => getCampaign(id) });

export const useCampaign = (id: number) => useQuery({ ...getCampaignQueryOptions(id), enabled: id > 0 });
