// GET /api/meta-data/browser: browsers as the user-agent parser names them.
import type { Browser } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const listBrowsersQueryOptions = () =>
  queryOptions({
    queryKey: ['meta-data', 'browser'],
    queryFn: () => fetchData<Browser[]>('/api/meta-data/browser'),
    staleTime: 30 * 60_000,
  });

export const useBrowsers = (enabled = true) => useQuery({ ...listBrowsersQueryOptions(), enabled });
