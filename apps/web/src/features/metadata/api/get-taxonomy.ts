// GET /api/meta-data/smart-app-categories: the whole smart-app taxonomy (category -> genres ->
// subgenres), ordered by name at each level.
import type { SmartAppCategory } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const getTaxonomy = (): Promise<SmartAppCategory[]> =>
  fetchData<SmartAppCategory[]>('/api/meta-data/smart-app-categories');

export const taxonomyQueryOptions = () =>
  queryOptions({ queryKey: ['metadata', 'taxonomy'], queryFn: getTaxonomy });

export const useTaxonomy = () => useQuery(taxonomyQueryOptions());
