// The audience calls (/api/audiences): the list, one audience, a rule audience, renaming, status
// moves (archive) and the rule's refresh. Uploads go through list-imports.ts.
import type { AudienceDetail, AudienceListItem, AudienceRule } from '@console/core/api/audiences';
import type { AudienceStatus } from '@console/core/audience-status';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import { apiPatch, apiPost, fetchData, type Query, unwrapResult } from '../../../lib/http/api-client.ts';

export const AUDIENCES_KEY = ['audiences'] as const;

export const useAudiences = (query: Query) =>
  useQuery({
    queryKey: [...AUDIENCES_KEY, 'list', query],
    queryFn: () => fetchData<DataPage<AudienceListItem>>('/api/audiences', query),
    placeholderData: keepPreviousData,
  });

/** One audience; polled while it is processing, so its page shows it becoming ready. */
export const useAudience = (id: number | null) =>
  useQuery({
    queryKey: [...AUDIENCES_KEY, 'one', id],
    queryFn: () => fetchData<AudienceDetail>(`/api/audiences/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'PROCESSING' ? 1000 : false),
  });

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: AUDIENCES_KEY });
};

export const useCreateRuleAudience = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { name: string; advertiser_id?: number; rule: AudienceRule }) =>
      unwrapResult(await apiPost<AudienceDetail>('/api/audiences', body)),
    onSuccess: refresh,
  });
};

export const useAudienceActions = (id: number) => {
  const refresh = useRefresh();
  return {
    rename: useMutation({
      mutationFn: async (name: string) =>
        unwrapResult(await apiPatch<AudienceDetail>(`/api/audiences/${id}`, { name })),
      onSuccess: refresh,
    }),
    move: useMutation({
      mutationFn: async (to: AudienceStatus) =>
        unwrapResult(await apiPost<AudienceDetail>(`/api/audiences/${id}/status`, { to })),
      onSuccess: refresh,
    }),
    refreshRule: useMutation({
      mutationFn: async () => unwrapResult(await apiPost<AudienceDetail>(`/api/audiences/${id}/refresh`)),
      onSuccess: refresh,
    }),
  };
};
