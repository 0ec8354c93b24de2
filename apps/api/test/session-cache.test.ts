// The in-process session cache (platform/session-cache.ts): a session the server just used, and so
// remembers, is refused on the very next request once it is ended through the API: logout,
// refresh, a password change, a deactivation, a broken impersonation chain.
import type { SessionData } from '@console/core/api/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  forgetSessions,
  recallSession,
  rememberSession,
  SESSION_CACHE_MS,
} from '../src/platform/session-cache.ts';
import {
  createVerifiedAccount,
  dataOf,
  expectUnauthorized,
  insertUser,
  SESSION_ENDED,
  sessionOf,
} from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const profile = (token: string) => t.call('GET', '/api/auth/profile', { token });
/** Uses the token twice, so that the second answer came from the cache. */
const warm = async (token: string) => {
  expect((await profile(token)).status).toBe(200);
  expect((await profile(token)).status).toBe(200);
};

describe('a remembered session ends at once in this process', () => {
  it('on logout', async () => {
    const token = await t.loginAs('adv2@demo.test');
    await warm(token);
    expect((await t.call('POST', '/api/auth/logout', { token })).status).toBe(200);
    expectUnauthorized(await profile(token), SESSION_ENDED);
  });

  it('on refresh: the old token is refused, the new one works', async () => {
    const token = await t.loginAs('adv2@demo.test');
    await warm(token);
    const refreshed = dataOf<SessionData>(await t.call('GET', '/api/auth/refresh-token', { token }));
    expectUnauthorized(await profile(token), SESSION_ENDED);
    expect((await profile(refreshed.token)).status).toBe(200);
  });

  it("on a password change: the user's other sessions end", async () => {
    const account = await createVerifiedAccount(t);
    const other = await t.loginAs(account.email, account.password);
    await warm(other);
    await warm(account.token);
    const changed = await t.call('POST', '/api/auth/changePassword', {
      token: account.token,
      body: { current_password: account.password, new_password: 'Changed-pass-1' },
    });
    expect(changed.status).toBe(200);
    expectUnauthorized(await profile(other), SESSION_ENDED);
    expectUnauthorized(await profile(account.token), SESSION_ENDED);
  });

  it('when an admin deactivates the user', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    const session = await sessionOf(t, user.email, user.password);
    await warm(session.token);
    const admin = await t.loginAs('admin@demo.test');
    const result = await t.call('PATCH', `/api/admin/users/${user.id}/status`, {
      token: admin,
      body: { status: 'INACTIVE' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expectUnauthorized(await profile(session.token), SESSION_ENDED);
  });

  it('when an advertiser moves away from the agency acting as it', async () => {
    const agency = await insertUser(t, { role: 'AGENCY' });
    const advertiser = await insertUser(t, { role: 'ADVERTISER', agencyId: agency.id });
    const agencyToken = await t.loginAs(agency.email, agency.password);
    const child = dataOf<SessionData>(
      await t.call('POST', '/api/auth/auto-login', {
        token: agencyToken,
        body: { user_primary_id: advertiser.id },
      }),
    );
    await warm(child.token);
    const admin = await t.loginAs('admin@demo.test');
    const moved = await t.call('POST', '/api/admin/assign-advertiser', {
      token: admin,
      body: { advertiser_id: advertiser.id, agency_id: null },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expectUnauthorized(await profile(child.token), SESSION_ENDED);
    expect((await profile(agencyToken)).status).toBe(200);
  });
});

describe('the cache itself', () => {
  const claims = { uid: 1, role: 'ADMIN' as const, sid: 's', jti: 'j' };
  const principal = {
    userId: 1,
    publicId: 'p',
    role: 'ADMIN' as const,
    email: 'a@b.c',
    sessionId: 's',
    actorChain: [],
  };

  it('keeps an entry SESSION_CACHE_MS at most, and never past the session end', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      forgetSessions(0);
      rememberSession(claims, principal, Number.POSITIVE_INFINITY);
      expect(recallSession(claims)).toBe(principal);
      expect(recallSession(claims, Date.now() + SESSION_CACHE_MS)).toBeUndefined();
      rememberSession(claims, principal, Date.now() + 10);
      expect(recallSession(claims, Date.now() + 10)).toBeUndefined();
      expect(recallSession({ ...claims, jti: 'other' })).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('remembers nothing for SESSION_CACHE_MS after a change (a read from before its commit)', () => {
    const now = Date.now();
    forgetSessions(now);
    rememberSession(claims, principal, Number.POSITIVE_INFINITY, now + SESSION_CACHE_MS - 1);
    expect(recallSession(claims, now + SESSION_CACHE_MS - 1)).toBeUndefined();
    rememberSession(claims, principal, Number.POSITIVE_INFINITY, now + SESSION_CACHE_MS);
    expect(recallSession(claims, now + SESSION_CACHE_MS)).toBe(principal);
    forgetSessions();
  });
});
