// The campaign list of every role (/campaign, /agency/campaign, /admin/campaign, /co-admin/campaign):
// every campaign the signed-in user may see, in the shared campaign grid.

import { PageFrame } from '../../../components/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { CampaignTable } from './campaign-table.tsx';
import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';

const CampaignListPage = () => {
  const { t } = useTranslation('campaigns');
  const route = useCurrentRoute();
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('list.lead')}
      </Text>
      <CampaignTable />
    </PageFrame>
  );
};

export default CampaignListPage;
