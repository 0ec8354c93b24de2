// GET /api/admin/agencies as choices (the agency of a new advertiser; the agency filter).

import type { agencyListItem } from '@console/core/api/agencies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import { fetchData } from '../../../lib/http/api-client.ts';

export type AgencyOption = z.infer<typeof agencyListItem>;

export const agencyOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['agency-options', q] as const,
    queryFn: () =>
      fetchData<DataPage<AgencyOption>>('/api/admin/agencies', {
        q: q || undefined,
        limit: 100,
        sort: 'companyName',
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useAgencyOptions = (q = '') => useQuery(agencyOptionsQuery(q));
