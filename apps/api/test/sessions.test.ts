// Sessions: refresh, logout, own and admin password changes, profile with its audit trail.
import type { SessionData, User } from '@console/core/api/auth';
import { PASSWORD_MESSAGE } from '@console/core/validation/password';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit.ts';
import {
  createVerifiedAccount,
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  INVALID_LOGIN,
  idOf,
  NO_PERMISSION,
  SESSION_ENDED,
  sessionOf,
  USER_NOT_FOUND,
  uniqueEmail,
} from './support/accounts.ts';
import { rowsOf } from './support/admin-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const profile = (token: string) => t.call('GET', '/api/auth/profile', { token });
const login = (email: string, password: string) =>
  t.call('POST', '/api/auth/login', { body: { email, password } });

const auditRowsOf = (userId: number, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'user'),
        eq(auditLog.entityId, String(userId)),
        eq(auditLog.action, action),
      ),
    )
    .orderBy(asc(auditLog.id));

describe('GET /api/auth/refresh-token', () => {
  it('answers {status:1, success:true, data} with a new token; the old one stops working', async () => {
    const first = await sessionOf(t, 'adv2@demo.test');
    const refreshed = await t.call('GET', '/api/auth/refresh-token', { token: first.token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.status).toBe(1);
    expect(refreshed.body.success).toBe(true);
    const data = dataOf<SessionData>(refreshed);
    expect(data).toEqual({ ...first, token: expect.any(String) });
    expect(data.token).not.toBe(first.token);

    expectUnauthorized(await profile(first.token), SESSION_ENDED);
    expectUnauthorized(await t.call('GET', '/api/auth/refresh-token', { token: first.token }), SESSION_ENDED);
    expect((await profile(data.token)).body.data).toMatchObject({ email: 'adv2@demo.test' });

    // It can be refreshed again, and again only the newest token works.
    const again = dataOf<SessionData>(await t.call('GET', '/api/auth/refresh-token', { token: data.token }));
    expectUnauthorized(await profile(data.token), SESSION_ENDED);
    expect((await profile(again.token)).status).toBe(200);
  });

  it('leaves the other sessions of the user alone', async () => {
    const a = await t.loginAs('adv2@demo.test');
    const b = await t.loginAs('adv2@demo.test');
    await t.call('GET', '/api/auth/refresh-token', { token: a });
    expect((await profile(b)).status).toBe(200);
  });
});

/** Moves the given session columns of one session by `seconds` (negative: into the past). */
const shiftSession = async (
  sessionId: string,
  column: 'absolute_expires_at' | 'rotated_at',
  seconds: number,
) => {
  await t.deps.db.execute(
    sql`update sessions set ${sql.raw(column)} = ${sql.raw(column)} + ${seconds} * interval '1 second' where id = ${sessionId}`,
  );
};
const sessionIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

describe('the life of a session', () => {
  it('ends SESSION_MAX_HOURS (12) after sign-in, however often it is refreshed', async () => {
    const first = await sessionOf(t, 'adv2@demo.test');
    const sid = sessionIdOf(first.token);
    const [row] = await rowsOf<{ hours: number }>(
      t,
      sql`select extract(epoch from absolute_expires_at - created_at) / 3600 as hours from sessions where id = ${sid}`,
    );
    expect(Number(row?.hours)).toBeCloseTo(12, 1);

    // Ten minutes before the end, a refresh answers a token for those ten minutes only.
    await shiftSession(sid, 'absolute_expires_at', -(12 * 3600 - 600));
    const refreshed = await t.call('GET', '/api/auth/refresh-token', { token: first.token });
    expect(refreshed.status).toBe(200);
    const data = dataOf<SessionData>(refreshed);
    expect(data.expires_in).toBeGreaterThan(590);
    expect(data.expires_in).toBeLessThanOrEqual(600);
    const { exp } = JSON.parse(Buffer.from(data.token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(600_000);

    // Past the end, neither the token nor a refresh works: a new sign-in is needed.
    await shiftSession(sid, 'absolute_expires_at', -601);
    expectUnauthorized(await profile(data.token));
    expectUnauthorized(await t.call('GET', '/api/auth/refresh-token', { token: data.token }));
    expect((await sessionOf(t, 'adv2@demo.test')).expires_in).toBe(7200);
  });

  it('an impersonation session ends no later than the session it was opened from', async () => {
    const admin = await sessionOf(t, 'admin@demo.test');
    await shiftSession(sessionIdOf(admin.token), 'absolute_expires_at', -(12 * 3600 - 300));
    const child = await t.call('POST', '/api/auth/auto-login', {
      token: admin.token,
      body: { user_primary_id: await idOf(t, 'adv2@demo.test') },
    });
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    expect(dataOf<SessionData>(child).expires_in).toBeLessThanOrEqual(300);
  });

  it('reuse of a rotated token ends the whole session family', async () => {
    const parent = await sessionOf(t, 'admin@demo.test');
    const child = dataOf<SessionData>(
      await t.call('POST', '/api/auth/auto-login', {
        token: parent.token,
        body: { user_primary_id: await idOf(t, 'adv2@demo.test') },
      }),
    );
    const other = await sessionOf(t, 'admin@demo.test');
    const rotated = dataOf<SessionData>(
      await t.call('GET', '/api/auth/refresh-token', { token: parent.token }),
    );

    // Just after the refresh the old token is refused, but taken for the client's own race.
    expectUnauthorized(await profile(parent.token), SESSION_ENDED);
    expect((await profile(rotated.token)).status).toBe(200);

    // Later it can only be a copy: the session and the sessions opened from it end.
    await shiftSession(sessionIdOf(parent.token), 'rotated_at', -60);
    expectUnauthorized(await profile(parent.token), SESSION_ENDED);
    expectUnauthorized(await profile(rotated.token), SESSION_ENDED);
    expectUnauthorized(await profile(child.token), SESSION_ENDED);
    // Other sessions of the user are not of this family.
    expect((await profile(other.token)).status).toBe(200);
  });

  it('reuse of a rotated impersonation token ends that session, not its parent', async () => {
    const parent = await sessionOf(t, 'admin@demo.test');
    const child = dataOf<SessionData>(
      await t.call('POST', '/api/auth/auto-login', {
        token: parent.token,
        body: { user_primary_id: await idOf(t, 'adv2@demo.test') },
      }),
    );
    const rotated = dataOf<SessionData>(
      await t.call('GET', '/api/auth/refresh-token', { token: child.token }),
    );
    await shiftSession(sessionIdOf(child.token), 'rotated_at', -60);
    expectUnauthorized(await profile(child.token), SESSION_ENDED);
    expectUnauthorized(await profile(rotated.token), SESSION_ENDED);
    expect((await profile(parent.token)).status).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends that session only', async () => {
    const a = await t.loginAs('adv2@demo.test');
    const b = await t.loginAs('adv2@demo.test');
    const out = await t.call('POST', '/api/auth/logout', { token: a });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Signed out.' });
    expectUnauthorized(await profile(a), SESSION_ENDED);
    expectUnauthorized(await t.call('GET', '/api/auth/refresh-token', { token: a }), SESSION_ENDED);
    expectUnauthorized(await t.call('POST', '/api/auth/logout', { token: a }), SESSION_ENDED);
    expect((await profile(b)).status).toBe(200);
  });
});

describe('POST /api/auth/changePassword', () => {
  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const account = await createVerifiedAccount(t);
    const result = await t.call('POST', '/api/auth/changePassword', {
      token: account.token,
      body: { current_password: 'Not-my-pass-1', new_password: 'Changed-pass-1' },
    });
    expectError(result, 400, 'The current password is wrong.');
    expect((await profile(account.token)).status).toBe(200);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it('refuses a weak new password with the policy message', async () => {
    const account = await createVerifiedAccount(t);
    const result = await t.call('POST', '/api/auth/changePassword', {
      token: account.token,
      body: { current_password: account.password, new_password: 'password' },
    });
    expectFieldErrors(result, { new_password: PASSWORD_MESSAGE });
  });

  it('answers a new token, ends the other sessions, and retires the old password', async () => {
    const account = await createVerifiedAccount(t);
    const other = await t.loginAs(account.email, account.password);
    const result = await t.call('POST', '/api/auth/changePassword', {
      token: account.token,
      body: { current_password: account.password, new_password: 'Changed-pass-1' },
    });
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Your password has been changed.');
    const session = dataOf<SessionData>(result);
    expect(session).toMatchObject({
      email: account.email,
      user_primary_id: account.user_primary_id,
      expires_in: 7200,
    });
    expect(session.token).not.toBe(account.token);

    expect((await profile(session.token)).status).toBe(200);
    expectUnauthorized(await profile(account.token), SESSION_ENDED);
    expectUnauthorized(await profile(other), SESSION_ENDED);
    expectUnauthorized(await login(account.email, account.password), INVALID_LOGIN);
    expect((await login(account.email, 'Changed-pass-1')).status).toBe(200);

    const [audit] = await auditRowsOf(account.user_primary_id, 'change-password');
    expect(audit?.changes).toEqual([{ field: 'password', from: '***', to: '***' }]);
  });

  it('needs a body with both fields', async () => {
    const token = await t.loginAs('adv2@demo.test');
    expectFieldErrors(await t.call('POST', '/api/auth/changePassword', { token, body: {} }), {
      current_password: true,
      new_password: true,
    });
  });
});

describe('POST /api/auth/userChangePassword', () => {
  it.each([
    ['admin@demo.test', 'ADVERTISER'],
    ['coadmin@demo.test', 'ADVERTISER'],
    ['admin@demo.test', 'AGENCY'],
    ['coadmin@demo.test', 'AGENCY'],
  ] as const)("%s sets a %s's password; that user's sessions end", async (actor, role) => {
    const target = await createVerifiedAccount(t, { role });
    const second = await t.loginAs(target.email, target.password);
    const token = await t.loginAs(actor);
    const result = await t.call('POST', '/api/auth/userChangePassword', {
      token,
      body: { user_primary_id: target.user_primary_id, new_password: 'Set-by-staff-1' },
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, message: 'The password has been changed.' });

    expectUnauthorized(await profile(target.token), SESSION_ENDED);
    expectUnauthorized(await profile(second), SESSION_ENDED);
    expectUnauthorized(await login(target.email, target.password), INVALID_LOGIN);
    expect((await login(target.email, 'Set-by-staff-1')).status).toBe(200);
    expect((await profile(token)).status).toBe(200);

    const [audit] = await auditRowsOf(target.user_primary_id, 'set-password');
    expect(audit?.actorUserId).toBe(await idOf(t, actor));
  });

  it('accepts the id as a numeric string (form posts)', async () => {
    const target = await createVerifiedAccount(t);
    const token = await t.loginAs('admin@demo.test');
    const result = await t.call('POST', '/api/auth/userChangePassword', {
      token,
      body: { user_primary_id: String(target.user_primary_id), new_password: 'Set-by-staff-2' },
    });
    expect(result.status).toBe(200);
  });

  it('answers 404 to a co-admin for the admin, another co-admin and itself', async () => {
    const token = await t.loginAs('coadmin@demo.test');
    for (const email of ['admin@demo.test', 'coadmin@demo.test']) {
      const result = await t.call('POST', '/api/auth/userChangePassword', {
        token,
        body: { user_primary_id: await idOf(t, email), new_password: 'Hijack-pass-1' },
      });
      expectError(result, 404, USER_NOT_FOUND);
    }
    expect((await login('admin@demo.test', 'Hijack-pass-1')).status).toBe(401);
    expect((await login('admin@demo.test', 'Demo-pass-1')).status).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const token = await t.loginAs('admin@demo.test');
    const result = await t.call('POST', '/api/auth/userChangePassword', {
      token,
      body: { user_primary_id: 987_654, new_password: 'Valid-pass-1' },
    });
    expectError(result, 404, USER_NOT_FOUND);
  });

  it.each(['agency@demo.test', 'adv1@demo.test', 'advertiser@demo.test'])(
    'refuses %s with 403',
    async (email) => {
      const token = await t.loginAs(email);
      const result = await t.call('POST', '/api/auth/userChangePassword', {
        token,
        body: { user_primary_id: await idOf(t, 'adv2@demo.test'), new_password: 'Hijack-pass-1' },
      });
      expectError(result, 403, NO_PERMISSION);
      expect((await login('adv2@demo.test', 'Hijack-pass-1')).status).toBe(401);
    },
  );

  it('validates the body', async () => {
    const token = await t.loginAs('admin@demo.test');
    const result = await t.call('POST', '/api/auth/userChangePassword', {
      token,
      body: { user_primary_id: -3, new_password: 'weak' },
    });
    expectFieldErrors(result, {
      user_primary_id: 'The user id is a positive number.',
      new_password: PASSWORD_MESSAGE,
    });
  });
});

describe('GET/PUT /api/auth/profile', () => {
  it("answers the caller's User and nothing more", async () => {
    const token = await t.loginAs('admin@demo.test');
    const result = await profile(token);
    expect(result.status).toBe(200);
    expect(result.body.success).toBe(true);
    const user = dataOf<User>(result);
    expect(user).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_primary_id: await idOf(t, 'admin@demo.test'),
      email: 'admin@demo.test',
      firstName: 'Ada',
      lastName: 'Admin',
      companyName: 'Trading Desk',
      role: 'ADMIN',
      status: 'ACTIVE',
    });
  });

  it('validates each field with its own message', async () => {
    const account = await createVerifiedAccount(t);
    const cases: [Record<string, unknown>, Record<string, string | true>][] = [
      [{ firstName: '', lastName: 'L', companyName: 'C' }, { firstName: 'This field is required.' }],
      [{ firstName: '   ', lastName: 'L', companyName: 'C' }, { firstName: 'This field is required.' }],
      [
        { firstName: 'F', lastName: 'x'.repeat(101), companyName: 'C' },
        { lastName: 'At most 100 characters.' },
      ],
      [{ firstName: 'F', lastName: 'L' }, { companyName: true }],
      [
        { firstName: 7, lastName: ['L'], companyName: null },
        { firstName: true, lastName: true, companyName: true },
      ],
    ];
    for (const [body, fields] of cases) {
      const errors = expectFieldErrors(
        await t.call('PUT', '/api/auth/profile', { token: account.token, body }),
        fields,
      );
      expect(Object.keys(errors).sort()).toEqual(Object.keys(fields).sort());
    }
    expect(dataOf<User>(await profile(account.token))).toMatchObject({ firstName: 'Test', lastName: 'User' });
  });

  it('updates the names (trimmed) and records field-level changes in the audit log', async () => {
    const account = await createVerifiedAccount(t, {
      firstName: 'Olga',
      lastName: 'Old',
      companyName: 'Old Co',
    });
    const result = await t.call('PUT', '/api/auth/profile', {
      token: account.token,
      body: { firstName: '  Nadia ', lastName: 'Old', companyName: 'New Co' },
    });
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Profile updated.');
    expect(dataOf<User>(result)).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Old',
      companyName: 'New Co',
    });
    expect(dataOf<User>(await profile(account.token))).toMatchObject({
      firstName: 'Nadia',
      companyName: 'New Co',
    });

    const rows = await auditRowsOf(account.user_primary_id, 'update');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: account.user_primary_id,
      effectiveUserId: account.user_primary_id,
    });
    expect(rows[0]!.changes).toEqual([
      { field: 'firstName', from: 'Olga', to: 'Nadia' },
      { field: 'companyName', from: 'Old Co', to: 'New Co' },
    ]);

    // Saving the same values again is no change and writes no entry.
    await t.call('PUT', '/api/auth/profile', {
      token: account.token,
      body: { firstName: 'Nadia', lastName: 'Old', companyName: 'New Co' },
    });
    expect(await auditRowsOf(account.user_primary_id, 'update')).toHaveLength(1);
  });

  it('records the admin as the actor when the change is made while acting as the user', async () => {
    const account = await createVerifiedAccount(t, { lastName: 'Before' });
    const admin = await sessionOf(t, 'admin@demo.test');
    const child = dataOf<SessionData>(
      await t.call('POST', '/api/auth/auto-login', {
        token: admin.token,
        body: { user_primary_id: account.user_primary_id },
      }),
    );
    const result = await t.call('PUT', '/api/auth/profile', {
      token: child.token,
      query: { admin_id: admin.user_primary_id },
      body: { firstName: 'Test', lastName: 'After', companyName: 'Test Company' },
    });
    expect(result.status).toBe(200);
    const rows = await auditRowsOf(account.user_primary_id, 'update');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: admin.user_primary_id,
      effectiveUserId: account.user_primary_id,
    });
    expect(rows[0]!.changes).toEqual([{ field: 'lastName', from: 'Before', to: 'After' }]);
  });

  it('cannot change role, e-mail or status through extra fields', async () => {
    const account = await createVerifiedAccount(t);
    const result = await t.call('PUT', '/api/auth/profile', {
      token: account.token,
      body: {
        firstName: 'Test',
        lastName: 'User',
        companyName: 'Test Company',
        role: 'ADMIN',
        email: uniqueEmail('takeover'),
        status: 'INACTIVE',
      },
    });
    expect(result.status).toBe(200);
    expect(dataOf<User>(await profile(account.token))).toMatchObject({
      role: 'ADVERTISER',
      email: account.email,
      status: 'ACTIVE',
    });
  });
});
