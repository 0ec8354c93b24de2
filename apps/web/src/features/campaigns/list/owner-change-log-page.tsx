// Admin /admin/CampaignList/changeLog/:id (co-admin under /co-admin): the change logs of all one
// advertiser's campaigns as one (GET /api/campaigns/advertiser/:id/change-log), newest first, each
// entry naming and linking its campaign, with a link back to the advertiser's campaigns.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Button, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ChangeLogTable } from '../../../components/change-log/change-log-table.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCampaignLinks } from '../components/use-campaign-links.ts';
import { campaignLogLabels } from './change-log-labels.ts';
import { OwnerPage, ownerName } from './owner-header.tsx';

const OwnerChangeLogPage = () => {
  const { t } = useTranslation('campaigns');
  const links = useCampaignLinks();
  const subjectColumn = useMemo(() => ({ header: t('owner.campaignColumn'), href: links.view }), [t, links]);
  const labels = useMemo(() => campaignLogLabels(t), [t]);
  return (
    <OwnerPage
      heading={(name) => t('owner.changeLogOf', { name })}
      actions={(owner) => {
        const back = links.byOwner(owner.user_primary_id);
        return back ? (
          <Button
            component={Link}
            to={back}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            data-testid="owner-campaigns-link"
          >
            {t('owner.backToCampaigns')}
          </Button>
        ) : null;
      }}
    >
      {(owner) => (
        <>
          <Text size="sm" c="dimmed">
            {t('owner.changeLogLead')}
          </Text>
          <ChangeLogTable
            path={`/api/campaigns/advertiser/${owner.user_primary_id}/change-log`}
            subjectColumn={subjectColumn}
            labels={labels}
            tableId="owner-change-log"
            label={t('owner.changeLogOf', { name: ownerName(owner) })}
          />
        </>
      )}
    </OwnerPage>
  );
};

export default OwnerChangeLogPage;
