// campaignForm (every role): a new campaign through the guided steps. `?from=<id>` starts it from a
// saved campaign (the clone of roles without a clone route); `?advertiser_id=<id>` presets the
// advertiser for agency, admin and co-admin.

import { runtimeTimeZone } from '@console/core/time/zoned-time';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { emptyValues } from './campaign-form-model.ts';
import { CampaignForm } from './components/campaign-form.tsx';
import { CloneForm } from './components/clone-form.tsx';
import { useSaveNewCampaign } from './components/use-save-campaign.ts';

const NewCampaign = ({ advertiserId }: { advertiserId: number }) => {
  const href = useFeatureHref();
  const [initial] = useState(() => emptyValues(runtimeTimeZone(), advertiserId > 0 ? advertiserId : null));
  const saveNew = useSaveNewCampaign();
  return <CampaignForm mode="create" initial={initial} cancelHref={href('campaign.list')} onSave={saveNew} />;
};

const CampaignCreatePage = () => {
  const route = useCurrentRoute();
  const [params] = useSearchParams();
  const fromId = parseId(params.get('from') ?? undefined);
  const advertiserId = parseId(params.get('advertiser_id') ?? undefined);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {params.has('from') ? (
        <CloneForm key={fromId} sourceId={fromId} />
      ) : (
        <NewCampaign key={advertiserId} advertiserId={advertiserId} />
      )}
    </PageFrame>
  );
};

export default CampaignCreatePage;
