// /admin/metadata (admin; the co-admin's shared path): the reference data that is ours to edit, in
// tabs kept in the URL (?tab=): the exchanges, their private-marketplace deals, the smart-app
// taxonomy, and each advertiser's supported exchanges. Every endpoint behind it is open to ADMIN and CO-ADMIN alike
// (metadata-admin-routes.ts), so both see the same controls.
import '@mantine/core/styles/Tabs.css';
import { Tabs, Text } from '@mantine/core';
import { IconBuildingBank, IconCategory, IconHeartHandshake, IconUserCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { DealsTab } from './deals-tab.tsx';
import { ExchangesTab } from './exchanges-tab.tsx';
import { SupportedExchangesTab } from './supported-exchanges-tab.tsx';
import { TaxonomyTab } from './taxonomy-tab.tsx';

/** The tabs in order: URL value, icon and content (the label is `metadata:tabs.<value>`). */
const TAB_CONTENT = {
  exchanges: { Icon: IconBuildingBank, Panel: ExchangesTab },
  deals: { Icon: IconHeartHandshake, Panel: DealsTab },
  taxonomy: { Icon: IconCategory, Panel: TaxonomyTab },
  supported: { Icon: IconUserCheck, Panel: SupportedExchangesTab },
} as const;
type Tab = keyof typeof TAB_CONTENT;
const TABS = Object.keys(TAB_CONTENT) as Tab[];

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
          {TABS.map((value) => {
            const { Icon } = TAB_CONTENT[value];
            return (
              <Tabs.Tab
                key={value}
                value={value}
                leftSection={<Icon size={16} aria-hidden="true" />}
                data-testid={`metadata-tab-${value}`}
              >
                {t(`tabs.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {TABS.map((value) => {
          const { Panel } = TAB_CONTENT[value];
          return (
            <Tabs.Panel key={value} value={value} pt="md">
              <Panel />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </PageFrame>
  );
};

export default MetadataPage;
