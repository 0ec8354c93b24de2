// Answers that carry a token or personal data are never cached, and HSTS is sent only over HTTPS.
// The second app trusts its proxy, as an install behind a TLS terminator would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  proxied = await startTestApp({ trustProxy: true });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

describe('Cache-Control', () => {
  it('is no-store on the sign-in answer (a token) and on personal data', async () => {
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: 'adv1@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = (login.body.data as { token: string }).token;
    for (const path of ['/api/auth/profile', '/api/auth/refresh-token']) {
      const result = await t.call('GET', path, { token });
      expect(result.status, path).toBe(200);
      expect(result.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('is no-store on errors and unknown API paths too', async () => {
    const denied = await t.call('GET', '/api/auth/profile');
    expect(denied.status).toBe(401);
    expect(denied.headers['cache-control']).toBe('no-store');
    const missing = await t.call('GET', '/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public branding and health answers cacheable', async () => {
    for (const path of ['/api/auth/agency-config', '/api/health']) {
      const result = await t.call('GET', path);
      expect(result.status, path).toBe(200);
      expect(result.headers['cache-control'], path).toBeUndefined();
    }
  });
});

describe("helmet's headers", () => {
  it('are on answers, errors and unknown paths alike, with the console policy', async () => {
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/auth/profile', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const result = await t.call('GET', path);
      expect(result.status, path).toBe(status);
      expect(result.headers['x-content-type-options'], path).toBe('nosniff');
      expect(result.headers['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(result.headers['content-security-policy'], path).toContain("img-src 'self' data: https:");
      expect(result.headers['content-security-policy'], path).toContain("connect-src 'self'");
      expect(result.headers['x-powered-by'], path).toBeUndefined();
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const result = await t.call('GET', '/api/health');
    expect(result.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when an untrusted client merely claims HTTPS', async () => {
    const result = await t.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(result.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS (TRUST_PROXY)', async () => {
    const secure = await proxied.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    const plain = await proxied.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
