// Registration, e-mail verification, resend, forgot and reset password.
import type { SessionData } from '@console/core/api/auth';
import { PASSWORD_MESSAGE } from '@console/core/validation/password';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users.ts';
import {
  createVerifiedAccount,
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  INVALID_LOGIN,
  idOf,
  mailsTo,
  OTP_INVALID,
  OTP_SENT,
  otherCode,
  registerAccount,
  SESSION_ENDED,
  targetEmailsOf,
  uniqueEmail,
  userRowOf,
} from './support/accounts.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A registration body; tests override what they look at. */
const registration = {
  role: 'ADVERTISER',
  password: DEMO_PASSWORD,
  firstName: 'A',
  lastName: 'B',
  companyName: 'C',
} as const;

const login = (email: string, password: string) =>
  t.call('POST', '/api/auth/login', { body: { email, password } });
/** Verifies with the registration's password (the demo one unless a test says otherwise). */
const verify = (email: string, otp: string, password: string = DEMO_PASSWORD) =>
  t.call('POST', '/api/auth/verify-otp', { body: { email, otp, password } });

describe('POST /api/auth/register and verify-otp', () => {
  it.each(['ADVERTISER', 'AGENCY'] as const)(
    'registers a pending %s, mails a code, and activates it',
    async (role) => {
      const email = uniqueEmail(role.toLowerCase());
      const registered = await t.call('POST', '/api/auth/register', {
        body: {
          role,
          email,
          password: DEMO_PASSWORD,
          firstName: 'Nia',
          lastName: 'New',
          companyName: 'New Co',
        },
      });
      expect(registered.status).toBe(200);
      expect(registered.body).toEqual({
        success: true,
        message: 'We have sent a verification code to your e-mail address.',
        data: { email },
      });
      expect((await userRowOf(t, email)).status).toBe('PENDING');

      // Pending: no sign-in, and the right password is answered exactly like a wrong one.
      const right = await login(email, DEMO_PASSWORD);
      const wrong = await login(email, 'Wrong-pass-1');
      expectUnauthorized(right, INVALID_LOGIN);
      expect(right.body).toEqual(wrong.body);

      const mails = await mailsTo(t, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Verify your e-mail address');
      const otp = await t.readOtp(email);

      const verified = await verify(email, otp);
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ success: true, message: 'Your e-mail address is verified.' });
      const session = dataOf<SessionData>(verified);
      expect(session).toMatchObject({
        role,
        email,
        firstName: 'Nia',
        lastName: 'New',
        companyName: 'New Co',
        expires_in: 7200,
        user_primary_id: await idOf(t, email),
      });
      expect(session.token).toEqual(expect.any(String));
      expect(session._id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await userRowOf(t, email)).status).toBe('ACTIVE');

      // The session it answered works, the code is used up, and the password now signs in.
      const profile = await t.call('GET', '/api/auth/profile', { token: session.token });
      expect(profile.body.data).toMatchObject({ email, role, status: 'ACTIVE' });
      expectError(await verify(email, otp), 400, OTP_INVALID);
      expect((await login(email, DEMO_PASSWORD)).status).toBe(200);
    },
  );

  it('counts sign-ins to a pending registration as failures, and verifying starts the count afresh', async () => {
    const { email } = await registerAccount(t);
    for (let i = 0; i < 4; i++) expectUnauthorized(await login(email, DEMO_PASSWORD), INVALID_LOGIN);
    // The fifth attempt locks, right password or not, as for any account.
    expect((await login(email, DEMO_PASSWORD)).status).toBe(429);
    expect((await verify(email, await t.readOtp(email))).status).toBe(200);
    expect((await login(email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('stores the e-mail lower-case and trimmed', async () => {
    const email = uniqueEmail('case');
    await registerAccount(t, { email: `  ${email.toUpperCase()} ` });
    expect((await userRowOf(t, email)).email).toBe(email);
  });

  it('refuses a wrong code with 400 and counts it: four wrong tries leave the code usable', async () => {
    const { email } = await registerAccount(t);
    const otp = await t.readOtp(email);
    for (let i = 0; i < 4; i++) expectError(await verify(email, otherCode(otp)), 400, OTP_INVALID);
    expect((await verify(email, otp)).status).toBe(200);
  });

  it('burns the code after five wrong tries; a new code then works', async () => {
    const { email } = await registerAccount(t);
    const otp = await t.readOtp(email);
    for (let i = 0; i < 5; i++) expectError(await verify(email, otherCode(otp)), 400, OTP_INVALID);
    expectError(await verify(email, otp), 400, OTP_INVALID);
    expect((await userRowOf(t, email)).status).toBe('PENDING');

    const resent = await t.call('POST', '/api/auth/resend-verify-otp', { body: { email } });
    expect(resent.body).toEqual({ success: true, message: OTP_SENT });
    const fresh = await t.readOtp(email);
    expect((await verify(email, fresh)).status).toBe(200);
  });

  it('answers a code for an unknown e-mail like a wrong code', async () => {
    expectError(await verify(uniqueEmail('ghost'), '123456'), 400, OTP_INVALID);
  });

  it('validates the code: six digits', async () => {
    const { email } = await registerAccount(t);
    for (const otp of ['12345', '1234567', 'abcdef', '']) {
      expectFieldErrors(await verify(email, otp), { otp: true });
    }
  });

  it('resend-verify-otp replaces the code: the old one no longer works, the new one does', async () => {
    const { email } = await registerAccount(t);
    const first = await t.readOtp(email);
    const resent = await t.call('POST', '/api/auth/resend-verify-otp', { body: { email } });
    expect(resent.status).toBe(200);
    expect(await mailsTo(t, email)).toHaveLength(2);
    const second = await t.readOtp(email);
    if (first !== second) expectError(await verify(email, first), 400, OTP_INVALID);
    expect((await verify(email, second)).status).toBe(200);
  });

  it('resend-verify-otp answers the same for unknown and active e-mails and mails neither', async () => {
    const unknown = uniqueEmail('ghost');
    for (const email of [unknown, 'adv2@demo.test']) {
      const before = (await mailsTo(t, email)).length;
      const result = await t.call('POST', '/api/auth/resend-verify-otp', { body: { email } });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ success: true, message: OTP_SENT });
      expect(await mailsTo(t, email)).toHaveLength(before);
    }
  });

  it('answers the e-mail of an active account like a new one, and mails its owner a notice, no code', async () => {
    const fresh = await t.call('POST', '/api/auth/register', {
      body: { ...registration, email: uniqueEmail('fresh') },
    });
    for (const email of ['adv1@demo.test', 'ADV1@Demo.Test']) {
      const result = await t.call('POST', '/api/auth/register', { body: { ...registration, email } });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ ...fresh.body, data: { email: 'adv1@demo.test' } });
    }
    const [notice] = (await mailsTo(t, 'adv1@demo.test')).slice(-1);
    expect(notice?.subject).toBe('Someone tried to register with your e-mail address');
    expect(notice?.body).not.toMatch(/\d{6}/);
    // The existing account is untouched.
    expect((await login('adv1@demo.test', DEMO_PASSWORD)).status).toBe(200);
    expect(await userRowOf(t, 'adv1@demo.test')).toMatchObject({ role: 'ADVERTISER', firstName: 'Alan' });
  });
  it('refuses a weak password with the policy message', async () => {
    for (const password of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      const result = await t.call('POST', '/api/auth/register', {
        body: {
          role: 'ADVERTISER',
          email: uniqueEmail(),
          password,
          firstName: 'A',
          lastName: 'B',
          companyName: 'C',
        },
      });
      expectFieldErrors(result, { password: PASSWORD_MESSAGE });
    }
  });

  it('answers bad input with a message per field and creates nothing', async () => {
    const email = uniqueEmail('bad');
    const result = await t.call('POST', '/api/auth/register', {
      body: { role: 'ADMIN', email, password: DEMO_PASSWORD, firstName: '', lastName: 'x'.repeat(101) },
    });
    const errors = expectFieldErrors(result, {
      role: 'Choose advertiser or agency.',
      firstName: 'This field is required.',
      lastName: 'At most 100 characters.',
      companyName: true,
    });
    expect(Object.keys(errors)).not.toContain('email');
    expect(await mailsTo(t, email)).toHaveLength(0);
    await expect(userRowOf(t, email)).rejects.toThrow(/no user/);
  });

  it("makes an advertiser registered on an agency's custom domain that agency's advertiser", async () => {
    const agencyToken = await t.loginAs('agency@demo.test');
    const branded = await createVerifiedAccount(t, { host: 'northwind.localhost' });
    const plain = await createVerifiedAccount(t);
    expect((await userRowOf(t, branded.email)).agencyId).toBe(await idOf(t, 'agency@demo.test'));
    expect((await userRowOf(t, plain.email)).agencyId).toBeNull();

    const targets = await targetEmailsOf(t, agencyToken);
    expect(targets).toContain(branded.email);
    expect(targets).not.toContain(plain.email);
    // ...and the agency may act as it.
    const acted = await t.call('POST', '/api/auth/auto-login', {
      token: agencyToken,
      body: { user_primary_id: branded.user_primary_id },
    });
    expect(acted.status).toBe(200);
    expect(dataOf<SessionData>(acted).email).toBe(branded.email);
  });

  it('does not attach an agency registered on a custom domain to that agency', async () => {
    const agency = await createVerifiedAccount(t, { role: 'AGENCY', host: 'northwind.localhost:8080' });
    expect((await userRowOf(t, agency.email)).agencyId).toBeNull();
  });
});

describe('POST /api/auth/forgot-password and reset-password', () => {
  it('answers the same message for known and unknown e-mails, and mails only the known one', async () => {
    const account = await createVerifiedAccount(t);
    const unknown = uniqueEmail('ghost');
    const known = await t.call('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const ghost = await t.call('POST', '/api/auth/forgot-password', { body: { email: unknown } });
    expect(known.status).toBe(200);
    expect(ghost.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: OTP_SENT });
    expect(ghost.body).toEqual(known.body);
    const mails = await mailsTo(t, account.email);
    expect(mails.at(-1)!.subject).toBe('Reset your password');
    expect(await mailsTo(t, unknown)).toHaveLength(0);
  });

  it('does not mail a reset code to a pending account', async () => {
    const { email } = await registerAccount(t);
    await t.call('POST', '/api/auth/forgot-password', { body: { email } });
    const mails = await mailsTo(t, email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Verify your e-mail address']);
  });

  it('sets the password with the code and ends the existing sessions', async () => {
    const account = await createVerifiedAccount(t);
    const otherSession = await t.loginAs(account.email, account.password);
    await t.call('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const otp = await t.readOtp(account.email);

    const reset = await t.call('POST', '/api/auth/reset-password', {
      body: { email: account.email, otp, password: 'Brand-new-pass-7' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, message: 'Your password has been reset. Please sign in.' });

    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token: account.token }), SESSION_ENDED);
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token: otherSession }), SESSION_ENDED);
    expectUnauthorized(await login(account.email, account.password), INVALID_LOGIN);
    expect((await login(account.email, 'Brand-new-pass-7')).status).toBe(200);
    // The code is single-use.
    expectError(
      await t.call('POST', '/api/auth/reset-password', {
        body: { email: account.email, otp, password: 'Third-pass-3' },
      }),
      400,
      OTP_INVALID,
    );
  });

  it('refuses a wrong code, and keeps the old password', async () => {
    const account = await createVerifiedAccount(t);
    await t.call('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const otp = await t.readOtp(account.email);
    const result = await t.call('POST', '/api/auth/reset-password', {
      body: { email: account.email, otp: otherCode(otp), password: 'Brand-new-pass-7' },
    });
    expectError(result, 400, OTP_INVALID);
    expect((await login(account.email, account.password)).status).toBe(200);
    expect((await t.call('GET', '/api/auth/profile', { token: account.token })).status).toBe(200);
  });

  it('refuses a weak new password with the policy message and keeps the code', async () => {
    const account = await createVerifiedAccount(t);
    await t.call('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const otp = await t.readOtp(account.email);
    const weak = await t.call('POST', '/api/auth/reset-password', {
      body: { email: account.email, otp, password: 'weak' },
    });
    expectFieldErrors(weak, { password: PASSWORD_MESSAGE });
    const strong = await t.call('POST', '/api/auth/reset-password', {
      body: { email: account.email, otp, password: 'Strong-pass-4' },
    });
    expect(strong.status).toBe(200);
  });

  it('refuses a reset for an unknown e-mail like a wrong code', async () => {
    const result = await t.call('POST', '/api/auth/reset-password', {
      body: { email: uniqueEmail('ghost'), otp: '123456', password: 'Strong-pass-4' },
    });
    expectError(result, 400, OTP_INVALID);
  });

  it('a verification code cannot reset a password (codes have one purpose)', async () => {
    const { email } = await registerAccount(t);
    const verifyCode = await t.readOtp(email);
    const result = await t.call('POST', '/api/auth/reset-password', {
      body: { email, otp: verifyCode, password: 'Strong-pass-4' },
    });
    expectError(result, 400, OTP_INVALID);
    expect((await verify(email, verifyCode)).status).toBe(200);
  });
});

describe('a code completes only the registration whose password is entered with it', () => {
  const victim = { firstName: 'First', lastName: 'Owner', companyName: 'First Co', password: 'Owner-pass-1' };
  const attacker = {
    role: 'AGENCY' as const,
    firstName: 'Second',
    lastName: 'Taker',
    companyName: 'Takeover Co',
    password: 'Taker-pass-2',
  };
  const register = (email: string, who: typeof victim | typeof attacker) =>
    t.call('POST', '/api/auth/register', { body: { ...registration, ...who, email } });
  const resend = (email: string) => t.call('POST', '/api/auth/resend-verify-otp', { body: { email } });
  /** Moves the pending registration of the address the given hours into the past. */
  const ageRegistration = (email: string, hours: number) =>
    t.deps.db
      .update(users)
      .set({ createdAt: sql`${users.createdAt} - ${hours} * interval '1 hour'` })
      .where(eq(users.email, email));

  it('attacker first: the owner registers too, resends, and verifies with their own password', async () => {
    const email = uniqueEmail('victim');
    const attackerAnswer = await register(email, attacker);
    const victimAnswer = await register(email, victim);
    // Both hear what anybody hears.
    expect(victimAnswer.status).toBe(200);
    expect(victimAnswer.body).toEqual(attackerAnswer.body);
    // The attacker's code is still live: the owner's registration voids nothing and mails nothing.
    expect(await mailsTo(t, email)).toHaveLength(1);

    expect((await resend(email)).status).toBe(200);
    const code = await t.readOtp(email);
    const session = dataOf<SessionData>(await verify(email, code, victim.password));
    expect(session).toMatchObject({ role: 'ADVERTISER', firstName: 'First', companyName: 'First Co' });
    expect((await login(email, victim.password)).status).toBe(200);
    expectUnauthorized(await login(email, attacker.password), INVALID_LOGIN);
  });

  it('a right code with a wrong password reads exactly like a wrong code', async () => {
    const email = uniqueEmail('victim');
    await register(email, attacker);
    const code = await t.readOtp(email);
    const wrongPassword = await verify(email, code, 'Not-their-pass-3');
    const wrongCode = await verify(email, otherCode(code), 'Not-their-pass-3');
    expectError(wrongPassword, 400, OTP_INVALID);
    expect(wrongPassword.body).toEqual(wrongCode.body);
    expect((await userRowOf(t, email)).status).toBe('PENDING');
  });

  it('the attacker cannot verify its registration without the code', async () => {
    const email = uniqueEmail('victim');
    await register(email, attacker);
    const code = await t.readOtp(email);
    expectError(await verify(email, otherCode(code), attacker.password), 400, OTP_INVALID);
    expect((await userRowOf(t, email)).status).toBe('PENDING');
    expectUnauthorized(await login(email, attacker.password), INVALID_LOGIN);
  });

  it('a wrong password counts like a wrong code: four leave the code usable, five burn it', async () => {
    const usable = uniqueEmail('tries');
    await register(usable, victim);
    const code = await t.readOtp(usable);
    for (let i = 0; i < 2; i++) expectError(await verify(usable, code, attacker.password), 400, OTP_INVALID);
    for (let i = 0; i < 2; i++) {
      expectError(await verify(usable, otherCode(code), victim.password), 400, OTP_INVALID);
    }
    expect((await verify(usable, code, victim.password)).status).toBe(200);

    const burnt = uniqueEmail('tries');
    await register(burnt, victim);
    const burntCode = await t.readOtp(burnt);
    for (let i = 0; i < 5; i++) {
      expectError(await verify(burnt, burntCode, attacker.password), 400, OTP_INVALID);
    }
    expectError(await verify(burnt, burntCode, victim.password), 400, OTP_INVALID);
    expect((await userRowOf(t, burnt)).status).toBe('PENDING');
  });

  it('more registrations mail nothing while a code is live, change nothing, and leave that code valid', async () => {
    const email = uniqueEmail('victim');
    await register(email, victim);
    const firstCode = await t.readOtp(email);
    const before = await userRowOf(t, email);
    for (let i = 0; i < 5; i++) expect((await register(email, attacker)).status).toBe(200);
    expect(await mailsTo(t, email)).toHaveLength(1);
    expect(await userRowOf(t, email)).toEqual(before);

    const session = dataOf<SessionData>(await verify(email, firstCode, victim.password));
    expect(session).toMatchObject({ role: 'ADVERTISER', firstName: 'First', lastName: 'Owner' });
    expect((await login(email, victim.password)).status).toBe(200);
    expectUnauthorized(await login(email, attacker.password), INVALID_LOGIN);
  });

  it('a later registration mails a code when none is live (the first was burnt by guesses)', async () => {
    const email = uniqueEmail('victim');
    await register(email, attacker);
    const code = await t.readOtp(email);
    for (let i = 0; i < 5; i++)
      expectError(await verify(email, otherCode(code), attacker.password), 400, OTP_INVALID);
    await register(email, victim);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.body).toContain('Enter it with the password you registered with');
    const fresh = await t.readOtp(email);
    expect(dataOf<SessionData>(await verify(email, fresh, victim.password))).toMatchObject({
      role: 'ADVERTISER',
      companyName: 'First Co',
    });
  });

  it('holds the address for 24 hours unverified; the next registration then starts afresh', async () => {
    const email = uniqueEmail('expired');
    await register(email, victim);
    const staleCode = await t.readOtp(email);
    await ageRegistration(email, 23);
    await register(email, attacker);
    expect(await mailsTo(t, email)).toHaveLength(1);

    await ageRegistration(email, 2);
    await register(email, attacker);
    expect(await mailsTo(t, email)).toHaveLength(2);
    expect(await userRowOf(t, email)).toMatchObject({
      status: 'PENDING',
      role: 'AGENCY',
      firstName: 'Second',
    });
    // The replaced registrations died with their code: the victim's password no longer completes one.
    const freshCode = await t.readOtp(email);
    if (freshCode !== staleCode) {
      expectError(await verify(email, staleCode, attacker.password), 400, OTP_INVALID);
    }
    expectError(await verify(email, freshCode, victim.password), 400, OTP_INVALID);
    expect(dataOf<SessionData>(await verify(email, freshCode, attacker.password))).toMatchObject({
      role: 'AGENCY',
    });
    expect((await login(email, attacker.password)).status).toBe(200);
    // ...and, once active, the address is held for good.
    await register(email, victim);
    expect((await mailsTo(t, email)).at(-1)?.subject).toBe(
      'Someone tried to register with your e-mail address',
    );
  });

  it('verify-otp asks for the password', async () => {
    const { email } = await registerAccount(t);
    const otp = await t.readOtp(email);
    expectFieldErrors(await t.call('POST', '/api/auth/verify-otp', { body: { email, otp } }), {
      password: true,
    });
  });
});
