// POST /api/campaigns/:id/status: move a campaign along the lifecycle table of core's
// campaign-status.ts (approve and reject: admin and co-admin; reject needs a reason).
import type { CampaignDetail } from '@console/core/api/campaigns';
import type { CampaignStatus } from '@console/core/campaign-status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import { announceSubmitNotices } from './submit-notices.ts';

export type SetCampaignStatusInput = { id: number; to: CampaignStatus; reason?: string };

export const setCampaignStatus = async ({
  id,
  to,
  reason,
}: SetCampaignStatusInput): Promise<CampaignDetail> => {
  const result = await apiPost<CampaignDetail>(
    `/api/campaigns/${id}/status`,
    reason?.trim() ? { to, reason } : { to },
  );
  await announceSubmitNotices(result);
  return unwrapResult(result);
};

export const useSetCampaignStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCampaignStatus,
    onSuccess: (campaign) => {
      queryClient.setQueryData(['campaigns', 'detail', campaign.campaign_id], campaign);
      return queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });
};
