// GET /api/admin/agencies as choices (the agency an advertiser is assigned to).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAgencies } from './list-agencies.ts';

export const agencyChoicesQuery = () =>
  queryOptions({
    queryKey: ['admin-agencies', 'choices'] as const,
    queryFn: () => listAgencies({ limit: 100, sort: 'companyName', order: 'asc' }),
    staleTime: 60_000,
  });

export const useAgencyChoices = () => useQuery(agencyChoicesQuery());
