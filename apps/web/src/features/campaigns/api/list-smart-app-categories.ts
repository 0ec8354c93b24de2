// GET /api/meta-data/smart-app-categories: the smart-app taxonomy (category -> genres -> subgenres).
import type { SmartAppCategory } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const listSmartAppCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['meta-data', 'smart-app-categories'],
    queryFn: () => fetchData<SmartAppCategory[]>('/api/meta-data/smart-app-categories'),
    staleTime: 30 * 60_000,
  });

export const useSmartAppCategories = (enabled = true) =>
  useQuery({ ...listSmartAppCategoriesQueryOptions(), enabled });
