// Repeated sign-in attempts from one address are rate-limited with a clear message (issue 2 part 4).
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
