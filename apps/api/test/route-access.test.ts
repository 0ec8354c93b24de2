// Access is default-deny from boot. A route registered without `config.access`
// (an /api route, a bidder or tracking route to come) stops the app from starting, naming itself;
// so the guard never meets a route that forgot to say who may call it.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { registerAuthGuard } from '../src/platform/auth-guard.ts';
import { registerErrorHandling } from '../src/platform/errors.ts';
import { registerPublicScope, requireDeclaredAccess } from '../src/platform/route-access.ts';
import type { TokenSigner } from '../src/platform/tokens.ts';

const handler = async () => ({ ok: true });

const appWithCheck = () => {
  const app = Fastify();
  requireDeclaredAccess(app);
  return app;
};

describe('a route without declared access', () => {
  it.each([
    ['GET', '/api/widgets'],
    ['POST', '/openrtb/2.6/bid'],
    ['GET', '/t/imp/:token'],
    ['DELETE', '/api/widgets/:id'],
  ])('%s %s refuses to be registered, naming method and path', (method, url) => {
    const app = appWithCheck();
    expect(() => app.route({ method, url, handler })).toThrow(`${method} ${url} declares no access`);
  });

  it('inside a plugin, stops the app from starting', async () => {
    const app = appWithCheck();
    app.register(
      async (api) => {
        api.get('/campaigns', { config: { access: 'campaign.read' } }, handler);
        api.post('/campaigns/:id/archive', handler);
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow('POST /api/campaigns/:id/archive declares no access');
  });

  it.each([
    ['any signed-in user (no permission named)', 'user'],
    ['a list of roles instead of a permission', ['ADMIN', 'CO-ADMIN']],
    ['a misspelt permission', 'campaign.raed'],
    ['an unknown permission', 'campaign.fly'],
  ])('refuses %s', (_label, access) => {
    const app = appWithCheck();
    expect(() => app.get('/api/widgets', { config: { access: access as never } }, handler)).toThrow(
      'GET /api/widgets declares no access',
    );
  });

  it('lists each declared route once with its level (no HEAD twins)', async () => {
    const app = appWithCheck();
    app.get('/api/health', { config: { access: 'public' } }, handler);
    app.post('/api/widgets', { config: { access: 'user.create' } }, handler);
    await app.ready();
    expect(app.declaredRoutes).toEqual([
      { method: 'GET', url: '/api/health', access: 'public' },
      { method: 'POST', url: '/api/widgets', access: 'user.create' },
    ]);
    await app.close();
  });
});

describe('at run time', () => {
  /** The guard alone (no boot-time check), as a route registered outside that check would meet it. */
  const guardedApp = () => {
    const app = Fastify();
    registerErrorHandling(app);
    // No request here reaches a token: the database and the signer are never asked.
    registerAuthGuard(app, { db: {} as Db, tokens: {} as TokenSigner });
    return app;
  };

  it('refuses a route that declares no access, before its handler runs', async () => {
    const app = guardedApp();
    let calls = 0;
    app.get('/api/widgets', async () => {
      calls += 1;
      return { ok: true };
    });
    const answer = await app.inject({ url: '/api/widgets' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({
      success: false,
      message: 'You do not have permission to do this.',
      error_code: 403,
    });
    expect(calls).toBe(0);
    await app.close();
  });

  it('serves a route declared public without a token, and asks a token of one for signed-in users', async () => {
    const app = guardedApp();
    app.get('/api/health', { config: { access: 'public' } }, handler);
    app.get('/api/widgets', { config: { access: 'campaign.read' } }, handler);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/widgets' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404);
    await app.close();
  });

  it('lets through the routes of a scope declared public, listed as public', async () => {
    const app = Fastify();
    requireDeclaredAccess(app);
    registerErrorHandling(app);
    registerAuthGuard(app, { db: {} as Db, tokens: {} as TokenSigner });
    // A plugin registering its own routes, which cannot carry config.access (like @fastify/static).
    await registerPublicScope(app, async (scope) => {
      await scope.register(async (plugin) => {
        plugin.get('/files/*', handler);
      });
    });
    await app.ready();
    expect(app.declaredRoutes).toEqual([{ method: 'GET', url: '/files/*', access: 'public' }]);
    expect((await app.inject({ url: '/files/a.png' })).statusCode).toBe(200);
    await app.close();
  });
});
