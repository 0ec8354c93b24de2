// GET /api/admin/users: paged, sorted, filtered (role, status, agency) and searched.
import type { UserListItem } from '@console/core/api/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import { fetchData } from '../../../lib/http/api-client.ts';

export type UsersQuery = Record<string, string | number | undefined>;

export const usersQueryKey = (query: UsersQuery) => ['admin-users', 'list', query] as const;

export const listUsers = (query: UsersQuery) => fetchData<DataPage<UserListItem>>('/api/admin/users', query);

export const listUsersOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: usersQueryKey(query),
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersQuery) => useQuery(listUsersOptions(query));
