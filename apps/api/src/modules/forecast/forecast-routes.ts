// HTTP of the campaign forecasts, under /api/campaigns: every signed-in role, the
// campaign's (or the chosen advertiser's) scope checked by the service (404 outside it).
import { campaignIdParams } from '@console/core/api/campaigns';
import { okResponse } from '@console/core/api/common';
import { campaignForecast, campaignForecastBody } from '@console/core/api/forecast';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { createForecastService, type ForecastOptions } from './forecast-service.ts';

const schemaBase = { tags: ['campaigns'], security: bearer };
const HOW =
  'From the bidder’s sample of recent bid requests (1 in sample_rate, last 7 days) run through the ' +
  'bidder’s own targeting, floors and creative fit, and the win rate observed by bid price (with a ' +
  'prior when data is thin), against the other active campaigns in the bidder’s own auction (one bid ' +
  'per imp); wins and spend are capped by the daily budget, for an average day and the next 7 days.';

export const forecastRoutes =
  (deps: AppDeps, options: ForecastOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createForecastService(deps, options);
    service.start();
    app.addHook('onClose', async () => service.stop());

    app.post(
      '/forecast',
      {
        config: { access: 'forecast.read' },
        schema: {
          ...schemaBase,
          operationId: 'getDraftCampaignForecast',
          summary: 'Daily reach and spend forecast of campaign settings (an unsaved campaign)',
          description: `Daily available impressions, unique users, wins and spend for the campaign form's targeting, bid, budgets, exchanges and creatives. ${HOW}`,
          body: campaignForecastBody,
          response: withErrors(okResponse(campaignForecast)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.forDraft(principalOf(request), request.body),
      }),
    );

    app.get(
      '/:id/forecast',
      {
        config: { access: 'forecast.read' },
        schema: {
          ...schemaBase,
          operationId: 'getCampaignForecast',
          summary: "Daily reach and spend forecast of a stored campaign's settings",
          description: `Daily available impressions, unique users, wins and spend of one campaign's current settings. ${HOW}`,
          params: campaignIdParams,
          response: withErrors(okResponse(campaignForecast)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.forCampaign(principalOf(request), request.params.id),
      }),
    );
  };
