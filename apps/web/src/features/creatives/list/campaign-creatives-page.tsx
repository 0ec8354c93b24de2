// /agency/CampaignList/creativeList/{id} and /admin/CampaignList/creative-list/{id}: the creatives
// attached to one campaign (GET /api/creatives/campaign/:id), paged, sorted and filtered like the
// creative list, with the campaign named in the heading and linked.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useCampaignName } from '../api/get-campaign-name.ts';
import { useCreatives } from '../api/list-creatives.ts';
import { CreativeTypeStatusFilters } from '../components/creative-filters.tsx';
import { CreativeEditorModal } from '../upload/creative-editor-modal.tsx';
import { useBulkSelection } from './bulk-selection.tsx';
import { CreativeTable } from './creative-table.tsx';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  filterKeys: ['creative_type', 'status'],
};

const CampaignCreativesPage = () => {
  const { t } = useTranslation('creatives');
  const route = useCurrentRoute();
  const href = useFeatureHref();
  const id = parseId(useParams().id);
  const list = useListParams('campaign-creatives', LIST_OPTIONS);
  const query = useCreatives(list.query, id || undefined);
  const campaignName = useCampaignName(id);
  const bulk = useBulkSelection('campaign-creatives');
  const [editId, setEditId] = useState<number | null>(null);
  if (!route) return null;
  const campaignHref = id ? href('campaign.view', { id }) : null;
  const _filters = list.params.filters;

  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {id === 0 ? (
        <LoadState isError error={new Error(t('campaign.badId'))} testId="campaign-creatives" />
      ) : (
        <>
          <Text size="lg" fw={600} component="h2" m={0} data-testid="campaign-creatives-heading">
            {t('campaign.heading', { id })}
            {campaignName.data ? (
              <>
                {' · '}
                {campaignHref ? (
                  <Anchor component={Link} to={campaignHref} inherit>
                    {campaignName.data}
                  </Anchor>
                ) : (
                  campaignName.data
                )}
              </>
            ) : null}
          </Text>
          <CreativeTable
            list={list}
            query={query}
            label={t('campaign.label', { id })}
            onEdit={(creative) => setEditId(creative.creative_primary_id)}
            selection={bulk.selection}
            toolbar={bulk.toolbar}
            emptyTitle={t('campaign.emptyTitle')}
            emptyDescription={t('campaign.emptyBody')}
            filters={<CreativeTypeStatusFilters list={list} testIdPrefix="campaign-creatives" />}
          />
        </>
      )}
      <CreativeEditorModal
        target={editId ? { kind: 'edit', id: editId } : null}
        onClose={() => setEditId(null)}
      />
    </PageFrame>
  );
};

export default CampaignCreativesPage;
