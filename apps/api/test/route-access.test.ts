// Hole 7 of issue 9: access is default-deny from boot. A route registered without `config.access`
// (an /api route, a bidder or tracking route to come) stops the app from starting, naming itself;
// so the guard never meets a route that forgot to say who may call it.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireDeclaredAccess } from '../src/platform/route-access.ts';

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
        api.get('/campaigns', { config: { access: 'user' } }, handler);
        api.post('/campaigns/:id/archive', handler);
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow('POST /api/campaigns/:id/archive declares no access');
  });

  it.each([
    ['an empty role list', []],
    ['an unknown role', ['ADMIN', 'SUPERUSER']],
    ['a misspelt level', 'users'],
  ])('refuses %s', (_label, access) => {
    const app = appWithCheck();
    expect(() => app.get('/api/widgets', { config: { access: access as never } }, handler)).toThrow(
      'GET /api/widgets declares no access',
    );
  });

  it('lists each declared route once with its level (no HEAD twins)', async () => {
    const app = appWithCheck();
    app.get('/api/health', { config: { access: 'public' } }, handler);
    app.post('/api/widgets', { config: { access: ['ADMIN', 'CO-ADMIN'] } }, handler);
    await app.ready();
    expect(app.declaredRoutes).toEqual([
      { method: 'GET', url: '/api/health', access: 'public' },
      { method: 'POST', url: '/api/widgets', access: ['ADMIN', 'CO-ADMIN'] },
    ]);
    await app.close();
  });
});
