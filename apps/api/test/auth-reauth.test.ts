// Re-authentication by password in a signed-in session (the password change and the e-mail
// change): throttled like sign-in, and refused to a parent acting as the user.
import type { SessionData } from '@console/core/api/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectError,
  INVALID_LOGIN,
  insertUser,
  sessionOf,
  uniqueEmail,
} from './support/accounts.ts';
import { ageCounters, LOCKED, newAddress } from './support/sign-in-throttle.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // The client's address comes from X-Forwarded-For, so that each test guesses from its own.
  t = await startTestApp({ trustProxy: true });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Changed-pass-9';

/** The two operations that ask the signed-in user for its password again. */
const OPERATIONS = {
  'password change': {
    call: (token: string, password: string, address: string) =>
      t.call('POST', '/api/auth/changePassword', {
        token,
        headers: { 'x-forwarded-for': address },
        body: { current_password: password, new_password: NEW_PASSWORD },
      }),
    wrongMessage: 'The current password is wrong.',
    refusal: 'You are acting as this user: only the user can change its password.',
  },
  'e-mail change': {
    call: (token: string, password: string, address: string) =>
      t.call('POST', '/api/auth/profile/email', {
        token,
        headers: { 'x-forwarded-for': address },
        body: { new_email: uniqueEmail('moved'), password },
      }),
    wrongMessage: 'The password is wrong.',
    refusal: 'You are acting as this user: only the user can change its e-mail address.',
  },
};

const signIn = (email: string, password: string, address: string) =>
  t.call('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });

/** An advertiser of its own, signed in. */
const signedInAdvertiser = async () => {
  const user = await insertUser(t, { role: 'ADVERTISER' });
  return { ...user, token: (await sessionOf(t, user.email)).token };
};

describe.each(Object.entries(OPERATIONS))('the %s', (_name, operation) => {
  it('takes four wrong passwords, then locks like sign-in: 40 wrong, then the right one, are refused', async () => {
    const user = await signedInAdvertiser();
    const address = newAddress();
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await operation.call(user.token, 'Wrong-pass-1', address));
    for (const answer of answers.slice(0, 4)) expectError(answer, 400, operation.wrongMessage);
    for (const answer of answers.slice(4)) expectError(answer, 429, LOCKED);
    expectError(await operation.call(user.token, DEMO_PASSWORD, address), 429, LOCKED);

    // The lock ends after its 15 minutes (the counters aged, not waited for).
    await ageCounters(t, 14 * 60_000);
    expectError(
      await operation.call(user.token, DEMO_PASSWORD, address),
      429,
      /locked; try again in 1 minute/,
    );
    await ageCounters(t, 2 * 60_000);
    expect((await operation.call(user.token, DEMO_PASSWORD, address)).status).toBe(200);
  });

  it('counts with sign-in, per account and address: the owner still signs in from elsewhere', async () => {
    const user = await signedInAdvertiser();
    const address = newAddress();
    for (let i = 0; i < 3; i++) {
      expectError(await operation.call(user.token, 'Wrong-pass-1', address), 400, operation.wrongMessage);
    }
    expectError(await signIn(user.email, 'Wrong-pass-1', address), 401, INVALID_LOGIN);
    expectError(await signIn(user.email, 'Wrong-pass-1', address), 429, LOCKED);
    expectError(await signIn(user.email, DEMO_PASSWORD, address), 429, LOCKED);
    expect((await signIn(user.email, DEMO_PASSWORD, newAddress())).status).toBe(200);
  });

  it('is refused (403) to a parent acting as the user, right password or not, and counts nothing', async () => {
    const user = await signedInAdvertiser();
    const admin = await sessionOf(t, 'admin@demo.test');
    const acted = await t.call('POST', '/api/auth/auto-login', {
      token: admin.token,
      body: { user_primary_id: user.id },
    });
    const child = dataOf<SessionData>(acted);
    const address = newAddress();
    for (let i = 0; i < 6; i++) {
      expectError(await operation.call(child.token, 'Wrong-pass-1', address), 403, operation.refusal);
    }
    expectError(await operation.call(child.token, DEMO_PASSWORD, address), 403, operation.refusal);
    // Nothing was counted or changed: the user signs in from that address with its password.
    expect((await signIn(user.email, DEMO_PASSWORD, address)).status).toBe(200);
    // The user's own session may still make the change.
    expect((await operation.call(user.token, DEMO_PASSWORD, newAddress())).status).toBe(200);
  });
});
