// The choices of the dashboard's filters: the caller's campaigns (GET /api/campaigns, the first 100
// by name, the server's scope), the active exchanges and every country (GET /api/meta-data/...).
import type { Country, Exchange } from '@console/core/api/reference';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

type CampaignItem = { campaign_id: number; name: string };
type Choice = { value: string; label: string };

export const useCampaignChoices = (advertiserId: number | null) =>
  useQuery({
    queryKey: ['dashboard', 'campaign-choices', advertiserId] as const,
    queryFn: async (): Promise<Choice[]> => {
      const page = await fetchData<{ items: CampaignItem[] }>('/api/campaigns', {
        limit: 100,
        sort: 'name',
        order: 'asc',
        advertiser_id: advertiserId ?? undefined,
      });
      return page.items.map((item) => ({ value: String(item.campaign_id), label: item.name }));
    },
    staleTime: 60_000,
  });

export const useExchangeChoices = () =>
  useQuery({
    queryKey: ['meta-data', 'exchange', 'choices'] as const,
    queryFn: async (): Promise<Choice[]> =>
      (await fetchData<Exchange[]>('/api/meta-data/exchange')).map((exchange) => ({
        value: String(exchange.id),
        label: exchange.name,
      })),
    staleTime: 5 * 60_000,
  });

export const useCountryChoices = () =>
  useQuery({
    queryKey: ['meta-data', 'country', 'choices'] as const,
    queryFn: async (): Promise<Choice[]> =>
      (await fetchData<Country[]>('/api/meta-data/country')).map((country) => ({
        value: country.id,
        label: country.name,
      })),
    staleTime: 30 * 60_000,
  });
