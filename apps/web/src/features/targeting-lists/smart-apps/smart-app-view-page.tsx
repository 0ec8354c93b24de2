// /admin/smart-apps/view/{list_id} (and co-admin): one smart-app list: its place on the taxonomy,
// counts, and its apps paged and searched on the server; delete when no campaign targets it.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import { Button, Group, Stack } from '@mantine/core';
import { IconEdit, IconHistory, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { DetailList, DetailSection } from '../../../components/detail-list.tsx';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { formatDateTime, localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useDeleteSmartAppList, useSmartAppList, useSmartAppListApps } from '../api/smart-app-lists.ts';
import { EntriesTable } from '../components/entries-table.tsx';
import { useListLinks } from '../components/list-links.ts';
import { placementOf } from './placement.ts';

const APP_OPTIONS: ListParamsOptions = { limit: 100 };

const SmartAppViewPage = () => {
  const { t, i18n } = useTranslation('lists');
  const route = useCurrentRoute();
  const id = parseId(useParams().list_id);
  const list = useSmartAppList(id);
  const appsList = useListParams('smart-app-apps', APP_OPTIONS);
  const apps = useSmartAppListApps(id, appsList.query);
  const links = useListLinks();
  const navigate = useNavigate();
  const remove = useDeleteSmartAppList();
  const [confirming, setConfirming] = useState(false);
  if (!route) return null;
  const data = list.data;
  const drop = async () => {
    try {
      await remove.mutateAsync(data!.list_id);
      setConfirming(false);
      showToast('success', t('edit.deleted', { name: data!.name }));
      const back = links.smartApp.list();
      if (back) void navigate(back);
    } catch (error) {
      setConfirming(false);
      showToast('error', failureMessage(error, t('edit.failed')));
    }
  };
  const edit = data ? links.smartApp.edit(data.list_id) : null;
  const changelog = data ? links.smartApp.changelog(data.list_id) : null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        data ? (
          <Group gap="sm">
            {changelog ? (
              <Button
                component={Link}
                to={changelog}
                variant="default"
                leftSection={<IconHistory size={16} aria-hidden="true" />}
              >
                {t('actions.changelog')}
              </Button>
            ) : null}
            {edit ? (
              <Button
                component={Link}
                to={edit}
                leftSection={<IconEdit size={16} aria-hidden="true" />}
                data-testid="smart-app-edit"
              >
                {t('actions.edit')}
              </Button>
            ) : null}
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setConfirming(true)}
            >
              {t('edit.deleteButton')}
            </Button>
          </Group>
        ) : undefined
      }
    >
      {!data ? (
        <LoadState isError={list.isError} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="lg">
          <DetailSection
            title={data.name}
            description={data.description || undefined}
            testId="smart-app-summary"
          >
            <DetailList
              rows={[
                { label: t('columns.placement'), value: placementOf(data) },
                {
                  label: t('columns.apps'),
                  value: data.app_count.toLocaleString(localeOf(i18n.language)),
                  testId: 'smart-app-count',
                },
                { label: t('columns.campaigns'), value: data.campaign_count },
                { label: t('columns.updated'), value: formatDateTime(data.updated_at, i18n.language) },
              ]}
            />
          </DetailSection>
          <DetailSection title={t('smartApp.appsTitle')}>
            <EntriesTable
              list={appsList}
              query={apps}
              label={t('entries.tableLabel', { name: data.name })}
              testId="smart-app-apps"
            />
          </DetailSection>
          <ConfirmAction
            opened={confirming}
            onClose={() => setConfirming(false)}
            onConfirm={drop}
            title={t('edit.deleteTitle')}
            message={t('edit.deleteConfirm', { name: data.name })}
            confirmLabel={t('edit.deleteButton')}
            isPending={remove.isPending}
          />
        </Stack>
      )}
    </PageFrame>
  );
};

export default SmartAppViewPage;
