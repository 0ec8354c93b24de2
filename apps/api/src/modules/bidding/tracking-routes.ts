// Tracking endpoints (public: browsers, players and exchanges call them): GET /t/:kind/:token for
// win (nurl), bill (burl), loss (lurl), imp (beacon), click (302) and video (quartiles), and the
// conversion postback GET /api/postback. Tokens are signed (tracking-token.ts): a forged or altered
// one gets 403 and counts nothing.
import { okResponse } from '@console/core/api/common';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { userConfigs } from '../../db/schema/users.ts';
import type { Access } from '../../platform/auth-guard.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { withErrors } from '../../platform/route-schemas.ts';
import type { Bidder } from './bidder.ts';
import { hasClick, MAX_EVENTS_PER_CLICK, recordClick, recordConversion } from './engagement.ts';
import {
  findClickTarget,
  priceDecoderOf,
  recordBilledImpression,
  recordLoss,
  recordOnce,
  TRACKING_KINDS,
  type TrackingKind,
  VIDEO_EVENT_TYPES,
} from './tracking-service.ts';

export const INVALID_TRACKING_MESSAGE = 'This tracking link is not valid.';

/** A transparent 1x1 GIF: what a beacon answers. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

type TrackingQuery = { price?: string; reason?: string; e?: string; u?: string; pixel?: string };

export const trackingRoutes = (db: Db, bidder: Bidder) => async (app: FastifyInstance) => {
  app.get<{ Params: { kind: string; token: string }; Querystring: TrackingQuery }>(
    '/t/:kind/:token',
    { config: { access: 'public' satisfies Access }, schema: { hide: true } },
    async (request, reply) => {
      const kind = request.params.kind as TrackingKind;
      const tracked = TRACKING_KINDS.includes(kind) ? bidder.signer.verify(request.params.token) : null;
      if (!tracked) throw forbidden(INVALID_TRACKING_MESSAGE);
      reply.header('cache-control', 'no-store');
      const query = request.query;
      const now = bidder.now();
      const sendPixel = () => reply.code(200).type('image/gif').send(PIXEL);
      switch (kind) {
        case 'win':
        case 'bill': {
          const decode = priceDecoderOf(bidder, tracked.exchangeId);
          await recordBilledImpression(db, bidder, tracked, { kind, price: query.price, decode }, now);
          return reply.code(204).send();
        }
        case 'imp':
          await recordBilledImpression(db, bidder, tracked, { kind, price: undefined, decode: null }, now);
          return sendPixel();
        case 'loss':
          await recordLoss(bidder, tracked, query.reason, now);
          return reply.code(204).send();
        case 'video': {
          const type = query.e ? VIDEO_EVENT_TYPES[query.e] : undefined;
          if (!type) throw new AppError(400, 'Unknown video event.');
          await recordOnce(bidder, tracked, type, now);
          return sendPixel();
        }
        case 'click': {
          await recordClick(db, bidder, tracked, now);
          if (query.pixel === '1') return sendPixel();
          const target = await findClickTarget(db, bidder, tracked, request.params.token, query.u);
          if (!target) throw notFound('This ad has no click URL.');
          return reply.redirect(target, 302);
        }
      }
    },
  );
};

/** Conversion event names (spec section 3, report event columns): event1, event2, ... or event_{name}. */
export const EVENT_NAME_PATTERN = /^(event[1-9]\d?|event_[a-z0-9_]{1,40})$/;
export const EVENT_NAME_MESSAGE =
  'The event is event1, event2, ... or event_<name> (lower-case letters, digits, _).';

export const postbackQuery = z.object({
  click_id: z
    .string()
    .trim()
    .min(1, 'Give the click_id.')
    .max(4096)
    .describe('The {click_id} of the click URL.'),
  event: z
    .string()
    .trim()
    .toLowerCase()
    .regex(EVENT_NAME_PATTERN, EVENT_NAME_MESSAGE)
    .default('event1')
    .describe('The conversion event: event1..event99 or event_<name> (report columns E1, E2, ...).'),
});

export const postbackRoutes =
  (db: Db, bidder: Bidder): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/postback',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'recordConversion',
          summary: "Counts an advertiser's conversion of a click (server-to-server postback)",
          description:
            'For advertisers with postback_enabled ENABLED. The click_id is the value the click URL macro {click_id} ' +
            "received; a conversion is counted once per click and event name, under the account's active " +
            `conversion events (or, with none configured, at most ${MAX_EVENTS_PER_CLICK} event names per click).`,
          tags: ['delivery'],
          security: [],
          querystring: postbackQuery,
          response: withErrors(
            okResponse(
              z.object({
                counted: z.boolean().describe('false when this event of this click was already counted.'),
                event: z.string(),
                campaign_id: z.number().int(),
              }),
            ),
          ),
        },
      },
      async (request) => {
        const tracked = bidder.signer.verify(request.query.click_id);
        if (!tracked) throw forbidden(INVALID_TRACKING_MESSAGE);
        const [config] = await db
          .select({ postbackEnabled: userConfigs.postbackEnabled })
          .from(userConfigs)
          .where(eq(userConfigs.userId, tracked.advertiserId));
        if (config?.postbackEnabled !== 'ENABLED')
          throw forbidden('Postbacks are not enabled for this account.');
        if (!(await hasClick(db, tracked))) throw notFound('Click not found.');
        const counted = await recordConversion(db, tracked, request.query.event, bidder.now());
        return {
          success: true as const,
          data: { counted, event: request.query.event, campaign_id: tracked.campaignId },
        };
      },
    );
  };
