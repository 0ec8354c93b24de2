// /campaign/creative/changelog/{id}, /agency/creative/changelog/{id}, /admin/creative/changelog/{id}:
// every recorded change of one creative (create, edits, bulk edits, exchange approvals), field by
// field, newest first (GET /api/creatives/:id/change-log), under a summary of the creative.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ChangeLogTable } from '../../../components/change-log/change-log-table.tsx';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useCreative } from '../api/get-creative.ts';
import { CreativeThumbnail } from '../components/creative-preview.tsx';
import { CreativeStatusBadge, CreativeTypeBadge } from '../components/creative-status-badge.tsx';

/** The actions the creative log records. */
const CREATIVE_LOG_ACTIONS = ['create', 'update', 'bulk-update', 'exchange-approval'] as const;

const CreativeChangeLogPage = () => {
  const { t } = useTranslation('creatives');
  const route = useCurrentRoute();
  const href = useFeatureHref();
  const id = parseId(useParams().id);
  const creative = useCreative(id);
  const labels = useMemo(
    () => ({
      actions: {
        'bulk-update': t('changeLog.actions.bulk-update'),
        'exchange-approval': t('changeLog.actions.exchange-approval'),
      },
    }),
    [t],
  );
  if (!route) return null;
  const data = creative.data;
  const viewHref = data ? href('creative.view', { id: data.creative_primary_id }) : null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {data ? (
        <>
          <Paper withBorder radius="md" p="md">
            <Group gap="md" wrap="nowrap">
              <CreativeThumbnail creative={data} size={72} />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  {viewHref ? (
                    <Anchor component={Link} to={viewHref} fw={600} data-testid="creative-log-name">
                      {data.name}
                    </Anchor>
                  ) : (
                    <Text fw={600} data-testid="creative-log-name">
                      {data.name}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    #{data.creative_primary_id}
                  </Text>
                </Group>
                <Group gap="xs">
                  <CreativeTypeBadge type={data.creative_type} />
                  <CreativeStatusBadge status={data.status} />
                  <Text size="sm" c="dimmed">
                    {data.advertiser.companyName || data.advertiser.email}
                  </Text>
                </Group>
              </Stack>
            </Group>
          </Paper>
          <ChangeLogTable
            path={`/api/creatives/${data.creative_primary_id}/change-log`}
            tableId="creative-change-log"
            actions={CREATIVE_LOG_ACTIONS}
            label={t('changeLog.label', { name: data.name })}
            labels={labels}
          />
        </>
      ) : (
        <LoadState
          isError={creative.isError || id === 0}
          error={id === 0 ? new Error(t('view.badId')) : creative.error}
          onRetry={id > 0 ? () => void creative.refetch() : undefined}
          testId="creative-change-log"
        />
      )}
    </PageFrame>
  );
};

export default CreativeChangeLogPage;
