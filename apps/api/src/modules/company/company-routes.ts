import { okResponse } from '@console/core/api/common';
import { companyConfigSchema } from '@console/core/api/company-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { withErrors } from '../../platform/route-schemas.ts';
import { findCompanyForHost, toCompanyConfig } from './company-config-service.ts';

/** Public start-up reads of the console, under /api/auth as the spec's endpoint family has them. */
export const companyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/agency-config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['config'],
          operationId: 'getAgencyConfig',
          summary: "The white-label company config for the request's host",
          description:
            "The white-label company config for the request's host (agency custom domain, else the platform's)",
          response: withErrors(okResponse(companyConfigSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: toCompanyConfig(await findCompanyForHost(deps.db, request.headers.host)),
      }),
    );

    app.get(
      '/payload-key',
      {
        config: { access: 'public' },
        schema: {
          tags: ['config'],
          operationId: 'getPayloadKey',
          summary: 'The envelope key for {encryptedData} bodies',
          description:
            'The envelope key for {encryptedData} bodies (obscures payloads only: TLS is the security)',
          response: withErrors(okResponse(z.object({ key: z.string() }))),
        },
      },
      async () => ({ success: true as const, data: { key: deps.config.payloadKey } }),
    );
  };
