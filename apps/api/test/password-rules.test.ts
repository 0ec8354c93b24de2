// Passwords a guesser tries first are refused wherever a password is set, and a new password must
// differ from the one it replaces. The list is zxcvbn-ts's common passwords,
// checked offline and case-insensitively.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  SAME_PASSWORD_MESSAGE,
} from '../src/platform/password-policy.ts';
import { createVerifiedAccount, expectFieldErrors, uniqueEmail } from './support/accounts.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;
beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
});
afterAll(() => t.close());

// Each satisfies the shape rules (8+ characters, upper, lower, digit) and is a top breached password.
const COMMON = ['Password1', 'Qwerty123', 'Letmein1', 'Iloveyou1'];

const login = (email: string, password: string) =>
  t.call('POST', '/api/auth/login', { body: { email, password } });

describe('the common-password list', () => {
  it('holds the well-known ones, whatever their case, and not a good password', () => {
    for (const password of [...COMMON, 'password', '123456', 'PASSWORD123']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('Demo-pass-1')).toBe(false);
    expect(isCommonPassword('Correct-horse-battery-9')).toBe(false);
  });
});

describe('common passwords are refused', () => {
  it.each(COMMON)('by registration: %s', async (password) => {
    const email = uniqueEmail('common');
    const result = await t.call('POST', '/api/auth/register', {
      body: { role: 'ADVERTISER', email, password, firstName: 'A', lastName: 'B', companyName: 'C' },
    });
    expectFieldErrors(result, { password: COMMON_PASSWORD_MESSAGE });
    // Nothing was registered and nothing mailed.
    const again = await t.call('POST', '/api/auth/resend-verify-otp', { body: { email } });
    expect(again.status).toBe(200);
    await expect(t.readOtp(email)).rejects.toThrow(/no code/);
  });

  it('by a password reset, keeping the code for a better password', async () => {
    const account = await createVerifiedAccount(t);
    await t.call('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const otp = await t.readOtp(account.email);
    const common = await t.call('POST', '/api/auth/reset-password', {
      body: { email: account.email, otp, password: 'Password1' },
    });
    expectFieldErrors(common, { password: COMMON_PASSWORD_MESSAGE });
    const good = await t.call('POST', '/api/auth/reset-password', {
      body: { email: account.email, otp, password: 'Uncommon-pass-31' },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });

  it('by a password change', async () => {
    const account = await createVerifiedAccount(t);
    const result = await t.call('POST', '/api/auth/changePassword', {
      token: account.token,
      body: { current_password: account.password, new_password: 'Qwerty123' },
    });
    expectFieldErrors(result, { new_password: COMMON_PASSWORD_MESSAGE });
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it("by an admin setting a user's password and adding a user", async () => {
    const set = await t.call('POST', '/api/auth/userChangePassword', {
      token: tok.admin,
      body: { user_primary_id: DEMO.adv2.id, new_password: 'Letmein1' },
    });
    expectFieldErrors(set, { new_password: COMMON_PASSWORD_MESSAGE });
    const added = await t.call('POST', '/api/admin/users', {
      token: tok.admin,
      body: {
        role: 'ADVERTISER',
        email: uniqueEmail('added'),
        password: 'Iloveyou1',
        firstName: 'A',
        lastName: 'B',
        companyName: 'C',
      },
    });
    expectFieldErrors(added, { password: COMMON_PASSWORD_MESSAGE });
  });
});

describe('a new password equal to the old one is refused', () => {
  it('by a password change', async () => {
    const account = await createVerifiedAccount(t);
    const result = await t.call('POST', '/api/auth/changePassword', {
      token: account.token,
      body: { current_password: account.password, new_password: account.password },
    });
    expectFieldErrors(result, { new_password: SAME_PASSWORD_MESSAGE });
    expect((await t.call('GET', '/api/auth/profile', { token: account.token })).status).toBe(200);
  });

  it('by a password reset, only once the code is proven, and the code stays usable', async () => {
    const account = await createVerifiedAccount(t);
    await t.call('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const otp = await t.readOtp(account.email);
    // Without the right code the answer says nothing about the current password.
    const guess = await t.call('POST', '/api/auth/reset-password', {
      body: { email: account.email, otp: otp === '000000' ? '111111' : '000000', password: account.password },
    });
    expect(guess.status).toBe(400);
    expect(guess.body.message).not.toBe(SAME_PASSWORD_MESSAGE);
    const same = await t.call('POST', '/api/auth/reset-password', {
      body: { email: account.email, otp, password: account.password },
    });
    expectFieldErrors(same, { password: SAME_PASSWORD_MESSAGE });
    const good = await t.call('POST', '/api/auth/reset-password', {
      body: { email: account.email, otp, password: 'Uncommon-pass-32' },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });
});
