// GET /api/admin/dsp/list: connections, paged, sorted and filtered by type and status.
import type { Dsp } from '@console/core/api/dsps';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export type DspPage = { items: Dsp[]; total: number; page: number; limit: number };
export type DspListQuery = Record<string, string | number | undefined>;

export const listDsps = (query: DspListQuery): Promise<DspPage> =>
  fetchData<DspPage>('/api/admin/dsp/list', query);

export const listDspsQueryOptions = (query: DspListQuery) =>
  queryOptions({
    queryKey: ['dsps', 'list', query],
    queryFn: () => listDsps(query),
    placeholderData: keepPreviousData,
  });

export const useDsps = (query: DspListQuery) => useQuery(listDspsQueryOptions(query));
