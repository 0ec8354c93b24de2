// /admin/metadata (admin; the co-admin's shared path): the reference data that is ours to edit, in
// three tabs kept in the URL (?tab=): the exchanges, the smart-app taxonomy, and each advertiser's
// supported exchanges. Every endpoint behind it is open to ADMIN and CO-ADMIN alike
// (metadata-admin-routes.ts), so both see the same controls.
import '@mantine/core/styles/Tabs.css';
import { Tabs, Text } from '@mantine/core';
import { IconBuildingBank, IconCategory, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { ExchangesTab } from './exchanges-tab.tsx';
import { SupportedExchangesTab } from './supported-exchanges-tab.tsx';
import { TaxonomyTab } from './taxonomy-tab.tsx';

const TABS = ['exchanges', 'taxonomy', 'supported'] as const;
type Tab = (typeof TABS)[number];

const readTab = (value: string | null): Tab =>
  (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'exchanges';

const MetadataPage = () => {
  const { t } = useTranslation('metadata');
  const route = useCurrentRoute();
  const [search, setSearch] = useSearchParams();
  const tab = readTab(search.get('tab'));

  const choose = (value: string | null) => {
    const next = readTab(value);
    // Each tab's list state stays its own: switching keeps only the tab.
    setSearch(next === 'exchanges' ? {} : { tab: next }, { preventScrollReset: true });
  };

  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Text c="dimmed" maw={760}>
        {t('intro')}
      </Text>
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label={t('tabsLabel')}>
          <Tabs.Tab
            value="exchanges"
            leftSection={<IconBuildingBank size={16} aria-hidden="true" />}
            data-testid="metadata-tab-exchanges"
          >
            {t('tabs.exchanges')}
          </Tabs.Tab>
          <Tabs.Tab
            value="taxonomy"
            leftSection={<IconCategory size={16} aria-hidden="true" />}
            data-testid="metadata-tab-taxonomy"
          >
            {t('tabs.taxonomy')}
          </Tabs.Tab>
          <Tabs.Tab
            value="supported"
            leftSection={<IconUserCheck size={16} aria-hidden="true" />}
            data-testid="metadata-tab-supported"
          >
            {t('tabs.supported')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="exchanges" pt="md">
          <ExchangesTab />
        </Tabs.Panel>
        <Tabs.Panel value="taxonomy" pt="md">
          <TaxonomyTab />
        </Tabs.Panel>
        <Tabs.Panel value="supported" pt="md">
          <SupportedExchangesTab />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
};

export default MetadataPage;
