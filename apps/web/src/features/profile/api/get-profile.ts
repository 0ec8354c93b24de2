// GET /api/auth/profile: the signed-in (effective) user's own account.
import type { User } from '@console/core/api/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const getProfile = (): Promise<User> => fetchData<User>('/api/auth/profile');

export const getProfileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export const useProfile = () => useQuery(getProfileQueryOptions());
