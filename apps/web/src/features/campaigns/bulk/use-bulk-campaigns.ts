// The campaigns a bulk page works on: the selection starts from the URL (`?ids=1,2,3`, what the list
// page sends) and is mirrored back into it as the user ticks rows, so a reload keeps it; the
// selectable list is
// the server's campaign list (paged, sorted, filtered by status and advertiser, searched), and what
// is known of each selected campaign (name, status, values) comes from the rows seen so far or,
// for ids that came from the URL and are not on screen, from their detail.
import type { CampaignListItem } from '@console/core/api/campaigns';
import { BULK_MAX_IDS } from '@console/core/api/campaigns-constants';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { type ListParamsControl, useListParams } from '../../../components/data-table/use-list-params.ts';
import { getCampaignQueryOptions } from '../api/get-campaign.ts';
import { useCampaigns } from '../api/list-campaigns.ts';
import { formatIdsParam } from '../components/campaign-format.ts';
import { applyTableSelection, readSelection } from './bulk-model.ts';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'created_at',
  order: 'desc',
  filterKeys: ['status', 'advertiser_id'],
};

/** Details fetched at most for this many selected ids that no list row has shown. */
const DETAIL_LOOKUPS = 50;

export type KnownCampaign = Pick<
  CampaignListItem,
  | 'campaign_id'
  | 'name'
  | 'status'
  | 'advertiser'
  | 'bid_micros'
  | 'min_bid_micros'
  | 'max_bid_micros'
  | 'price_model'
  | 'exchange_counts'
>;

export type BulkCampaigns = {
  list: ListParamsControl;
  query: ReturnType<typeof useCampaigns>;
  ids: number[];
  isOverLimit: boolean;
  setIds: (ids: number[]) => void;
  /** For the DataTable's `selection`. */
  selectedKeys: Set<string>;
  onTableSelection: (next: Set<string>) => void;
  /** What is known of the selected campaigns, by id. */
  known: ReadonlyMap<number, KnownCampaign>;
};

export const useBulkCampaigns = (tableId: string): BulkCampaigns => {
  const [search, setSearch] = useSearchParams();
  const [ids, setIds] = useState<number[]>(() => readSelection(search.get('ids')).ids);
  const isOverLimit = ids.length > BULK_MAX_IDS;
  // The selection is this page's state; the URL follows it. Written from the address bar as it is
  // now (not a render's copy), so that the list's own params (page, search, filters) are kept, and
  // written again when a list change carried an older selection.
  useEffect(() => {
    const current = new URLSearchParams(window.location.search);
    const text = formatIdsParam(ids);
    if ((current.get('ids') ?? '') === text) return;
    if (text) current.set('ids', text);
    else current.delete('ids');
    setSearch(current, { replace: true, preventScrollReset: true });
  }, [ids, setSearch]); // setSearch changes with every URL change: a list change re-checks the ids

  const list = useListParams(tableId, LIST_OPTIONS);
  const query = useCampaigns(list.query);

  const [seen, setSeen] = useState<ReadonlyMap<number, KnownCampaign>>(() => new Map());
  useEffect(() => {
    const items = query.data?.items;
    if (!items || items.length === 0) return;
    setSeen((current) => {
      const next = new Map(current);
      for (const item of items) next.set(item.campaign_id, item);
      return next;
    });
  }, [query.data]);

  const missing = ids.filter((id) => !seen.has(id)).slice(0, DETAIL_LOOKUPS);
  const details = useQueries({
    queries: missing.map((id) => ({ ...getCampaignQueryOptions(id), retry: false, staleTime: 30_000 })),
  });

  const known = useMemo(() => {
    const map = new Map<number, KnownCampaign>();
    for (const detail of details) if (detail.data) map.set(detail.data.campaign_id, detail.data);
    for (const id of ids) {
      const row = seen.get(id);
      if (row) map.set(id, row);
    }
    return map;
  }, [details, seen, ids]);

  const selectedKeys = useMemo(() => new Set(ids.map(String)), [ids]);
  const onTableSelection = useCallback(
    (next: Set<string>) => setIds((current) => applyTableSelection(current, next)),
    [],
  );

  return {
    list,
    query,
    ids,
    isOverLimit,
    setIds,
    selectedKeys,
    onTableSelection,
    known,
  };
};
