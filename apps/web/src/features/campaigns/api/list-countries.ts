// GET /api/meta-data/country: every country (ISO 3166-1 alpha-2 id and name).
import type { Country } from '@console/core/api/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const listCountriesQueryOptions = () =>
  queryOptions({
    queryKey: ['meta-data', 'country'],
    queryFn: () => fetchData<Country[]>('/api/meta-data/country'),
    staleTime: 30 * 60_000,
  });

export const useCountries = (enabled = true) => useQuery({ ...listCountriesQueryOptions(), enabled });
