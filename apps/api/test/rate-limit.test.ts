// Repeated sign-in attempts from one address are rate-limited with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/accounts.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ loginRateLimit: 3 });
});
afterAll(() => t.close());

describe('login rate limit', () => {
  it('answers the 4th login in a minute with 429 and a clear message', async () => {
    const login = (email: string) =>
      t.call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    // Three attempts are let through, whatever their outcome.
    expect((await login('adv1@demo.test')).status).toBe(200);
    expect((await login('ghost@example.test')).status).toBe(401);
    expect((await login('adv2@demo.test')).status).toBe(200);

    const fourth = await login('advertiser@demo.test');
    expectError(fourth, 429, /^Too many requests\. Please wait \d+ seconds and try again\.$/);
    const seconds = Number((fourth.body.message as string).match(/\d+/)![0]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);

    // Still limited, for any account.
    expect((await login('admin@demo.test')).status).toBe(429);
  });

  it('limits sign-in only: other routes still answer', async () => {
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    expect((await t.call('GET', '/api/auth/agency-config')).status).toBe(200);
  });

  it('counts the other public auth routes separately', async () => {
    for (let i = 0; i < 3; i++) {
      const result = await t.call('POST', '/api/auth/forgot-password', {
        body: { email: 'ghost@example.test' },
      });
      expect(result.status).toBe(200);
    }
    const fourth = await t.call('POST', '/api/auth/forgot-password', {
      body: { email: 'ghost@example.test' },
    });
    expectError(fourth, 429, /^Too many requests/);
  });
});

describe('limits per user and per e-mail address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Addresses come from X-Forwarded-For, so one test can play several clients.
    limited = await startTestApp({ apiRateLimit: 5, forgotPasswordRateLimit: 2, trustProxy: true });
  });
  afterAll(() => limited.close());

  it('limits each signed-in user on authenticated routes, whichever address or session it uses', async () => {
    const first = await limited.loginAs('adv1@demo.test');
    const second = await limited.loginAs('adv1@demo.test');
    const profile = (token: string, address: string) =>
      limited.call('GET', '/api/auth/profile', { token, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 5; i++) {
      const result = await profile(i % 2 ? first : second, `203.0.113.${i + 1}`);
      expect(result.status, `request ${i + 1}`).toBe(200);
    }
    const sixth = await profile(first, '203.0.113.99');
    expectError(sixth, 429, /^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Another user, and public routes, are not held up.
    expect((await profile(await limited.loginAs('adv2@demo.test'), '203.0.113.99')).status).toBe(200);
    expect((await limited.call('GET', '/api/health')).status).toBe(200);
  });

  it('limits forgot-password per e-mail address, from any client address, known or not', async () => {
    for (const email of ['adv2@demo.test', 'nobody-here@example.test']) {
      const ask = (address: string) =>
        limited.call('POST', '/api/auth/forgot-password', {
          body: { email },
          headers: { 'x-forwarded-for': address },
        });
      expect((await ask('192.0.2.1')).status).toBe(200);
      expect((await ask('192.0.2.2')).status).toBe(200);
      expectError(await ask('192.0.2.3'), 429, /^Too many requests/);
    }
    const other = await limited.call('POST', '/api/auth/forgot-password', {
      body: { email: 'advertiser@demo.test' },
      headers: { 'x-forwarded-for': '192.0.2.3' },
    });
    expect(other.status).toBe(200);
  });
});
