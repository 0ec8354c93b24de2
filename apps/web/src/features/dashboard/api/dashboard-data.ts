// GET {base}/overview, {base}/chart and {base}/performance/:dimension, where the base follows the
// role: /api/dashboard (advertiser), /api/agency/dashboard, /api/admin/dashboard (admin, co-admin).
import type {
  DashboardChart,
  DashboardDimension,
  DashboardOverview,
  PerformancePage,
  PerformanceSort,
} from '@console/core/api/dashboard';
import type { Role } from '@console/core/roles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';
import type { DashboardFilters } from '../dashboard-preferences.ts';

const BASE: Record<Role, string> = {
  ADVERTISER: '/api/dashboard',
  AGENCY: '/api/agency/dashboard',
  ADMIN: '/api/admin/dashboard',
  'CO-ADMIN': '/api/admin/dashboard',
};

export type DashboardRequest = {
  role: Role;
  from: string;
  to: string;
  tz: string;
  compare: boolean;
  filters: DashboardFilters;
};

const queryOf = (request: DashboardRequest) => ({
  from: request.from,
  to: request.to,
  tz: request.tz,
  compare: String(request.compare),
  campaign_ids: request.filters.campaign_ids.join(',') || undefined,
  exchange_ids: request.filters.exchange_ids.join(',') || undefined,
  countries: request.filters.countries.join(',') || undefined,
  advertiser_id: request.role === 'ADVERTISER' ? undefined : (request.filters.advertiser_id ?? undefined),
});

export const useDashboardOverview = (request: DashboardRequest) =>
  useQuery({
    queryKey: ['dashboard', 'overview', queryOf(request), request.role] as const,
    queryFn: () => fetchData<DashboardOverview>(`${BASE[request.role]}/overview`, queryOf(request)),
    placeholderData: keepPreviousData,
  });

export const useDashboardChart = (request: DashboardRequest, granularity: 'hour' | 'day') =>
  useQuery({
    queryKey: ['dashboard', 'chart', queryOf(request), request.role, granularity] as const,
    queryFn: () =>
      fetchData<DashboardChart>(`${BASE[request.role]}/chart`, { ...queryOf(request), granularity }),
    placeholderData: keepPreviousData,
  });

export type TablePaging = { page: number; limit: number; sort: PerformanceSort; order: 'asc' | 'desc' };

export const usePerformance = (
  request: DashboardRequest,
  dimension: DashboardDimension,
  paging: TablePaging,
) =>
  useQuery({
    queryKey: ['dashboard', 'performance', dimension, queryOf(request), request.role, paging] as const,
    queryFn: () =>
      fetchData<PerformancePage>(`${BASE[request.role]}/performance/${dimension}`, {
        ...queryOf(request),
        ...paging,
      }),
    placeholderData: keepPreviousData,
  });
