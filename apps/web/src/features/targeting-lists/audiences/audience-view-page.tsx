// /audience/view/{audience_id} (and the other roles' paths): one audience: its status (followed live
// while processing), matched size with device ids and e-mail hashes, its rule, the campaigns that
// include or exclude it; upload more people, refresh a rule, archive.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import type { AudienceDetail } from '@console/core/api/audiences';
import { Alert, Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconArchive, IconHistory, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { DetailList, DetailSection } from '../../../components/detail-list.tsx';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { formatDateTime, localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useAudience, useAudienceActions } from '../api/audiences.ts';
import { type EntrySource, EntrySourceInput } from '../components/entry-source.tsx';
import { useListLinks } from '../components/list-links.ts';
import { UploadProgress, useListUpload } from '../components/list-upload.tsx';
import { AudienceStatusBadge } from './audience-status-badge.tsx';

const MorePeople = ({ audience }: { audience: AudienceDetail }) => {
  const { t } = useTranslation('lists');
  const [source, setSource] = useState<EntrySource | null>(null);
  const upload = useListUpload('audiences');
  return (
    <DetailSection title={t('audience.more')} description={t('audience.uploadHint')}>
      <EntrySourceInput
        onChange={setSource}
        placeholder="38400000-8cf0-11bd-b23e-10b96e40000d"
        disabled={upload.isBusy}
      />
      <UploadProgress upload={upload} />
      <Group justify="flex-end">
        <Button
          disabled={!source}
          loading={upload.isBusy}
          onClick={() =>
            void upload.start({
              fields: { audience_id: audience.audience_id, mode: 'append', column: source?.column },
              file: source!.blob,
              fileName: source!.fileName,
            })
          }
          data-testid="audience-upload-more"
        >
          {t('edit.uploadButton')}
        </Button>
      </Group>
    </DetailSection>
  );
};

const AudienceViewPage = () => {
  const { t, i18n } = useTranslation('lists');
  const locale = localeOf(i18n.language);
  const route = useCurrentRoute();
  const id = parseId(useParams().audience_id);
  const audience = useAudience(id);
  const actions = useAudienceActions(id ?? 0);
  const links = useListLinks();
  const [archiving, setArchiving] = useState(false);
  if (!route) return null;
  const data = audience.data;
  const changelog = data ? links.audience.changelog(data.audience_id) : null;
  const archive = async () => {
    try {
      await actions.move.mutateAsync('ARCHIVED');
      setArchiving(false);
      showToast('success', t('audience.archived'));
    } catch (error) {
      setArchiving(false);
      showToast('error', failureMessage(error, t('edit.failed')));
    }
  };
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
                data-testid="audience-changelog"
              >
                {t('actions.changelog')}
              </Button>
            ) : null}
            {data.source === 'RULE' && (data.status === 'READY' || data.status === 'FAILED') ? (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden="true" />}
                onClick={() => actions.refreshRule.mutate()}
                loading={actions.refreshRule.isPending}
              >
                {t('audience.refresh')}
              </Button>
            ) : null}
            {data.next_statuses.includes('ARCHIVED') ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconArchive size={16} aria-hidden="true" />}
                onClick={() => setArchiving(true)}
                data-testid="audience-archive"
              >
                {t('audience.archive')}
              </Button>
            ) : null}
          </Group>
        ) : undefined
      }
    >
      {!data ? (
        <LoadState
          isError={audience.isError}
          error={audience.error}
          onRetry={() => void audience.refetch()}
        />
      ) : (
        <Stack gap="lg">
          {data.status === 'PROCESSING' ? (
            <Alert variant="light" color="blue" data-testid="audience-processing">
              {t('audience.processing')}
            </Alert>
          ) : null}
          {data.status === 'FAILED' ? (
            <Alert variant="light" color="red" role="alert">
              {data.failure_reason}
            </Alert>
          ) : null}
          {data.rule_note ? (
            <Alert variant="light" color="yellow">
              {t('audience.ruleNote')}
            </Alert>
          ) : null}
          <DetailSection title={data.name} testId="audience-summary">
            <DetailList
              rows={[
                { label: t('columns.status'), value: <AudienceStatusBadge status={data.status} /> },
                { label: t('columns.source'), value: t(`source.${data.source}`) },
                {
                  label: t('columns.size'),
                  value: data.matched_size === null ? '—' : data.matched_size.toLocaleString(locale),
                  testId: 'audience-size',
                },
                data.device_id_count !== null
                  ? {
                      label: t('audience.deviceIds'),
                      value: data.device_id_count.toLocaleString(locale),
                    }
                  : null,
                data.email_hash_count !== null
                  ? {
                      label: t('audience.emailHashes'),
                      value: data.email_hash_count.toLocaleString(locale),
                    }
                  : null,
                data.rule
                  ? {
                      label: t('audience.rule'),
                      value: t('audience.ruleText', {
                        event: t(data.rule.event === 'CLICK' ? 'audience.clicked' : 'audience.converted'),
                        n: data.rule.campaign_ids.length,
                        days: data.rule.days,
                      }),
                    }
                  : null,
                {
                  label: t('columns.advertiser'),
                  value: data.advertiser.companyName || data.advertiser.email,
                },
                data.processed_at
                  ? {
                      label: t('audience.processedAt'),
                      value: formatDateTime(data.processed_at, i18n.language),
                    }
                  : null,
              ]}
            />
          </DetailSection>
          <DetailSection title={t('audience.usedBy', { n: data.campaign_count })}>
            {data.campaigns.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('audience.unused')}
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
                      <Badge size="sm" variant="light">
                        {t(`mode.${campaign.mode}`)}
                      </Badge>
                    </List.Item>
                  );
                })}
              </List>
            )}
          </DetailSection>
          {data.source === 'UPLOAD' && (data.status === 'READY' || data.status === 'FAILED') ? (
            <MorePeople audience={data} />
          ) : null}
          <ConfirmAction
            opened={archiving}
            onClose={() => setArchiving(false)}
            onConfirm={archive}
            title={t('audience.archiveTitle')}
            message={t('audience.archiveConfirm', { name: data.name })}
            confirmLabel={t('audience.archive')}
            isPending={actions.move.isPending}
            testId="audience-archive-dialog"
          />
        </Stack>
      )}
    </PageFrame>
  );
};

export default AudienceViewPage;
