// PUT /api/campaigns/:id: every setting of a campaign (not its advertiser); `submit: true` also
// submits a draft (or a rejected campaign, which saving turns back into a draft) for approval.
import type { CampaignDetail, campaignUpdateBody } from '@console/core/api/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPut, unwrapResult } from '../../../lib/http/api-client.ts';
import { announceSubmitNotices } from './submit-notices.ts';

export type CampaignUpdateRequest = z.input<typeof campaignUpdateBody>;

export const updateCampaign = async ({
  id,
  body,
}: {
  id: number;
  body: CampaignUpdateRequest;
}): Promise<CampaignDetail> => {
  const result = await apiPut<CampaignDetail>(`/api/campaigns/${id}`, body);
  await announceSubmitNotices(result);
  return unwrapResult(result);
};

export const useUpdateCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(['campaigns', 'detail', campaign.campaign_id], campaign);
      return queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });
};
