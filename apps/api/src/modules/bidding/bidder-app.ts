// A bidder-only Fastify app (the OpenRTB endpoint, tracking and conversion postbacks) over an open
// database: what `npm run bidder` serves, one per process.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { registerErrorHandling } from '../../platform/errors.ts';
import { postbackRoutes, trackingRoutes } from '../delivery/tracking-routes.ts';
import { bidRoutes } from './bid-routes.ts';
import { type Bidder, createBidder } from './bidder.ts';

export const buildBidderApp = async (
  config: AppConfig,
  database: Database,
): Promise<{ app: FastifyInstance; bidder: Bidder }> => {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    routerOptions: { maxParamLength: 1024 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const bidder = createBidder(database.db, config, {
    onError: (error) => app.log.error({ err: error }, 'bidder'),
  });
  await bidder.start();
  app.addHook('onClose', () => bidder.close());
  await app.register(bidRoutes(bidder));
  await app.register(trackingRoutes(database.db, bidder));
  await app.register(postbackRoutes(database.db, bidder), { prefix: '/api' });
  return { app, bidder };
};
