// GET /api/meta-data/language: every language a campaign may target.
import type { Language } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const listLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: ['meta-data', 'language'],
    queryFn: () => fetchData<Language[]>('/api/meta-data/language'),
    staleTime: 30 * 60_000,
  });

export const useLanguages = (enabled = true) => useQuery({ ...listLanguagesQueryOptions(), enabled });
