import { EMAIL_INVALID_MESSAGE } from '@console/core/validation/email';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LOGIN, insertUser, uniqueEmail } from './support/accounts.ts';
import { ageCounters, LOCKED, newAddress } from './support/sign-in-throttle.ts';
import { type CallResult, DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // The client's address comes from X-Forwarded-For, as behind a proxy, so tests can sign in from
  // several addresses.
  t = await startTestApp({ trustProxy: true });
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

const WAIT = /^Too many failed sign-in attempts\. Please try again in \d+ (second|minute)\(s\)\.$/;

const loginFrom = (address: string, email: string, password: string) =>
  t.call('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });

const statusesOf = (results: CallResult[]) => results.map((result) => result.status);

describe('the sign-in lockout', () => {
  it('gives twenty parallel wrong passwords exactly five tries', async () => {
    const { email } = await insertUser(t, { role: 'ADVERTISER' });
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => loginFrom(address, email, 'Wrong-pass-1')),
    );
    // Four tries are told the password is wrong, the fifth locks the account, the rest never try.
    const wrong = results.filter((result) => result.status === 401);
    const locked = results.filter((result) => result.status === 429);
    expect(statusesOf(results).sort()).toEqual([...Array(4).fill(401), ...Array(16).fill(429)]);
    for (const result of wrong) expect(result.body.message).toBe(INVALID_LOGIN);
    for (const result of locked) expect(result.body.message).toMatch(LOCKED);
    expect((await loginFrom(address, email, DEMO_PASSWORD)).status).toBe(429);
  });

  it('does not let the right password slip through a burst of wrong ones', async () => {
    const { email } = await insertUser(t, { role: 'ADVERTISER' });
    const address = newAddress();
    const burst = [
      ...Array.from({ length: 19 }, () => loginFrom(address, email, 'Wrong-pass-1')),
      loginFrom(address, email, DEMO_PASSWORD),
    ];
    const results = await Promise.all(burst);
    expect(results.at(-1)?.status).toBe(429);
    expect(results.filter((result) => result.status === 401)).toHaveLength(4);
  });

  it('answers a locked unknown e-mail exactly like a locked known one', async () => {
    const { email: known } = await insertUser(t, { role: 'ADVERTISER' });
    const unknown = uniqueEmail('nobody');
    const address = newAddress();
    for (let i = 0; i < 6; i++) {
      const a = await loginFrom(address, known, 'Wrong-pass-1');
      const b = await loginFrom(address, unknown, 'Wrong-pass-1');
      expect(b.status, `attempt ${i + 1}`).toBe(a.status);
      expect(b.body, `attempt ${i + 1}`).toEqual(a.body);
    }
    const last = await loginFrom(address, unknown, 'Wrong-pass-1');
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(LOCKED);
  });

  it('is not a switch that locks the owner out: the same account signs in from another address', async () => {
    const { email } = await insertUser(t, { role: 'ADVERTISER' });
    const attacker = newAddress();
    for (let i = 0; i < 5; i++) await loginFrom(attacker, email, 'Wrong-pass-1');
    expect((await loginFrom(attacker, email, DEMO_PASSWORD)).body.message).toMatch(LOCKED);
    const owner = await loginFrom(newAddress(), email, DEMO_PASSWORD);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });

  it('lets the right password through once the 15 minutes are over, and counts afresh', async () => {
    const { email } = await insertUser(t, { role: 'ADVERTISER' });
    const address = newAddress();
    for (let i = 0; i < 5; i++) await loginFrom(address, email, 'Wrong-pass-1');
    expect((await loginFrom(address, email, DEMO_PASSWORD)).status).toBe(429);
    await ageCounters(t, 14 * 60_000);
    expect((await loginFrom(address, email, DEMO_PASSWORD)).status).toBe(429);
    await ageCounters(t, 2 * 60_000);
    expect((await loginFrom(address, email, DEMO_PASSWORD)).status).toBe(200);
    // A success clears the count: four more wrong passwords do not lock.
    for (let i = 0; i < 4; i++) expect((await loginFrom(address, email, 'Wrong-pass-1')).status).toBe(401);
    expect((await loginFrom(address, email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('slows a guesser spread over many addresses with a growing delay on the account', async () => {
    const { email } = await insertUser(t, { role: 'ADVERTISER' });
    // Ten wrong passwords from ten addresses (no pair reaches its limit): the tenth starts a delay.
    for (let i = 0; i < 9; i++) {
      expect((await loginFrom(newAddress(), email, 'Wrong-pass-1')).status, `try ${i + 1}`).toBe(401);
    }
    expect((await loginFrom(newAddress(), email, 'Wrong-pass-1')).body.message).toMatch(
      /Please try again in 1 second\(s\)/,
    );
    const slowed = await loginFrom(newAddress(), email, DEMO_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toMatch(WAIT);
    // The delay grows with each further failure, and the right password gets through after it.
    await ageCounters(t, 1100);
    expect((await loginFrom(newAddress(), email, 'Wrong-pass-1')).body.message).toMatch(
      /try again in 2 second/,
    );
    await ageCounters(t, 2100);
    expect((await loginFrom(newAddress(), email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('slows one address that sprays many accounts, without touching other addresses', async () => {
    const address = newAddress();
    for (let i = 0; i < 19; i++) {
      expect((await loginFrom(address, uniqueEmail('spray'), 'Wrong-pass-1')).status, `try ${i + 1}`).toBe(
        401,
      );
    }
    expect((await loginFrom(address, uniqueEmail('spray'), 'Wrong-pass-1')).body.message).toMatch(WAIT);
    const slowed = await loginFrom(address, 'adv1@demo.test', DEMO_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toMatch(WAIT);
    expect((await loginFrom(newAddress(), 'adv1@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('starts the account afresh after a password reset', async () => {
    const { email } = await insertUser(t, { role: 'ADVERTISER' });
    const address = newAddress();
    for (let i = 0; i < 5; i++) await loginFrom(address, email, 'Wrong-pass-1');
    await t.call('POST', '/api/auth/forgot-password', { body: { email } });
    const otp = await t.readOtp(email);
    const reset = await t.call('POST', '/api/auth/reset-password', {
      body: { email, otp, password: 'Fresh-pass-42' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await loginFrom(address, email, 'Fresh-pass-42')).status).toBe(200);
  });
});
