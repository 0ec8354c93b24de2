// The Fastify instance every process of the API serves from (the console, `npm run bidder`), so that
// both read the same settings: behind a reverse proxy (TRUST_PROXY) the client's address and scheme
// come from X-Forwarded-*, which also decides whether the bidder's tracking URLs are https.
import { configureZodMessages } from '@console/core/api/zod-messages';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/env.ts';
import { responseSerializerCompiler } from './compiled-response.ts';

// Plain messages for type and presence errors, for every schema of the API.
configureZodMessages();

export const createHttpServer = (config: Pick<AppConfig, 'logLevel' | 'trustProxy'>) => {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // `/api/campaigns/` still reaches `/api/campaigns`, while the API document lists one path each.
    // Tracking URLs carry a signed token of a few hundred characters as a path parameter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  return app;
};
