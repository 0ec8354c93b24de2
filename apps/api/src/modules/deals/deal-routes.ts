import { messageResponse, okResponse } from '@console/core/api/common';
import { DEAL_MESSAGES, dealInputSchema, dealListQuery, dealSchema } from '@console/core/api/deals';
import { int4IdParams } from '@console/core/api/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { createDeal, deleteDeal, listDeals, updateDeal } from './deal-service.ts';

const schemaBase = { tags: ['deals'], security: bearer };

/** /api/deals: private-marketplace deals; staff record them, every role reads those it may use. */
export const dealRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: 'deal.read' },
        schema: {
          ...schemaBase,
          operationId: 'listDeals',
          summary: "The deals the caller's advertisers may target, of some exchanges (all when none named)",
          querystring: dealListQuery,
          response: withErrors(okResponse(z.array(dealSchema))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listDeals(deps.db, principalOf(request), request.query.exchange_ids),
      }),
    );
    app.post(
      '/',
      {
        config: { access: 'deal.manage', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'createDeal',
          summary: 'Record a deal of an exchange',
          body: dealInputSchema,
          response: withErrors(okResponse(dealSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: DEAL_MESSAGES.created,
        data: await createDeal(deps.db, principalOf(request), request.body),
      }),
    );
    app.put(
      '/:id',
      {
        config: { access: 'deal.manage' },
        schema: {
          ...schemaBase,
          operationId: 'updateDeal',
          summary: 'Edit a deal',
          params: int4IdParams,
          body: dealInputSchema,
          response: withErrors(okResponse(dealSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: DEAL_MESSAGES.updated,
        data: await updateDeal(deps.db, principalOf(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/:id',
      {
        config: { access: 'deal.manage' },
        schema: {
          ...schemaBase,
          operationId: 'deleteDeal',
          summary: 'Delete a deal and take it off the campaigns that target it',
          description:
            'Each campaign that targets the deal loses it from its deal_ids (recorded in its change log). ' +
            'Refused with 409, naming the campaigns, while the deal is the only one of a campaign that buys only through its deals.',
          params: int4IdParams,
          response: withErrors(messageResponse),
        },
      },
      async (request) => {
        const detached = await deleteDeal(deps.db, principalOf(request), request.params.id);
        return {
          success: true as const,
          message: detached > 0 ? DEAL_MESSAGES.deletedFrom(detached) : DEAL_MESSAGES.deleted,
        };
      },
    );
  };
