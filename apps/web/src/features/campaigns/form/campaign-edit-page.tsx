// campaignEditForm/:id (every role): the guided form filled from GET /api/campaigns/:id and saved
// with PUT. The advertiser never changes; a submitted campaign keeps at least one exchange; a
// rejected one becomes a draft when saved; completed and archived campaigns cannot be edited (their
// settings show read-only with the reason).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import type { CampaignDetail } from '@console/core/api/campaigns';
import { CAMPAIGN_STATUS_MESSAGES, isEditableStatus } from '@console/core/campaign-status';
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { knownNamesOf, valuesFromDetail } from './campaign-form-model.ts';
import { CampaignForm } from './components/campaign-form.tsx';
import { ReviewStep } from './components/review-step.tsx';
import { useMessageText } from './components/use-form-text.ts';
import { useSaveCampaign } from './components/use-save-campaign.ts';

const EditCampaign = ({ saved }: { saved: CampaignDetail }) => {
  const { t } = useTranslation('campaign-form');
  const href = useFeatureHref();
  const text = useMessageText();
  const role = useSession().auth?.role;
  const [initial] = useState(() => valuesFromDetail(saved, 'edit'));
  const [known] = useState(() => knownNamesOf(saved));
  const save = useSaveCampaign(saved.campaign_id);
  const viewHref = href('campaign.view', { id: saved.campaign_id });

  if (!isEditableStatus(saved.status)) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" data-testid="campaign-not-editable">
          {text(CAMPAIGN_STATUS_MESSAGES.notEditable(saved.status))}
        </Alert>
        <ReviewStep
          values={initial}
          errorOf={() => undefined}
          change={() => undefined}
          validateField={() => undefined}
          advertiserId={role === 'ADVERTISER' ? null : saved.advertiser.user_primary_id}
          hasAdvertiser
          mode="edit"
          campaignId={saved.campaign_id}
          status={saved.status}
          known={known}
          rememberAdvertiser={() => undefined}
        />
        {viewHref ? (
          <div>
            <Button component={Link} to={viewHref} variant="default">
              {t('actions.backToCampaign')}
            </Button>
          </div>
        ) : null}
      </Stack>
    );
  }
  return (
    <CampaignForm
      mode="edit"
      campaignId={saved.campaign_id}
      initial={initial}
      known={known}
      status={saved.status}
      cancelHref={viewHref ?? href('campaign.list')}
      onSave={save}
    />
  );
};

const CampaignEditPage = () => {
  const { t } = useTranslation('campaign-form');
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  const campaign = useCampaign(id);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {campaign.data ? (
        <EditCampaign key={campaign.data.campaign_id} saved={campaign.data} />
      ) : (
        <LoadState
          isError={campaign.isError || id === 0}
          error={id === 0 ? new Error(t('errors.badId')) : campaign.error}
          onRetry={id > 0 ? () => void campaign.refetch() : undefined}
          testId="campaign-form"
        />
      )}
    </PageFrame>
  );
};

export default CampaignEditPage;
