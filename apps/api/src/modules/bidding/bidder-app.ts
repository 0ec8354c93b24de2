// The bidder's part of a process, composed once: the bidder itself (index, shared state, event
// recorder) and its routes (the OpenRTB endpoint, tracking and conversion postbacks). The console
// (app.ts) mounts it beside the rest of the API; `npm run bidder` serves it alone (buildBidderApp),
// on the same Fastify settings (platform/http-server.ts), TRUST_PROXY included.
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Db } from '../../db/client.ts';
import { registerErrorHandling } from '../../platform/errors.ts';
import { createHttpServer } from '../../platform/http-server.ts';
import { installBidDoor } from './bid-admission.ts';
import { BID_PATH_PREFIX, bidRoutes } from './bid-routes.ts';
import { type Bidder, createBidder } from './bidder.ts';
import { installNoticeDoor } from './notice-door.ts';
import { postbackRoutes, trackingRoutes } from './tracking-routes.ts';

/** Starts a bidder over `db` and registers its routes on `app`; the caller closes the bidder. */
export const registerBidder = async (
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  options: {
    /** The bidder's clock (tests move it). */
    now?: () => number;
    /** Headers the notices answered at the door carry (the console's security headers). */
    doorHeaders?: Record<string, string>;
  } = {},
): Promise<Bidder> => {
  const bidder = createBidder(db, config, {
    now: options.now,
    onError: (error) => app.log.error({ err: error }, 'bidder'),
  });
  await bidder.start();
  // Shedding before Fastify reads a bid request: the admission in place at the time (tests swap it).
  installBidDoor(app.server, () => bidder.admission, BID_PATH_PREFIX);
  // Win and billing notices answered before Fastify; the rest of tracking goes to its routes.
  installNoticeDoor(app.server, db, bidder, {
    headers: options.doorHeaders,
    onError: (error) => app.log.error({ err: error }, 'notice failed'),
  });
  await app.register(bidRoutes(bidder));
  await app.register(trackingRoutes(db, bidder));
  await app.register(postbackRoutes(db, bidder), { prefix: '/api' });
  return bidder;
};

/** A bidder-only app over an open database: what `npm run bidder` serves, one per process. */
export const buildBidderApp = async (
  config: AppConfig,
  database: Database,
): Promise<{ app: FastifyInstance; bidder: Bidder }> => {
  const app = createHttpServer(config);
  registerErrorHandling(app);
  const bidder = await registerBidder(app, database.db, config);
  app.addHook('onClose', () => bidder.close());
  return { app, bidder };
};
