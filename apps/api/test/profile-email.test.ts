// The profile of every role: names and company, and the e-mail change confirmed by a
// code mailed to the new address.
import type { User } from '@console/core/api/auth';
import { OTP_MESSAGE } from '@console/core/validation/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  INVALID_LOGIN,
  mailsTo,
  OTP_INVALID,
  otherCode,
  registerAccount,
  uniqueEmail,
} from './support/accounts.ts';
import { addUser, DEMO } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import { DEMO_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
});
afterAll(() => t.close());

const requestChange = (token: string, newEmail: string, password = DEMO_PASSWORD) =>
  t.call('POST', '/api/auth/profile/email', { token, body: { new_email: newEmail, password } });
const verify = (token: string, otp: string) =>
  t.call('POST', '/api/auth/profile/email/verify', { token, body: { otp } });
const login = (email: string, password = DEMO_PASSWORD) =>
  t.call('POST', '/api/auth/login', { body: { email, password } });

describe('GET/PUT /api/auth/profile', () => {
  it('needs a token', async () => {
    expectUnauthorized(await t.call('GET', '/api/auth/profile'));
    expectUnauthorized(
      await t.call('PUT', '/api/auth/profile', { body: { firstName: 'A', lastName: 'B', companyName: 'C' } }),
    );
  });

  it.each(['admin', 'coadmin', 'agency', 'advertiser'] as const)(
    'lets the %s change its names',
    async (name) => {
      const user = await addUser(t, tok.admin, {
        role: ({ admin: 'ADMIN', coadmin: 'CO-ADMIN', agency: 'AGENCY', advertiser: 'ADVERTISER' } as const)[
          name
        ],
      });
      const token = await t.loginAs(user.email, user.password);
      const result = await t.call('PUT', '/api/auth/profile', {
        token,
        body: { firstName: ' Renata ', lastName: 'Renamed', companyName: 'Renamed Ltd' },
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(dataOf<User>(result)).toMatchObject({
        email: user.email,
        firstName: 'Renata',
        lastName: 'Renamed',
        companyName: 'Renamed Ltd',
      });
      expect(dataOf<User>(await t.call('GET', '/api/auth/profile', { token })).firstName).toBe('Renata');
    },
  );

  it('answers bad names with 400 per field', async () => {
    expectFieldErrors(
      await t.call('PUT', '/api/auth/profile', {
        token: tok.adv2,
        body: { firstName: '', lastName: 'x'.repeat(101) },
      }),
      { firstName: 'This field is required.', lastName: 'At most 100 characters.', companyName: true },
    );
  });
});

describe('POST /api/auth/profile/email', () => {
  it('needs a token', async () => {
    expectUnauthorized(
      await t.call('POST', '/api/auth/profile/email', {
        body: { new_email: 'a@example.test', password: 'x' },
      }),
    );
    expectUnauthorized(await t.call('POST', '/api/auth/profile/email/verify', { body: { otp: '123456' } }));
  });

  it('answers bad input with 400 per field', async () => {
    expectFieldErrors(
      await t.call('POST', '/api/auth/profile/email', {
        token: tok.adv1,
        body: { new_email: 'not-an-email', password: '' },
      }),
      {
        new_email: 'Please enter a valid e-mail address, like name@example.com.',
        password: 'Password is required.',
      },
    );
    expectFieldErrors(await verify(tok.adv1, '12ab'), { otp: OTP_MESSAGE });
  });

  it('refuses a wrong password (400), its own address (400) and a taken address (409), mailing nothing', async () => {
    const target = uniqueEmail('never');
    expectError(await requestChange(tok.adv1, target, 'Wrong-pass-1'), 400, 'The password is wrong.');
    expectError(await requestChange(tok.adv1, 'ADV1@demo.test'), 400, 'This is already your e-mail address.');
    expectError(
      await requestChange(tok.adv1, DEMO.adv2.email),
      409,
      'An account with this e-mail already exists.',
    );
    expectError(
      await requestChange(tok.adv1, DEMO.advertiser.email.toUpperCase()),
      409,
      'An account with this e-mail already exists.',
    );
    expect(await mailsTo(t, target)).toHaveLength(0);
    expect(await mailsTo(t, DEMO.adv2.email)).toHaveLength(0);
  });

  it('mails a code to the new address; the right code changes the e-mail and the sign-in', async () => {
    const newEmail = uniqueEmail('moved');
    const result = await requestChange(tok.advertiser, newEmail.toUpperCase());
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toEqual({ success: true, message: 'We have sent a code to the new address.' });
    const mails = await mailsTo(t, newEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your new e-mail address');
    expect(await mailsTo(t, DEMO.advertiser.email)).toHaveLength(0);
    const code = await t.readOtp(newEmail);

    // Nothing changes before the code is confirmed.
    expect(dataOf<User>(await t.call('GET', '/api/auth/profile', { token: tok.advertiser })).email).toBe(
      DEMO.advertiser.email,
    );
    expect((await login(DEMO.advertiser.email)).status).toBe(200);

    expectError(await verify(tok.advertiser, otherCode(code)), 400, OTP_INVALID);
    // Another user cannot use the code.
    expectError(await verify(tok.adv2, code), 400, OTP_INVALID);

    const confirmed = await verify(tok.advertiser, code);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.message).toBe('Your e-mail address is changed.');
    expect(dataOf<User>(confirmed)).toMatchObject({ email: newEmail, user_primary_id: DEMO.advertiser.id });
    const notices = await mailsTo(t, DEMO.advertiser.email);
    expect(notices.map((mail) => mail.subject)).toEqual(['Your e-mail address was changed']);
    expect(dataOf<User>(await t.call('GET', '/api/auth/profile', { token: tok.advertiser })).email).toBe(
      newEmail,
    );

    const fresh = await login(newEmail);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.data).toMatchObject({ user_primary_id: DEMO.advertiser.id, email: newEmail });
    expectError(await login(DEMO.advertiser.email), 401, INVALID_LOGIN);

    // The code is spent.
    expectError(await verify(tok.advertiser, code), 400, OTP_INVALID);

    // The admin sees the change in the user's change log.
    const log = await t.call('GET', `/api/admin/users/${DEMO.advertiser.id}/change-log`, {
      token: tok.admin,
    });
    const newest = dataOf<{ items: { action: string; changes: unknown[] }[] }>(log).items[0]!;
    expect(newest).toMatchObject({
      action: 'update',
      changes: [{ field: 'email', from: DEMO.advertiser.email, to: newEmail }],
    });
  });

  it('only the newest code counts, and a code without a request is refused', async () => {
    expectError(await verify(tok.coadmin, '123456'), 400, OTP_INVALID);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await requestChange(tok.agency, first)).status).toBe(200);
    const firstCode = await t.readOtp(first);
    expect((await requestChange(tok.agency, second)).status).toBe(200);
    const secondCode = await t.readOtp(second);
    if (firstCode !== secondCode) expectError(await verify(tok.agency, firstCode), 400, OTP_INVALID);
    const confirmed = await verify(tok.agency, secondCode);
    expect(dataOf<User>(confirmed).email).toBe(second);
    expect((await login(second)).status).toBe(200);
  });

  it('gives up after five wrong codes', async () => {
    const target = uniqueEmail('tries');
    expect((await requestChange(tok.adv1, target)).status).toBe(200);
    const code = await t.readOtp(target);
    for (let i = 0; i < 5; i++) expectError(await verify(tok.adv1, otherCode(code)), 400, OTP_INVALID);
    expectError(await verify(tok.adv1, code), 400, OTP_INVALID);
    expect(dataOf<User>(await t.call('GET', '/api/auth/profile', { token: tok.adv1 })).email).toBe(
      DEMO.adv1.email,
    );
  });

  it('refuses the confirmation with 409 when the address was taken in the meantime', async () => {
    const target = uniqueEmail('raced');
    expect((await requestChange(tok.adv2, target)).status).toBe(200);
    const code = await t.readOtp(target);
    await registerAccount(t, { email: target });
    expectError(await verify(tok.adv2, code), 409, 'An account with this e-mail already exists.');
    expect(dataOf<User>(await t.call('GET', '/api/auth/profile', { token: tok.adv2 })).email).toBe(
      DEMO.adv2.email,
    );
  });
});
