// Reach and spend forecasts: GET /api/campaigns/:id/forecast for a stored campaign, POST
// /api/campaigns/forecast for the form's settings (an unsaved or edited campaign).
import type { CampaignForecast } from '@console/core/api/forecast';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost, fetchData, unwrapResult } from '../../../lib/http/api-client.ts';

export const useCampaignForecast = (id: number) =>
  useQuery({
    queryKey: ['campaigns', 'forecast', id],
    queryFn: () => fetchData<CampaignForecast>(`/api/campaigns/${id}/forecast`),
    enabled: id > 0,
  });

/** The forecast of form settings; `body` null: not ready to ask (no bid, no advertiser yet). */
export const useDraftForecast = (body: Record<string, unknown> | null) =>
  useQuery({
    queryKey: ['campaigns', 'forecast', 'draft', body],
    queryFn: async () => unwrapResult(await apiPost<CampaignForecast>('/api/campaigns/forecast', body)),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
