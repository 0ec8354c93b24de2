// GET /api/admin/users?role=ADVERTISER&q=: advertisers to choose from, searched on the server.
import type { UserListItem } from '@console/core/api/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import { fetchData } from '../../../lib/http/api-client.ts';

export const ADVERTISER_OPTIONS_LIMIT = 50;

export const advertiserOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['advertiser-options', q] as const,
    queryFn: () =>
      fetchData<DataPage<UserListItem>>('/api/admin/users', {
        role: 'ADVERTISER',
        q: q || undefined,
        limit: ADVERTISER_OPTIONS_LIMIT,
        sort: 'companyName',
        order: 'asc',
      }),
    placeholderData: keepPreviousData,
  });

export const useAdvertiserOptions = (q: string) => useQuery(advertiserOptionsQuery(q));
