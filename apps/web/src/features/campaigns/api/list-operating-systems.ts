// GET /api/meta-data/os: operating systems with their versions (names of saved OS targeting ids).
import type { OperatingSystem } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const listOperatingSystemsQueryOptions = () =>
  queryOptions({
    queryKey: ['meta-data', 'os'],
    queryFn: () => fetchData<OperatingSystem[]>('/api/meta-data/os'),
    staleTime: 30 * 60_000,
  });

export const useOperatingSystems = (enabled = true) =>
  useQuery({ ...listOperatingSystemsQueryOptions(), enabled });
