// What happens when the form saves: POST (create, clone) or PUT (edit), a toast that says whether the
// campaign is a draft or submitted, then the campaign's view page.

import type { CampaignDetail } from '@console/core/api/campaigns';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../../components/toast.ts';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import { useFeatureHref } from '../../../../lib/routing/feature-href.ts';
import { useSession } from '../../../../lib/session/session-store.ts';
import { useCreateCampaign } from '../../api/create-campaign.ts';
import { useUpdateCampaign } from '../../api/update-campaign.ts';
import { type CampaignFormValues, toCreateBody, toUpdateBody } from '../campaign-form-model.ts';
import type { SaveIntent } from './campaign-form.tsx';

const useAfterSave = () => {
  const { t } = useTranslation('campaign-form');
  const navigate = useNavigate();
  const href = useFeatureHref();
  return useCallback(
    (campaign: CampaignDetail, kind: 'created' | 'saved') => {
      const submitted = campaign.status === 'PENDING_APPROVAL';
      showToast(
        'success',
        t(submitted ? 'toasts.submitted' : kind === 'created' ? 'toasts.created' : 'toasts.saved', {
          name: campaign.name,
        }),
      );
      navigate(href('campaign.view', { id: campaign.campaign_id }) ?? href('campaign.list') ?? '/');
    },
    [t, navigate, href],
  );
};

/** Saves the form as a new campaign (create and clone). */
export const useSaveNewCampaign = () => {
  const role = useSession().auth?.role;
  const create = useCreateCampaign();
  const after = useAfterSave();
  return useCallback(
    async (values: CampaignFormValues, { submit }: SaveIntent) => {
      const campaign = await create.mutateAsync(
        toCreateBody(values, { withAdvertiser: role !== undefined && role !== 'ADVERTISER', submit }),
      );
      after(campaign, 'created');
    },
    [create, role, after],
  );
};

/** Saves the form over a saved campaign (edit). */
export const useSaveCampaign = (id: number) => {
  const update = useUpdateCampaign();
  const after = useAfterSave();
  return useCallback(
    async (values: CampaignFormValues, { submit }: SaveIntent) => {
      const campaign = await update.mutateAsync({ id, body: toUpdateBody(values, { submit }) });
      after(campaign, 'saved');
    },
    [update, id, after],
  );
};
