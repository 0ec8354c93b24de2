// GET /api/admin/users/:id
import type { UserListItem } from '@console/core/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const userQueryKey = (id: number) => ['admin-users', 'detail', id] as const;

export const getUser = (id: number) => fetchData<UserListItem>(`/api/admin/users/${id}`);

export const getUserOptions = (id: number) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: () => getUser(id), enabled: id > 0 });

export const useUser = (id: number) => useQuery(getUserOptions(id));
