// /creatives, /agency/creative, /admin/creative, /co-admin/creative: every creative the user may see,
// paged, sorted and filtered by the server (type, status, advertiser, exchange and its approval
// state), with "New creative" (the editor dialog: there is no create route in the spec), an edit
// per row and, where the role has bulk pages, a selection that opens them.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.css';
import { CREATIVE_APPROVAL_STATES } from '@console/core/api/creatives-constants';
import { Button, NativeSelect } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { Select } from '../../../components/filter-select.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCreatives } from '../api/list-creatives.ts';
import { useExchanges } from '../api/list-exchanges.ts';
import { CreativeTypeStatusFilters } from '../components/creative-filters.tsx';
import type { CreativeEditorTarget } from '../upload/creative-editor-modal.tsx';
import { useBulkSelection } from './bulk-selection.tsx';
import { CreativeTable } from './creative-table.tsx';

// The creative editor (its forms, IAB category picker and upload) loads with its first opening.
const CreativeEditorModal = lazy(() =>
  import('../upload/creative-editor-modal.tsx').then((module) => ({ default: module.CreativeEditorModal })),
);

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  filterKeys: ['creative_type', 'status', 'advertiser_id', 'exchange_id', 'exchange_state'],
};

const CreativeListPage = () => {
  const { t } = useTranslation('creatives');
  const route = useCurrentRoute();
  const role = useSession().auth?.role;
  const href = useFeatureHref();
  const navigate = useNavigate();
  const list = useListParams('creatives', LIST_OPTIONS);
  const query = useCreatives(list.query);
  const isStaff = role === 'ADMIN' || role === 'CO-ADMIN';
  const exchanges = useExchanges(isStaff);
  const [editor, setEditor] = useState<CreativeEditorTarget | null>(null);
  // Kept once opened, so that closing plays the modal's own transition.
  const editorWanted = useRef(false);
  if (editor) editorWanted.current = true;

  const bulk = useBulkSelection('creatives');
  const filters = list.params.filters;

  if (!route) return null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setEditor({ kind: 'create' })}
          data-testid="creative-new"
        >
          {t('actions.new')}
        </Button>
      }
    >
      <CreativeTable
        list={list}
        query={query}
        label={t('list.label')}
        onEdit={(creative) => setEditor({ kind: 'edit', id: creative.creative_primary_id })}
        selection={bulk.selection}
        toolbar={bulk.toolbar}
        filters={
          <>
            <CreativeTypeStatusFilters list={list} testIdPrefix="creatives" />
            <AdvertiserPicker
              label={t('columns.advertiser')}
              placeholder={t('list.allAdvertisers')}
              value={parseId(filters.advertiser_id) || null}
              onChange={(choice) => list.setFilter('advertiser_id', choice ? String(choice.id) : null)}
              testId="creatives-advertiser-filter"
              w={220}
            />
            {isStaff ? (
              <>
                <Select
                  label={t('list.exchange')}
                  placeholder={t('list.allExchanges')}
                  searchable
                  clearable
                  value={filters.exchange_id ?? null}
                  onChange={(value) =>
                    list.update({
                      filters: {
                        exchange_id: value,
                        exchange_state: value ? (filters.exchange_state ?? null) : null,
                      },
                    })
                  }
                  data={(exchanges.data ?? []).map((exchange) => ({
                    value: String(exchange.id),
                    label: exchange.name,
                  }))}
                  nothingFoundMessage={t('list.noExchange')}
                  w={180}
                  data-testid="creatives-exchange-filter"
                />
                <NativeSelect
                  label={t('list.exchangeState')}
                  value={filters.exchange_state ?? ''}
                  disabled={!filters.exchange_id}
                  onChange={(event) => list.setFilter('exchange_state', event.currentTarget.value || null)}
                  data={[
                    { value: '', label: t('list.anyState') },
                    ...CREATIVE_APPROVAL_STATES.map((state) => ({
                      value: state,
                      label: t(`exchangeState.${state}`),
                    })),
                  ]}
                  data-testid="creatives-exchange-state-filter"
                />
              </>
            ) : null}
          </>
        }
      />
      {editorWanted.current ? (
        <Suspense fallback={null}>
          <CreativeEditorModal
            target={editor}
            onClose={() => setEditor(null)}
            onSaved={(creative) => {
              // A new creative opens where it can be checked; an edit stays in the list.
              if (editor?.kind === 'create') {
                const to = href('creative.view', { id: creative.creative_primary_id });
                if (to) navigate(to);
              }
            }}
          />
        </Suspense>
      ) : null}
    </PageFrame>
  );
};

export default CreativeListPage;
