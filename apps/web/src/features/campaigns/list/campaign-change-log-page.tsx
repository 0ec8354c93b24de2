// /campaign/changelog/:id (and the agency, admin and co-admin paths): every recorded change of one
// campaign (create, update, status, exchange approval), field by field, newest first, through
// GET /api/campaigns/:id/change-log; the campaign's name heads it with a link back to the campaign.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ChangeLogTable } from '../../../components/change-log/change-log-table.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { CampaignLoadState } from '../components/campaign-load-state.tsx';
import { CampaignStatusBadge } from '../components/campaign-status-badge.tsx';
import { useCampaignLinks } from '../components/use-campaign-links.ts';
import { campaignLogLabels } from './change-log-labels.ts';

/** The actions a campaign's log records (the platform's create and update, plus status moves and approvals). */
const CAMPAIGN_LOG_ACTIONS = ['create', 'update', 'status', 'exchange-approval'] as const;

const CampaignChangeLogPage = () => {
  const { t } = useTranslation('campaigns');
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  const campaign = useCampaign(id);
  const links = useCampaignLinks();
  const data = campaign.data;
  const labels = useMemo(() => campaignLogLabels(t), [t]);
  if (!route) return null;
  const back = data ? (links.view(data.campaign_id) ?? links.list()) : links.list();
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        back ? (
          <Button
            component={Link}
            to={back}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            data-testid="campaign-changelog-back"
          >
            {data ? t('changeLog.backToCampaign') : t('view.backToList')}
          </Button>
        ) : undefined
      }
    >
      {data ? (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <Group gap="sm" wrap="wrap">
              <Title order={2} fz="h3" data-testid="campaign-changelog-name">
                {t('changeLog.heading', { name: data.name })}
              </Title>
              <CampaignStatusBadge status={data.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('list.id', { id: data.campaign_id })} ·{' '}
              {data.advertiser.companyName || data.advertiser.email}
            </Text>
          </Paper>
          <ChangeLogTable
            path={`/api/campaigns/${data.campaign_id}/change-log`}
            tableId="campaign-change-log"
            actions={CAMPAIGN_LOG_ACTIONS}
            labels={labels}
            label={t('changeLog.heading', { name: data.name })}
          />
        </Stack>
      ) : (
        <CampaignLoadState id={id} query={campaign} />
      )}
    </PageFrame>
  );
};

export default CampaignChangeLogPage;
