// GET /api/admin/users/:id for the agency's own account (name, e-mail, status) on its pages.
import type { UserListItem } from '@console/core/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const agencyUserOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin-users', 'detail', id] as const,
    queryFn: () => fetchData<UserListItem>(`/api/admin/users/${id}`),
    enabled: id > 0,
  });

export const useAgencyUser = (id: number) => useQuery(agencyUserOptions(id));
