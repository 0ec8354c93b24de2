// /inventory-list/view/{applist_id} (and the other roles' paths): one inventory list: its settings and
// counts, the campaigns that allow or block it, its DSP association ids (admin and co-admin edit
// them), and its entries paged and searched on the server; export as CSV.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconDownload, IconEdit, IconHistory } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { DetailList, DetailSection } from '../../../components/detail-list.tsx';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { formatDateTime, localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useApplist, useApplistEntries } from '../api/inventory-lists.ts';
import { EntriesTable } from '../components/entries-table.tsx';
import { useListLinks } from '../components/list-links.ts';
import { AssocMapSection } from './assoc-map-section.tsx';
import { downloadExport } from './export-list.ts';

const ENTRY_OPTIONS: ListParamsOptions = { limit: 100 };

const InventoryViewPage = () => {
  const { t, i18n } = useTranslation('lists');
  const route = useCurrentRoute();
  const id = parseId(useParams().applist_id);
  const list = useApplist(id);
  const entriesList = useListParams('applist-entries', ENTRY_OPTIONS);
  const entries = useApplistEntries(id, entriesList.query);
  const links = useListLinks();
  const role = useSession().auth?.role;
  const isStaff = role === 'ADMIN' || role === 'CO-ADMIN';
  if (!route) return null;
  const data = list.data;
  const edit = data ? links.inventory.edit(data.applist_id) : null;
  const changelog = data ? links.inventory.changelog(data.applist_id) : null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        data ? (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={() => void downloadExport(data.applist_id, data.name)}
              data-testid="applist-export"
            >
              {t('actions.export')}
            </Button>
            {changelog ? (
              <Button
                component={Link}
                to={changelog}
                variant="default"
                leftSection={<IconHistory size={16} aria-hidden="true" />}
                data-testid="applist-changelog"
              >
                {t('actions.changelog')}
              </Button>
            ) : null}
            {edit ? (
              <Button
                component={Link}
                to={edit}
                leftSection={<IconEdit size={16} aria-hidden="true" />}
                data-testid="applist-edit"
              >
                {t('actions.edit')}
              </Button>
            ) : null}
          </Group>
        ) : undefined
      }
    >
      {!data ? (
        <LoadState isError={list.isError} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="lg">
          <DetailSection title={data.name} testId="applist-summary">
            <DetailList
              rows={[
                { label: t('columns.kind'), value: t(`kind.${data.kind}`) },
                {
                  label: t('columns.defaultMode'),
                  value: (
                    <Badge variant="light" color={data.default_mode === 'BLOCK' ? 'red' : 'green'}>
                      {t(`mode.${data.default_mode}`)}
                    </Badge>
                  ),
                },
                {
                  label: t('columns.entries'),
                  value: data.entry_count.toLocaleString(localeOf(i18n.language)),
                  testId: 'applist-entry-count',
                },
                {
                  label: t('columns.advertiser'),
                  value: data.advertiser.companyName || data.advertiser.email,
                },
                { label: t('columns.updated'), value: formatDateTime(data.updated_at, i18n.language) },
                data.pending_import_id
                  ? { label: t('inventory.importing'), value: t('inventory.importingHint') }
                  : null,
              ]}
            />
          </DetailSection>
          <DetailSection title={t('inventory.usedBy', { n: data.campaign_count })} testId="applist-campaigns">
            {data.campaigns.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('inventory.unused')}
              </Text>
            ) : (
              <List spacing={4}>
                {data.campaigns.map((campaign) => {
                  const href = links.campaign(campaign.campaign_id);
                  return (
                    <List.Item key={campaign.campaign_id}>
                      {href ? (
                        <Anchor component={Link} to={href}>
                          {campaign.name}
                        </Anchor>
                      ) : (
                        campaign.name
                      )}{' '}
                      <Badge size="sm" variant="light" color={campaign.mode === 'BLOCK' ? 'red' : 'green'}>
                        {t(`mode.${campaign.mode}`)}
                      </Badge>
                    </List.Item>
                  );
                })}
              </List>
            )}
          </DetailSection>
          <AssocMapSection list={data} editable={isStaff} />
          <DetailSection title={t('entries.title')} testId="applist-entries">
            <EntriesTable
              list={entriesList}
              query={entries}
              label={t('entries.tableLabel', { name: data.name })}
            />
          </DetailSection>
        </Stack>
      )}
    </PageFrame>
  );
};

export default InventoryViewPage;
