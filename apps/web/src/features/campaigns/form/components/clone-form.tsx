// A new campaign started from a saved one: the form filled with the source's settings, named
// "<name> copy", saved as a new draft (POST /api/campaigns) or submitted, so the user can adjust
// anything before it exists. Used by the advertiser's /campaignClone/:id and by campaignForm?from=<id>.

import type { CampaignDetail } from '@console/core/api/campaigns';
import { useState } from 'react';
import { LoadState } from '../../../../components/load-state.tsx';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import { useFeatureHref } from '../../../../lib/routing/feature-href.ts';
import { useCampaign } from '../../api/get-campaign.ts';
import { knownNamesOf, valuesFromDetail } from '../campaign-form-model.ts';
import { CampaignForm } from './campaign-form.tsx';
import { useSaveNewCampaign } from './use-save-campaign.ts';

const CloneOf = ({ source }: { source: CampaignDetail }) => {
  const href = useFeatureHref();
  const [initial] = useState(() => valuesFromDetail(source, 'clone'));
  const [known] = useState(() => knownNamesOf(source));
  const saveNew = useSaveNewCampaign();
  return (
    <CampaignForm
      mode="clone"
      initial={initial}
      known={known}
      cancelHref={href('campaign.view', { id: source.campaign_id }) ?? href('campaign.list')}
      onSave={saveNew}
    />
  );
};

export const CloneForm = ({ sourceId }: { sourceId: number }) => {
  const { t } = useTranslation('campaign-form');
  const source = useCampaign(sourceId);
  if (source.data) return <CloneOf key={source.data.campaign_id} source={source.data} />;
  return (
    <LoadState
      isError={source.isError || sourceId === 0}
      error={sourceId === 0 ? new Error(t('errors.badId')) : source.error}
      onRetry={sourceId > 0 ? () => void source.refetch() : undefined}
      testId="campaign-form"
    />
  );
};
