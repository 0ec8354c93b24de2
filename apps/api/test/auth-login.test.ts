import { EMAIL_INVALID_MESSAGE } from '@console/core/validation/email';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it.each([
    ['admin@demo.test', 'ADMIN'],
    ['coadmin@demo.test', 'CO-ADMIN'],
    ['agency@demo.test', 'AGENCY'],
    ['advertiser@demo.test', 'ADVERTISER'],
  ])('signs in %s as %s with the session data of the spec', async (email, role) => {
    const { status, body } = await t.call('POST', '/api/auth/login', {
      body: { email, password: 'Demo-pass-1' },
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ role, email, expires_in: 7200 });
    const data = body.data as Record<string, unknown>;
    for (const key of ['token', '_id', 'user_primary_id', 'firstName', 'lastName', 'companyName']) {
      expect(data[key], key).toBeTruthy();
    }
  });

  it('treats the e-mail case-insensitively', async () => {
    const { status } = await t.call('POST', '/api/auth/login', {
      body: { email: 'ADMIN@Demo.Test', password: 'Demo-pass-1' },
    });
    expect(status).toBe(200);
  });

  it('refuses a wrong password with the same message as an unknown e-mail', async () => {
    const wrong = await t.call('POST', '/api/auth/login', {
      body: { email: 'adv2@demo.test', password: 'Nope-pass-1' },
    });
    const unknown = await t.call('POST', '/api/auth/login', {
      body: { email: 'ghost@demo.test', password: 'Nope-pass-1' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password.', error_code: 401 });
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('locks the account after five failed attempts, even for the right password', async () => {
    const email = 'coadmin@demo.test';
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.call('POST', '/api/auth/login', { body: { email, password: 'Wrong-pass-1' } })).status,
      ).toBe(401);
    }
    const fifth = await t.call('POST', '/api/auth/login', { body: { email, password: 'Wrong-pass-1' } });
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toMatch(/locked; try again in 15 minute/);
    const right = await t.call('POST', '/api/auth/login', { body: { email, password: 'Demo-pass-1' } });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/locked/);
  });

  it('names a missing field plainly', async () => {
    const { status, body } = await t.call('POST', '/api/auth/login', { body: { email: 'admin@demo.test' } });
    expect(status).toBe(400);
    expect(body.errors).toMatchObject({ password: 'This field is required.' });
  });

  it('answers bad input with 400 and a message per field', async () => {
    const { status, body } = await t.call('POST', '/api/auth/login', {
      body: { email: 'not-an-email', password: 5 },
    });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error_code).toBe(400);
    expect(body.errors).toMatchObject({ email: EMAIL_INVALID_MESSAGE });
    expect(body.errors).toMatchObject({ password: 'This field must be text.' });
  });
});
