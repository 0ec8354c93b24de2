// GET /api/admin/dsp/:id: one connection, its credentials as hints only.
import type { Dsp } from '@console/core/api/dsps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const getDsp = (id: number): Promise<Dsp> => fetchData<Dsp>(`/api/admin/dsp/${id}`);

export const getDspQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['dsps', 'detail', id], queryFn: () => getDsp(id) });

export const useDsp = (id: number) => useQuery({ ...getDspQueryOptions(id), enabled: id > 0 });
