// GET /api/campaigns (every campaign the caller may see) and GET /api/campaigns/advertiser/:id (one
// advertiser's): paged, sorted, filtered by status, advertiser and flight dates, searched by name.
// The total is capped at LIST_COUNT_CAP (`total_exact: false` means "1,000+"); an admin's search
// over many campaigns may estimate it (`total_is_estimate`: "about 8,300").
import type { CampaignListItem } from '@console/core/api/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export type CampaignPage = {
  items: CampaignListItem[];
  total: number;
  total_exact: boolean;
  total_is_estimate: boolean;
  page: number;
  limit: number;
};
export type CampaignListQuery = Record<string, string | number | undefined>;

export const listCampaigns = (query: CampaignListQuery, advertiserId?: number): Promise<CampaignPage> =>
  fetchData<CampaignPage>(
    advertiserId ? `/api/campaigns/advertiser/${advertiserId}` : '/api/campaigns',
    query,
  );

export const listCampaignsQueryOptions = (query: CampaignListQuery, advertiserId?: number) =>
  queryOptions({
    queryKey: ['campaigns', 'list', advertiserId ?? 'all', query],
    queryFn: () => listCampaigns(query, advertiserId),
    placeholderData: keepPreviousData,
  });

export const useCampaigns = (query: CampaignListQuery, advertiserId?: number) =>
  useQuery(listCampaignsQueryOptions(query, advertiserId));
