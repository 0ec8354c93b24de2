// GET /api/admin/agencies: agencies with their advertiser counts and custom domains, paged, sorted
// and searched.
import type { agencyListItem } from '@console/core/api/agencies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import { fetchData } from '../../../lib/http/api-client.ts';

export type AgencyListItem = z.infer<typeof agencyListItem>;
export type AgenciesQuery = Record<string, string | number | undefined>;

export const agenciesQueryKey = (query: AgenciesQuery) => ['admin-agencies', 'list', query] as const;

export const listAgencies = (query: AgenciesQuery) =>
  fetchData<DataPage<AgencyListItem>>('/api/admin/agencies', query);

export const listAgenciesOptions = (query: AgenciesQuery) =>
  queryOptions({
    queryKey: agenciesQueryKey(query),
    queryFn: () => listAgencies(query),
    placeholderData: keepPreviousData,
  });

export const useAgencies = (query: AgenciesQuery) => useQuery(listAgenciesOptions(query));
