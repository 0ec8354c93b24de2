// The inventory-list calls (/api/applists): the list, one list, its entries, creating, renaming,
// adding and removing entries, deleting, the DSP association ids. Each export is one call with its
// query options (owning the key) and hook; the mutations refresh what they change.
import type {
  ApplistAssocEntry,
  ApplistDetail,
  ApplistListItem,
  EntryEditResult,
  EntryPage,
} from '@console/core/api/inventory-lists';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import {
  apiDelete,
  apiPatch,
  apiPost,
  apiPut,
  fetchData,
  type Query,
  unwrapResult,
} from '../../../lib/http/api-client.ts';

export const APPLISTS_KEY = ['applists'] as const;

export const useApplists = (query: Query) =>
  useQuery(
    queryOptions({
      queryKey: [...APPLISTS_KEY, 'list', query],
      queryFn: () => fetchData<DataPage<ApplistListItem>>('/api/applists', query),
      placeholderData: keepPreviousData,
    }),
  );

export const applistQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: [...APPLISTS_KEY, 'one', id],
    queryFn: () => fetchData<ApplistDetail>(`/api/applists/${id}`),
    enabled: id !== null,
  });
export const useApplist = (id: number | null) => useQuery(applistQueryOptions(id));

export const useApplistEntries = (id: number | null, query: Query) =>
  useQuery({
    queryKey: [...APPLISTS_KEY, 'entries', id, query],
    queryFn: () => fetchData<EntryPage>(`/api/applists/${id}/entries`, query),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

const useRefreshApplists = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: APPLISTS_KEY });
};

export type ApplistCreateInput = {
  name: string;
  kind: 'APP' | 'SITE';
  default_mode: 'ALLOW' | 'BLOCK';
  advertiser_id?: number;
  entries?: string[];
};

export const useCreateApplist = () => {
  const refresh = useRefreshApplists();
  return useMutation({
    mutationFn: async (body: ApplistCreateInput) =>
      unwrapResult(await apiPost<ApplistDetail>('/api/applists', body)),
    onSuccess: refresh,
  });
};

export const useUpdateApplist = (id: number) => {
  const refresh = useRefreshApplists();
  return useMutation({
    mutationFn: async (body: { name?: string; default_mode?: 'ALLOW' | 'BLOCK' }) =>
      unwrapResult(await apiPatch<ApplistDetail>(`/api/applists/${id}`, body)),
    onSuccess: refresh,
  });
};

export const useEditApplistEntries = (id: number) => {
  const refresh = useRefreshApplists();
  return useMutation({
    mutationFn: async (body: { add: string[]; remove: string[] }) =>
      unwrapResult(await apiPost<EntryEditResult>(`/api/applists/${id}/entries`, body)),
    onSuccess: refresh,
  });
};

export const useDeleteApplist = () => {
  const refresh = useRefreshApplists();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrapResult(await apiDelete<{ applist_id: number }>(`/api/applists/${id}`)),
    onSuccess: refresh,
  });
};

export const useSetApplistAssocMap = (id: number) => {
  const refresh = useRefreshApplists();
  return useMutation({
    mutationFn: async (entries: ApplistAssocEntry[]) =>
      unwrapResult(
        await apiPut<ApplistDetail>(`/api/admin/applists/${id}/assoc-map`, { applist_assoc_map: entries }),
      ),
    onSuccess: refresh,
  });
};
