// GET /api/meta-data/exchange: the exchanges a DSP connection may be set to reach.
import type { Exchange } from '@console/core/api/reference';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export const useDspExchangeChoices = () =>
  useQuery({
    queryKey: ['dsp', 'exchange-choices'],
    queryFn: () => fetchData<Exchange[]>('/api/meta-data/exchange'),
    staleTime: 5 * 60_000,
  });
