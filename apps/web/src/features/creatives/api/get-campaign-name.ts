// The name of one campaign for the heading of its creatives page: GET /api/campaigns/:id under the
// campaigns' own query key (the same answer, so the cache is shared), narrowed to what is shown.
import type { CampaignDetail } from '@console/core/api/campaigns';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const useCampaignName = (id: number) =>
  useQuery({
    queryKey: ['campaigns', 'detail', id],
    queryFn: () => fetchData<CampaignDetail>(`/api/campaigns/${id}`),
    select: (campaign) => campaign.name,
    enabled: id > 0,
    retry: false,
  });
