// campaignClone/:id (advertiser): a new campaign started from a saved one, adjusted before saving.
import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { CloneForm } from './components/clone-form.tsx';

const CampaignClonePage = () => {
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <CloneForm key={id} sourceId={id} />
    </PageFrame>
  );
};

export default CampaignClonePage;
