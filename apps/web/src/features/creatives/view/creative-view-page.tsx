// /creative/ViewCreative/{id}, /agency/creative/viewCreative/{id}, /admin/creative/viewCreative/{id}:
// one creative at a glance: its preview (image, native ad card, video player, HTML tag in a
// sandboxed iframe), every field, its URLs by the type's rules, the approval state per exchange, its
// DSP association ids (editable by admins and co-admins), and links to edit and to its change log.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import type { CreativeDetail } from '@console/core/api/creatives';
import { formatBytes } from '@console/core/format/bytes';
import { findCreativeUrlFields } from '@console/core/validation/creative';
import { insecureResourcesOf } from '@console/core/validation/insecure-markup';
import { Anchor, Button, Grid, Group, List, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconEdit, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailList, DetailSection } from '../../../components/detail-list.tsx';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCreative } from '../api/get-creative.ts';
import { AdvertiserDomainText, IabCategoriesText } from '../components/creative-ad-identity.tsx';
import { CreativePreview } from '../components/creative-preview.tsx';
import {
  CreativeExchangeStateBadge,
  CreativeExchangeSummary,
  CreativeStatusBadge,
  CreativeTypeBadge,
} from '../components/creative-status-badge.tsx';
import { InsecureMarkupNotice } from '../components/insecure-markup-notice.tsx';
import { CreativeEditorModal } from '../upload/creative-editor-modal.tsx';
import { formatDuration } from '../upload/creative-form-model.ts';
import { AssocMapEditor } from './assoc-map-editor.tsx';

const UrlLink = ({ url, testId }: { url: string; testId?: string }) => {
  const href = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      style={{ wordBreak: 'break-all' }}
      data-testid={testId}
    >
      {url}
    </Anchor>
  );
};

const UrlList = ({ urls, testId }: { urls: readonly string[]; testId: string }) => {
  const { t } = useTranslation('creatives');
  if (urls.length === 0)
    return (
      <Text span size="sm" c="dimmed" data-testid={testId}>
        {t('view.noneSet')}
      </Text>
    );
  return (
    <List size="sm" spacing={2} data-testid={testId}>
      {urls.map((url) => (
        <List.Item key={url}>
          <UrlLink url={url} />
        </List.Item>
      ))}
    </List>
  );
};

const PreviewSection = ({ creative }: { creative: CreativeDetail }) => {
  const { t } = useTranslation('creatives');
  const media = creative.media;
  const facts = [
    creative.size ? t('file.detectedSize', { size: creative.size }) : null,
    creative.video_section?.duration !== undefined
      ? t('file.duration', { duration: formatDuration(creative.video_section.duration) })
      : null,
    creative.video_section?.formattedSize ?? (media ? formatBytes(media.bytes) : null),
    media?.mime ?? null,
  ].filter(Boolean);
  return (
    <DetailSection title={t('view.preview')} testId="creative-view-preview">
      <CreativePreview creative={creative} />
      {facts.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="creative-view-facts">
          {facts.join(' · ')}
        </Text>
      ) : null}
    </DetailSection>
  );
};

const DetailsSection = ({ creative }: { creative: CreativeDetail }) => {
  const { t, i18n } = useTranslation('creatives');
  const role = useSession().auth?.role;
  return (
    <DetailSection title={t('view.details')} testId="creative-view-details">
      <DetailList
        rows={[
          { label: t('fields.name'), value: creative.name, testId: 'creative-view-name' },
          { label: t('view.id'), value: `#${creative.creative_primary_id}` },
          { label: t('fields.type'), value: <CreativeTypeBadge type={creative.creative_type} /> },
          {
            label: t('columns.status'),
            value: <CreativeStatusBadge status={creative.status} testId="creative-view-status" />,
          },
          {
            label: t('columns.exchanges'),
            value: <CreativeExchangeSummary counts={creative.exchange_counts} />,
          },
          {
            label: t('fields.adomain'),
            value: <AdvertiserDomainText creative={creative} testId="creative-view-adomain" />,
          },
          {
            label: t('fields.iabCategories'),
            value: <IabCategoriesText creative={creative} testId="creative-view-categories" />,
          },
          role === 'ADVERTISER'
            ? null
            : {
                label: t('fields.advertiser'),
                value: `${creative.advertiser.companyName || creative.advertiser.email} · ${creative.advertiser.email}`,
              },
          {
            label: t('columns.associateId'),
            value: creative.creative_associate_id ?? t('list.none'),
          },
          creative.created_by ? { label: t('view.createdBy'), value: creative.created_by.email } : null,
          { label: t('columns.created'), value: formatDateTime(creative.created_at, i18n.language) },
          { label: t('columns.updated'), value: formatDateTime(creative.updated_at, i18n.language) },
        ]}
      />
    </DetailSection>
  );
};

const ContentSection = ({ creative }: { creative: CreativeDetail }) => {
  const { t } = useTranslation('creatives');
  const fields = findCreativeUrlFields(creative.creative_type);
  const native = creative.native;
  return (
    <DetailSection title={t('view.content')} testId="creative-view-content">
      <DetailList
        rows={[
          ...(native
            ? [
                { label: t('fields.title'), value: native.title, testId: 'creative-view-native-title' },
                { label: t('fields.sponsoredBy'), value: native.sponsored_by },
                { label: t('fields.description'), value: native.description || t('view.noneSet') },
                { label: t('fields.cta'), value: native.cta || t('view.noneSet') },
                { label: t('fields.icon'), value: native.icon ? native.icon.size : t('view.noneSet') },
                { label: t('fields.mainImage'), value: native.main_image.size },
              ]
            : []),
          creative.creative_type === 'video'
            ? {
                label: t('fields.videoSource'),
                value: creative.video_section?.vast_url ? (
                  <UrlLink url={creative.video_section.vast_url} testId="creative-view-vast" />
                ) : (
                  t('fields.videoFile')
                ),
              }
            : null,
          fields.includes('click_url')
            ? {
                label: t('fields.clickUrl'),
                value: creative.click_url ? <UrlLink url={creative.click_url} /> : t('view.noneSet'),
                testId: 'creative-view-click-url',
              }
            : null,
          fields.includes('pixel_url')
            ? {
                label: t('fields.pixelUrls'),
                value: <UrlList urls={creative.pixel_url} testId="creative-view-pixels" />,
              }
            : null,
          fields.includes('impression_url')
            ? {
                label:
                  creative.creative_type === 'native'
                    ? t('fields.impressionUrl')
                    : t('fields.impressionUrls'),
                value: <UrlList urls={creative.impression_url} testId="creative-view-impressions" />,
              }
            : null,
        ]}
      />
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('fields.htmlNoUrls')}
        </Text>
      ) : null}
      {creative.html_tag !== null && !creative.secure_compatible ? (
        <InsecureMarkupNotice
          urls={insecureResourcesOf(creative.html_tag)}
          testId="creative-view-insecure-markup"
        />
      ) : null}
      {creative.html_tag !== null ? (
        <Textarea
          label={t('fields.htmlTag')}
          value={creative.html_tag}
          readOnly
          autosize
          minRows={3}
          maxRows={12}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          data-testid="creative-view-tag"
        />
      ) : null}
    </DetailSection>
  );
};

const ExchangesSection = ({ creative }: { creative: CreativeDetail }) => {
  const { t, i18n } = useTranslation('creatives');
  return (
    <DetailSection
      title={t('view.exchanges')}
      description={t('view.exchangesLead')}
      testId="creative-view-exchanges"
    >
      {creative.exchanges.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('exchangeSummary.none')}
        </Text>
      ) : (
        // Five columns do not fit a phone: the table scrolls inside its section, not the page, and
        // the box takes the focus so a keyboard can scroll it too (it holds no link or button).
        <Table.ScrollContainer
          minWidth={560}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('view.exchanges')}
        >
          <Table withTableBorder striped verticalSpacing="xs">
            <caption
              style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {t('view.exchanges')}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('view.exchange')}</Table.Th>
                <Table.Th scope="col">{t('view.state')}</Table.Th>
                <Table.Th scope="col">{t('view.reason')}</Table.Th>
                <Table.Th scope="col">{t('view.decidedBy')}</Table.Th>
                <Table.Th scope="col">{t('view.decidedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {creative.exchanges.map((exchange) => (
                <Table.Tr
                  key={exchange.exchange_id}
                  data-testid={`creative-exchange-${exchange.exchange_id}`}
                >
                  <Table.Th scope="row" fw={500}>
                    {exchange.name}
                  </Table.Th>
                  <Table.Td>
                    <CreativeExchangeStateBadge state={exchange.state} />
                  </Table.Td>
                  <Table.Td>{exchange.reason ?? '—'}</Table.Td>
                  <Table.Td>{exchange.decided_by?.email ?? '—'}</Table.Td>
                  <Table.Td>
                    {exchange.decided_at ? formatDateTime(exchange.decided_at, i18n.language) : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </DetailSection>
  );
};

const CreativeViewPage = () => {
  const { t } = useTranslation('creatives');
  const route = useCurrentRoute();
  const href = useFeatureHref();
  const role = useSession().auth?.role;
  const id = parseId(useParams().id);
  const creative = useCreative(id);
  const [isEditing, setEditing] = useState(false);
  if (!route) return null;
  const data = creative.data;
  const logHref = data ? href('creative.changelog', { id: data.creative_primary_id }) : null;
  const canEditAssoc = role === 'ADMIN' || role === 'CO-ADMIN';
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        data ? (
          <Group gap="sm">
            {logHref ? (
              <Button
                component={Link}
                to={logHref}
                variant="default"
                leftSection={<IconHistory size={16} aria-hidden="true" />}
                data-testid="creative-view-changelog"
              >
                {t('actions.changeLog')}
              </Button>
            ) : null}
            <Button
              leftSection={<IconEdit size={16} aria-hidden="true" />}
              onClick={() => setEditing(true)}
              data-testid="creative-view-edit"
            >
              {t('actions.edit')}
            </Button>
          </Group>
        ) : undefined
      }
    >
      {data ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <PreviewSection creative={data} />
              <ContentSection creative={data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <DetailsSection creative={data} />
              <ExchangesSection creative={data} />
              <DetailSection
                title={t('assoc.title')}
                description={t('assoc.lead')}
                testId="creative-view-assoc"
              >
                <AssocMapEditor
                  key={data.updated_at}
                  creativeId={data.creative_primary_id}
                  entries={data.creative_assoc_map}
                  canEdit={canEditAssoc}
                />
              </DetailSection>
            </Stack>
          </Grid.Col>
        </Grid>
      ) : (
        <LoadState
          isError={creative.isError || id === 0}
          error={id === 0 ? new Error(t('view.badId')) : creative.error}
          onRetry={id > 0 ? () => void creative.refetch() : undefined}
          testId="creative"
        />
      )}
      <CreativeEditorModal
        target={isEditing && data ? { kind: 'edit', id: data.creative_primary_id } : null}
        onClose={() => setEditing(false)}
      />
    </PageFrame>
  );
};

export default CreativeViewPage;
