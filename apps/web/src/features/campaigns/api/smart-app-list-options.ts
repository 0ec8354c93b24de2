// GET /api/smart-app-lists?q=: the admin-curated smart-app lists a campaign may target (every role),
// searched by name on the server, with their app counts.
import type { SmartAppListItem } from '@console/core/api/smart-app-lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import { fetchData } from '../../../lib/http/api-client.ts';

export const useSmartAppListOptions = (q: string, enabled = true) =>
  useQuery({
    queryKey: ['campaigns', 'smart-app-list-options', q],
    queryFn: () =>
      fetchData<DataPage<SmartAppListItem>>('/api/smart-app-lists', {
        q: q || undefined,
        limit: 50,
        sort: 'name',
        order: 'asc',
      }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
