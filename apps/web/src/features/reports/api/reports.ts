// The report calls (/api/report): list, one report (polled while it generates), create, update,
// delete, generate, the quick summary, result pages, the CSV link and the user's event config.
import type { CampaignListItem } from '@console/core/api/campaigns';
import type {
  EventConfigItem,
  ReportCreateBody,
  ReportDetail,
  ReportListItem,
  ReportRowsPage,
  ReportSummary,
} from '@console/core/api/reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import { downloadCsvLink } from '../../../components/download-flow.ts';
import {
  apiDelete,
  apiPost,
  apiPut,
  fetchData,
  type Query,
  unwrapResult,
} from '../../../lib/http/api-client.ts';

export const REPORTS_KEY = ['reports'] as const;

export const useReports = (query: Query) =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'list', query],
    queryFn: () => fetchData<DataPage<ReportListItem>>('/api/report/get', query),
    placeholderData: keepPreviousData,
  });

const isGenerating = (report: ReportDetail | undefined) =>
  report?.status === 'QUEUED' || report?.status === 'RUNNING';

/** One report; polled while it is queued or running, so its page shows the progress. */
export const useReport = (id: number | null) =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'one', id],
    queryFn: () => fetchData<ReportDetail>(`/api/report/getSingle/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (isGenerating(query.state.data) ? 1000 : false),
  });

export const useReportRows = (id: number, query: Query, enabled: boolean) =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'rows', id, query],
    queryFn: () => fetchData<ReportRowsPage>(`/api/report/rows/${id}`, query),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useEventConfig = () =>
  useQuery({
    queryKey: [...REPORTS_KEY, 'event-config'],
    queryFn: () => fetchData<(EventConfigItem & { label: string })[]>('/api/report/event-config'),
  });

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: REPORTS_KEY });
};

export type ReportBody = Omit<ReportCreateBody, 'advertiser_id'> & { advertiser_id?: number };

export const useSaveReport = (id: number | null) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: ReportBody) =>
      unwrapResult(
        id === null
          ? await apiPost<ReportDetail>('/api/report/create', body)
          : await apiPut<ReportDetail>(`/api/report/update/${id}`, body),
      ),
    onSuccess: refresh,
  });
};

export const useReportActions = () => {
  const refresh = useRefresh();
  return {
    generate: useMutation({
      mutationFn: async (id: number) =>
        unwrapResult(await apiPost<ReportDetail>(`/api/report/generate/${id}`)),
      onSuccess: refresh,
    }),
    summarise: useMutation({
      mutationFn: async (id: number) =>
        unwrapResult(await apiPost<ReportSummary>(`/api/report/generatebasic/${id}`)),
    }),
    remove: useMutation({
      mutationFn: async (id: number) => unwrapResult(await apiDelete(`/api/report/delete/${id}`)),
      onSuccess: refresh,
    }),
  };
};

/** A report's CSV through the console's download flow. */
export const downloadReportCsv = (report: { report_id: number; name: string }) =>
  downloadCsvLink(`${report.name.replace(/[^\w\- ]+/g, '').trim() || 'report'}.csv`, () =>
    apiPost(`/api/report/csv/${report.report_id}`),
  );

/** The caller's campaigns (the first 100 by name) to filter a report or an export by. */
export const useCampaignChoices = () =>
  useQuery({
    queryKey: ['report-campaign-choices'],
    queryFn: () =>
      fetchData<DataPage<CampaignListItem>>('/api/campaigns', { limit: 100, sort: 'name', order: 'asc' }),
  });

/** The running-apps export of the days and campaigns chosen (default file name RunningApps.csv). */
export const downloadRunningApps = (
  fileName: string,
  filters: { date_from: string; date_to: string; campaign_ids?: number[] },
) => downloadCsvLink(fileName, () => apiPost('/api/report/running-apps', filters));
