// POST /api/campaigns: a new campaign, saved as a draft or submitted for approval at once
// (`submit: true`). The campaign lists are refreshed afterwards.
import type { CampaignDetail, campaignCreateBody } from '@console/core/api/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import { announceSubmitNotices } from './submit-notices.ts';

export type CampaignCreateRequest = z.input<typeof campaignCreateBody>;

export const createCampaign = async (body: CampaignCreateRequest): Promise<CampaignDetail> => {
  const result = await apiPost<CampaignDetail>('/api/campaigns', body);
  await announceSubmitNotices(result);
  return unwrapResult(result);
};

export const useCreateCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
};
