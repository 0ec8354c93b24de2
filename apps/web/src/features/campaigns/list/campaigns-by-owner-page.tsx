// One advertiser's campaigns (agency /agency/campaignList/:id, admin and co-admin
// /admin/CampaignList/:id): the shared campaign grid on GET /api/campaigns/advertiser/:id, under a
// heading naming the advertiser, with a link to the advertiser's change log where the role has one.
import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCampaignLinks } from '../components/use-campaign-links.ts';
import { CampaignTable } from './campaign-table.tsx';
import { OwnerPage } from './owner-header.tsx';

const CampaignsByOwnerPage = () => {
  const { t } = useTranslation('campaigns');
  const links = useCampaignLinks();
  return (
    <OwnerPage
      heading={(name) => t('owner.campaignsOf', { name })}
      actions={(owner) => {
        const log = links.ownerChangelog(owner.user_primary_id);
        return log ? (
          <Button
            component={Link}
            to={log}
            variant="light"
            leftSection={<IconHistory size={16} aria-hidden="true" />}
            data-testid="owner-changelog-link"
          >
            {t('owner.changeLog')}
          </Button>
        ) : null;
      }}
    >
      {(owner) => <CampaignTable advertiserId={owner.user_primary_id} tableId="owner-campaigns" />}
    </OwnerPage>
  );
};

export default CampaignsByOwnerPage;
