// Builds the Fastify app: the check that every route declares its access first, then external
// plugins (helmet, rate limit, swagger, and in a scope declared public the static files of media
// and of the web app and the reference pages), the platform (errors, envelope, auth guard), then the
// domain modules.
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env.ts';
import { type Database, openDatabase } from './db/client.ts';
import { agencyAdminRoutes } from './modules/agencies/agency-admin-routes.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import type { Bidder } from './modules/bidding/bidder.ts';
import { registerBidder } from './modules/bidding/bidder-app.ts';
import { findCampaignCategoryUsage } from './modules/campaigns/campaign-queries.ts';
import { campaignRoutes } from './modules/campaigns/campaign-routes.ts';
import { exchangeApprovalRoutes } from './modules/campaigns/exchange-approval-routes.ts';
import { companyRoutes } from './modules/company/company-routes.ts';
import { creativeAdminRoutes, creativeRoutes } from './modules/creatives/creative-routes.ts';
import { htmlPreviewFrameRoutes } from './modules/creatives/html-preview-frame.ts';
import {
  adminDashboardRoutes,
  advertiserDashboardRoutes,
  agencyDashboardRoutes,
} from './modules/dashboard/dashboard-routes.ts';
import { dealRoutes } from './modules/deals/index.ts';
import { createCompactionJob } from './modules/delivery/compaction.ts';
import { dspRoutes } from './modules/dsp/dsp-routes.ts';
import { forecastRoutes } from './modules/forecast/forecast-routes.ts';
import { adminFundsRoutes, agencyFundsRoutes, fundsRoutes } from './modules/funds/funds-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { applistAdminRoutes, applistRoutes, listImportRoutes } from './modules/inventory/applist-routes.ts';
import { audienceRoutes } from './modules/inventory/audience-routes.ts';
import { createListImportWorker, type ListImportWorker } from './modules/inventory/list-import-worker.ts';
import { smartAppListAdminRoutes, smartAppListRoutes } from './modules/inventory/smart-app-list-routes.ts';
import { balanceRoutes } from './modules/ledger/balance-routes.ts';
import { onBalanceChange, setPendingSpendReader } from './modules/ledger/ledger-events.ts';
import { startLowBalanceAlerts } from './modules/ledger/low-balance-alerts.ts';
import { createStripeSetup } from './modules/payments/stripe-client.ts';
import { stripeRoutes } from './modules/payments/stripe-routes.ts';
import { referenceRoutes } from './modules/reference/reference-routes.ts';
import { reportRoutes } from './modules/reports/report-routes.ts';
import { createReportWorker, type ReportWorker } from './modules/reports/report-worker.ts';
import { settingsRoutes } from './modules/settings/settings-routes.ts';
import { optimisationRoutes } from './modules/users/optimisation-routes.ts';
import { agencyAdvertiserRoutes, userAdminRoutes } from './modules/users/user-admin-routes.ts';
import { registerAuthGuard } from './platform/auth-guard.ts';
import { createBackgroundTasks } from './platform/background-tasks.ts';
import type { AppDeps } from './platform/deps.ts';
import { registerEnvelope } from './platform/envelope.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { helmetHeaders, registerSecurityHeaders } from './platform/http-security-headers.ts';
import { createHttpServer } from './platform/http-server.ts';
import { registerIdempotency } from './platform/idempotency.ts';
import { createMailer } from './platform/mailer.ts';
import { createMediaStore } from './platform/media-store.ts';
import { swaggerOptions } from './platform/openapi.ts';
import { registerOpenApiDocument } from './platform/openapi-document.ts';
import { createOutboundPolicy } from './platform/outbound-http.ts';
import { registerUserRateLimit } from './platform/rate-limits.ts';
import { registerPublicScope, requireDeclaredAccess } from './platform/route-access.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { createTokenSigner } from './platform/tokens.ts';

export type BuiltApp = {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  imports: ListImportWorker;
  reportWorker: ReportWorker;
  bidder: Bidder;
};

export const buildApp = async (
  config: AppConfig,
  options: {
    database?: Database;
    /** The bidder's clock (tests move it). */
    now?: () => number;
  } = {},
): Promise<BuiltApp> => {
  const app = createHttpServer(config);

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
  const background = createBackgroundTasks(app.log);
  const deps: AppDeps = {
    db: database.db,
    tokens,
    mailer,
    media,
    config,
    background,
    copyRows: database.copyRows,
  };

  // From here on a route without `config.access` stops the app from starting.
  requireDeclaredAccess(app);
  registerSecurityHeaders(app);
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
  await app.register(swagger, swaggerOptions);
  // Uploaded media, the reference pages and the web app are public, declared so for their scope.
  await registerPublicScope(app, async (scope) => {
    await scope.register(fastifyStatic, {
      root: media.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
    });
    await scope.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
    await registerWebApp(scope, config.webDist);
  });
  registerOpenApiDocument(app);

  registerErrorHandling(app);
  // Before the envelope: its onSend must see the plain answer to store (see idempotency.ts).
  registerIdempotency(app, {
    db: database.db,
    jwtSecret: config.jwtSecret,
    answers: await createSecretBox(config.jwtSecret, 'idempotent-answers'),
  });
  await registerEnvelope(app, config.payloadKey);
  registerAuthGuard(app, { db: database.db, tokens });
  registerUserRateLimit(app, config.apiRateLimit);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes(deps), { prefix: '/api/auth' });
  await app.register(companyRoutes(deps), { prefix: '/api/auth' });
  await app.register(balanceRoutes(deps), { prefix: '/api/campaning' });
  await app.register(fundsRoutes(deps), { prefix: '/api/funds' });
  await app.register(adminFundsRoutes(deps), { prefix: '/api/admin/funds' });
  await app.register(agencyFundsRoutes(deps), { prefix: '/api/agency/funds' });
  await app.register(stripeRoutes(deps, createStripeSetup(config)), { prefix: '/api/payment/stripe' });
  const stopLowBalanceAlerts = startLowBalanceAlerts(deps, app.log);
  app.addHook('onClose', async () => stopLowBalanceAlerts());
  await app.register(userAdminRoutes(deps), { prefix: '/api/admin' });
  await app.register(agencyAdvertiserRoutes(deps), { prefix: '/api/agency' });
  await app.register(agencyAdminRoutes(deps), { prefix: '/api/admin' });
  await app.register(settingsRoutes(deps), { prefix: '/api/settings' });
  await app.register(optimisationRoutes(deps), { prefix: '/api/withOutRole' });
  await app.register(advertiserDashboardRoutes(deps), { prefix: '/api/dashboard' });
  await app.register(agencyDashboardRoutes(deps), { prefix: '/api/agency/dashboard' });
  await app.register(adminDashboardRoutes(deps), { prefix: '/api/admin/dashboard' });
  await app.register(referenceRoutes(deps, { categoryUsage: [findCampaignCategoryUsage] }), {
    prefix: '/api',
  });
  await app.register(campaignRoutes(deps), { prefix: '/api/campaigns' });
  await app.register(dealRoutes(deps), { prefix: '/api/deals' });
  // Forecasts run the bidder's internal auction against its active campaigns (its index, made below).
  await app.register(forecastRoutes(deps, { rivals: () => bidder.index.current() }), {
    prefix: '/api/campaigns',
  });
  await app.register(exchangeApprovalRoutes(deps), { prefix: '/api/admin/exchange-approval' });
  await app.register(htmlPreviewFrameRoutes, { prefix: '/api/creatives' });
  await app.register(creativeRoutes(deps), { prefix: '/api/creatives' });
  await app.register(creativeAdminRoutes(deps), { prefix: '/api/admin/creatives' });
  const secrets = await createSecretBox(config.jwtSecret, 'dsp-credentials');
  const outbound = createOutboundPolicy({
    allowedPrivateHosts: config.dspAllowedPrivateHosts,
    consolePort: () => (app.server.address() as AddressInfo | null)?.port,
  });
  await app.register(dspRoutes({ ...deps, secrets, outbound }), { prefix: '/api/admin/dsp' });
  // Inventory lists and audiences: uploads are stored by a worker in this process (survives restarts).
  const imports = createListImportWorker(deps, { driver: database.driver, log: app.log });
  app.addHook('onReady', async () => imports.start());
  await app.register(applistRoutes({ ...deps, imports }), { prefix: '/api/applists' });
  await app.register(applistAdminRoutes(deps), { prefix: '/api/admin/applists' });
  await app.register(listImportRoutes(deps), { prefix: '/api/list-imports' });
  await app.register(audienceRoutes({ ...deps, imports }), { prefix: '/api/audiences' });
  await app.register(smartAppListRoutes(deps), { prefix: '/api/smart-app-lists' });
  await app.register(smartAppListAdminRoutes(deps), { prefix: '/api/admin/smart-app-lists' });

  // Reports are generated by a worker in this process (the report row is the queue; survives restarts).
  const reportWorker = createReportWorker({
    db: database.db,
    mailer,
    driver: database.driver,
    log: app.log,
  });
  app.addHook('onReady', async () => reportWorker.start());
  await app.register(reportRoutes({ ...deps, reportWorker }), { prefix: '/api/report' });
  // Closed days of delivery are summed into the compacted rollup tiers the dashboards read.
  const compaction = createCompactionJob(database.db, app.log, {
    refreshStatistics: database.driver === 'pglite',
  });
  app.addHook('onReady', async () => compaction.start());

  // The built-in bidder: the OpenRTB endpoint, tracking and conversion postbacks, as `npm run bidder` serves them.
  const bidder = await registerBidder(app, database.db, config, {
    now: options.now,
    doorHeaders: helmetHeaders(),
  });
  // A top-up or allocation lets an advertiser that ran dry bid again without waiting for a poll.
  const stopBalanceReloads = onBalanceChange(() => bidder.index.requestReload());
  // The funds pages take the cost of wins the bidder still waits to hear about off the balance.
  setPendingSpendReader(async (userIds) => {
    const pending = await bidder.state.readAdvertiserPending(userIds);
    return new Map([...pending].map(([userId, micros]) => [userId, BigInt(micros)]));
  });
  app.addHook('onClose', async () => {
    // Nothing is cut off mid-write: imports, the bidder's events and counters, then background
    // tasks finish before the database closes.
    await imports.stop();
    await reportWorker.stop();
    await compaction.stop();
    stopBalanceReloads();
    setPendingSpendReader(null);
    await bidder.close();
    await background.idle();
    if (!options.database) await database.close();
  });

  return { app, deps, database, imports, reportWorker, bidder };
};

/** Vite names everything under /assets/ by its content hash: a changed file gets a new name. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+$/;

/**
 * Serves the built console and answers unknown non-API GETs (and HEADs) with its index.html (client
 * routing), in the public scope (the not-found handler set there serves every prefix). The build writes .br and .gz siblings (apps/web/vite-precompress.ts), sent as they are to
 * a browser that accepts them; hashed assets are cached for good, everything else is revalidated.
 */
const registerWebApp = async (app: FastifyInstance, webDist: string) => {
  const hasWebApp = existsSync(join(webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/docs');
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPageRequest && !isApi && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ success: false, message: `No route for ${request.method} ${path}.`, error_code: 404 });
  });
};
