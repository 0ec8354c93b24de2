import { okResponse } from '@console/core/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { readBalanceMicros } from './ledger-accounts.ts';

/** The spec's `campaning` family keeps its spelling (section 7). */
export const balanceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/getAdvertiserBalance',
      {
        config: { access: 'balance.read' },
        schema: {
          operationId: 'getAdvertiserBalance',
          tags: ['funds'],
          summary:
            "The advertiser's balance in micro-units (1 USD = 1,000,000), its account's running balance",
          security: bearer,
          response: withErrors(okResponse(z.number().int())),
        },
      },
      async (request) => ({
        success: true as const,
        data: Number(await readBalanceMicros(deps.db, principalOf(request).userId)),
      }),
    );
  };
