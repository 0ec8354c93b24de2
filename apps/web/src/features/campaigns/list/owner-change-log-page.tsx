// Admin /admin/CampaignList/changeLog/:id (co-admin under /co-admin): the change logs of all one
// advertiser's campaigns as one (GET /api/campaigns/advertiser/:id/change-log), newest first, each
// entry naming and linking its campaign, with a link back to the advertiser's campaigns.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import { Button, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ChangeLogTable } from '../../../components/change-log/change-log-table.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useCampaignLinks } from '../components/use-campaign-links.ts';
import { OwnerHeader, ownerName } from './owner-header.tsx';

const OwnerChangeLogPage = () => {
  const { t } = useTranslation('campaigns');
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  const links = useCampaignLinks();
  const subjectColumn = useMemo(() => ({ header: t('owner.campaignColumn'), href: links.view }), [t, links]);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <OwnerHeader
        id={id}
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
              tableId="owner-change-log"
              label={t('owner.changeLogOf', { name: ownerName(owner) })}
            />
          </>
        )}
      </OwnerHeader>
    </PageFrame>
  );
};

export default OwnerChangeLogPage;
