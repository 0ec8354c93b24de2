// Builds the Fastify app: external plugins first (helmet, rate limit, swagger), then the platform
// (errors, envelope, auth guard), then the domain modules, then the web app's static files.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { configureZodMessages } from '@console/core/api/zod-messages';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import { type Database, openDatabase } from './db/client.ts';
import { agencyAdminRoutes } from './modules/agencies/agency-admin-routes.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { findCampaignCategoryUsage } from './modules/campaigns/campaign-queries.ts';
import { campaignRoutes } from './modules/campaigns/campaign-routes.ts';
import { exchangeApprovalRoutes } from './modules/campaigns/exchange-approval-routes.ts';
import { companyRoutes } from './modules/company/company-routes.ts';
import { creativeAdminRoutes, creativeRoutes } from './modules/creatives/creative-routes.ts';
import { htmlPreviewFrameRoutes } from './modules/creatives/html-preview-frame.ts';
import { dspRoutes } from './modules/dsp/dsp-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { balanceRoutes } from './modules/ledger/balance-routes.ts';
import { referenceRoutes } from './modules/reference/reference-routes.ts';
import { settingsRoutes } from './modules/settings/settings-routes.ts';
import { optimisationRoutes } from './modules/users/optimisation-routes.ts';
import { agencyAdvertiserRoutes, userAdminRoutes } from './modules/users/user-admin-routes.ts';
import { registerAuthGuard } from './platform/auth-guard.ts';
import type { AppDeps } from './platform/deps.ts';
import { registerEnvelope } from './platform/envelope.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { createMailer } from './platform/mailer.ts';
import { createMediaStore } from './platform/media-store.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { createTokenSigner } from './platform/tokens.ts';

export type BuiltApp = { app: FastifyInstance; deps: AppDeps; database: Database };

// Plain messages for type and presence errors, for every schema of the API.
configureZodMessages();

export const buildApp = async (
  config: AppConfig,
  options: { database?: Database } = {},
): Promise<BuiltApp> => {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const tokens = createTokenSigner(config.jwtSecret);
  const mailer = createMailer({
    db: database.db,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  });
  const media = createMediaStore(join(config.dataDir, 'media'));
  mkdirSync(media.mediaDir, { recursive: true });
  const deps: AppDeps = { db: database.db, tokens, mailer, media, config };
  if (!options.database) app.addHook('onClose', () => database.close());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'https:'], 'connect-src': ["'self'"] },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      error_code: 429,
    }),
  });
  // Per-file limits are set by each upload route; this is the ceiling for any (video creatives).
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1 } });
  await app.register(fastifyStatic, {
    root: media.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trading Desk Console API',
        version: '1.0.0',
        description:
          'Every answer is {success, message?, data?}. POST/PUT/PATCH bodies may be sent as {encryptedData} ' +
          '(AES-256-GCM with the key of GET /api/auth/payload-key) and are then answered as {encryptedResponse}; ' +
          "plain JSON is answered plainly. While acting as another user, send the parents' ids as admin_id, " +
          'co_admin_id or agency_id query parameters.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerErrorHandling(app);
  await registerEnvelope(app, config.payloadKey);
  registerAuthGuard(app, { db: database.db, tokens });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes(deps), { prefix: '/api/auth' });
  await app.register(companyRoutes(deps), { prefix: '/api/auth' });
  await app.register(balanceRoutes(deps), { prefix: '/api/campaning' });
  await app.register(userAdminRoutes(deps), { prefix: '/api/admin' });
  await app.register(agencyAdvertiserRoutes(deps), { prefix: '/api/agency' });
  await app.register(agencyAdminRoutes(deps), { prefix: '/api/admin' });
  await app.register(settingsRoutes(deps), { prefix: '/api/settings' });
  await app.register(optimisationRoutes(deps), { prefix: '/api/withOutRole' });
  await app.register(referenceRoutes(deps, { categoryUsage: [findCampaignCategoryUsage] }), {
    prefix: '/api',
  });
  await app.register(campaignRoutes(deps), { prefix: '/api/campaigns' });
  await app.register(exchangeApprovalRoutes(deps), { prefix: '/api/admin/exchange-approval' });
  await app.register(htmlPreviewFrameRoutes, { prefix: '/api/creatives' });
  await app.register(creativeRoutes(deps), { prefix: '/api/creatives' });
  await app.register(creativeAdminRoutes(deps), { prefix: '/api/admin/creatives' });
  const secrets = await createSecretBox(config.jwtSecret, 'dsp-credentials');
  await app.register(dspRoutes({ ...deps, secrets }), { prefix: '/api/admin/dsp' });

  await registerWebApp(app, config.webDist);
  return { app, deps, database };
};

/** Serves the built console and answers unknown non-API GETs with its index.html (client routing). */
const registerWebApp = async (app: FastifyInstance, webDist: string) => {
  const hasWebApp = existsSync(join(webDist, 'index.html'));
  if (hasWebApp) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/docs');
    if (hasWebApp && request.method === 'GET' && !isApi && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ success: false, message: `No route for ${request.method} ${path}.`, error_code: 404 });
  });
};
