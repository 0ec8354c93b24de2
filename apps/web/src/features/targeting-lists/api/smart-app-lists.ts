// The smart-app list calls: reading (/api/smart-app-lists, every role) and curating
// (/api/admin/smart-app-lists, admin and co-admin).
import type { EntryPage } from '@console/core/api/inventory-lists';
import type { SmartAppCategory } from '@console/core/api/reference';
import type { SmartAppListItem } from '@console/core/api/smart-app-lists';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import {
  apiDelete,
  apiPost,
  apiPut,
  fetchData,
  type Query,
  unwrapResult,
} from '../../../lib/http/api-client.ts';

export const SMART_APPS_KEY = ['smart-app-lists'] as const;

export const useSmartAppLists = (query: Query) =>
  useQuery({
    queryKey: [...SMART_APPS_KEY, 'list', query],
    queryFn: () => fetchData<DataPage<SmartAppListItem>>('/api/smart-app-lists', query),
    placeholderData: keepPreviousData,
  });

export const useSmartAppList = (id: number | null) =>
  useQuery({
    queryKey: [...SMART_APPS_KEY, 'one', id],
    queryFn: () => fetchData<SmartAppListItem>(`/api/smart-app-lists/${id}`),
    enabled: id !== null,
  });

export const useSmartAppListApps = (id: number | null, query: Query) =>
  useQuery({
    queryKey: [...SMART_APPS_KEY, 'apps', id, query],
    queryFn: () => fetchData<EntryPage>(`/api/smart-app-lists/${id}/apps`, query),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

export type SmartAppListInput = {
  name: string;
  description: string;
  category_id: number;
  genre_id: number | null;
  subgenre_id: number | null;
  apps?: string[];
};

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SMART_APPS_KEY });
};

export const useSaveSmartAppList = (id: number | null) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: SmartAppListInput) =>
      unwrapResult(
        id === null
          ? await apiPost<SmartAppListItem>('/api/admin/smart-app-lists', body)
          : await apiPut<SmartAppListItem>(`/api/admin/smart-app-lists/${id}`, body),
      ),
    onSuccess: refresh,
  });
};

export const useEditSmartApps = (id: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { add: string[]; remove: string[] }) =>
      unwrapResult(
        await apiPost<{ added: number; removed: number; rejected: number; app_count: number }>(
          `/api/admin/smart-app-lists/${id}/apps`,
          body,
        ),
      ),
    onSuccess: refresh,
  });
};

export const useDeleteSmartAppList = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrapResult(await apiDelete<{ list_id: number }>(`/api/admin/smart-app-lists/${id}`)),
    onSuccess: refresh,
  });
};

/** The smart-app taxonomy (category -> genres -> subgenres) to place a list on. */
export const useTaxonomy = () =>
  useQuery({
    queryKey: ['meta-data', 'smart-app-categories'],
    queryFn: () => fetchData<SmartAppCategory[]>('/api/meta-data/smart-app-categories'),
    staleTime: 60_000,
  });
