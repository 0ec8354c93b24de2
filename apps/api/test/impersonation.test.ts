// Acting as a lower user (spec sections 4 and 6): who may act as whom, the actor
// chain checked against admin_id / co_admin_id / agency_id, and how child sessions end.
import type { SessionData, User } from '@console/core/api/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users.ts';
import {
  createVerifiedAccount,
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  insertUser,
  NO_PERMISSION,
  registerAccount,
  SESSION_ENDED,
  sessionOf,
  targetEmailsOf,
  USER_NOT_FOUND,
  userRowOf,
} from './support/accounts.ts';
import { type CallOptions, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const s: Record<'admin' | 'coadmin' | 'agency' | 'adv1' | 'adv2' | 'advertiser', SessionData> = {} as never;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['admin', 'coadmin', 'agency', 'adv1', 'adv2', 'advertiser'] as const) {
    s[name] = await sessionOf(t, `${name}@demo.test`);
  }
});
afterAll(() => t.close());

const actAs = (token: string, userId: number, options: Omit<CallOptions, 'token' | 'body'> = {}) =>
  t.call('POST', '/api/auth/auto-login', { ...options, token, body: { user_primary_id: userId } });

/** Acts as the user and answers the child's session; fails the test otherwise. */
const childOf = async (
  token: string,
  userId: number,
  query?: Record<string, number>,
): Promise<SessionData> => {
  const result = await actAs(token, userId, query ? { query } : {});
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<SessionData>(result);
};

const profile = (token: string, query?: Record<string, string | number>) =>
  t.call('GET', '/api/auth/profile', query ? { token, query } : { token });

describe('who may act as whom', () => {
  it.each([
    ['admin', 'coadmin'],
    ['admin', 'agency'],
    ['admin', 'adv1'],
    ['admin', 'advertiser'],
    ['coadmin', 'agency'],
    ['coadmin', 'advertiser'],
    ['coadmin', 'adv2'],
    ['agency', 'adv1'],
    ['agency', 'adv2'],
  ] as const)('%s may act as %s: the child session is the target', async (actor, target) => {
    const result = await actAs(s[actor].token, s[target].user_primary_id);
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Signed in as the user.');
    const child = dataOf<SessionData>(result);
    const { token: _parentToken, ...targetData } = s[target];
    expect(child).toEqual({ ...targetData, token: expect.any(String) });
    expect(dataOf<User>(await profile(child.token))).toMatchObject({
      email: s[target].email,
      role: s[target].role,
      user_primary_id: s[target].user_primary_id,
    });
    // The parent keeps its own session.
    expect(dataOf<User>(await profile(s[actor].token)).email).toBe(s[actor].email);
  });

  it('a co-admin may not act as the admin (404) nor as another co-admin (404)', async () => {
    const other = await insertUser(t, { role: 'CO-ADMIN' });
    expectError(await actAs(s.coadmin.token, s.admin.user_primary_id), 404, USER_NOT_FOUND);
    expectError(await actAs(s.coadmin.token, other.id), 404, USER_NOT_FOUND);
  });

  it('an agency may act only as its own advertisers: not a direct one, another agency, or staff', async () => {
    const otherAgency = await createVerifiedAccount(t, { role: 'AGENCY' });
    const theirAdvertiser = await insertUser(t, {
      role: 'ADVERTISER',
      agencyId: otherAgency.user_primary_id,
    });
    for (const id of [
      s.advertiser.user_primary_id,
      otherAgency.user_primary_id,
      theirAdvertiser.id,
      s.admin.user_primary_id,
      s.coadmin.user_primary_id,
    ]) {
      expectError(await actAs(s.agency.token, id), 404, USER_NOT_FOUND);
    }
    // The other agency sees its advertiser but not ours.
    expect((await actAs(otherAgency.token, theirAdvertiser.id)).status).toBe(200);
    expectError(await actAs(otherAgency.token, s.adv1.user_primary_id), 404, USER_NOT_FOUND);
  });

  it('an advertiser may not act as anyone (403)', async () => {
    for (const target of ['adv1', 'adv2', 'agency'] as const) {
      expectError(await actAs(s.advertiser.token, s[target].user_primary_id), 403, NO_PERMISSION);
    }
  });

  it('nobody acts as itself, and the admin does not act as another admin', async () => {
    expectError(await actAs(s.admin.token, s.admin.user_primary_id), 404, USER_NOT_FOUND);
    expectError(await actAs(s.agency.token, s.agency.user_primary_id), 404, USER_NOT_FOUND);
    const otherAdmin = await insertUser(t, { role: 'ADMIN' });
    expectError(await actAs(s.admin.token, otherAdmin.id), 403);
  });

  it('an unknown user is 404 and a bad id 400', async () => {
    expectError(await actAs(s.admin.token, 987_654), 404, USER_NOT_FOUND);
    expectFieldErrors(await t.call('POST', '/api/auth/auto-login', { token: s.admin.token, body: {} }), {
      user_primary_id: true,
    });
    expectFieldErrors(await actAs(s.admin.token, 0), {
      user_primary_id: 'The user id is a positive number.',
    });
  });

  it('a pending or inactive user cannot be acted as', async () => {
    const pending = await registerAccount(t, { host: 'northwind.localhost' });
    const pendingRow = await userRowOf(t, pending.email);
    expectError(await actAs(s.admin.token, pendingRow.id), 400, 'This user is not active.');
    expectError(await actAs(s.agency.token, pendingRow.id), 400, 'This user is not active.');

    const inactive = await insertUser(t, {
      role: 'ADVERTISER',
      agencyId: s.agency.user_primary_id,
      status: 'INACTIVE',
    });
    expectError(await actAs(s.admin.token, inactive.id), 400, 'This user is not active.');
    expectError(await actAs(s.agency.token, inactive.id), 400, 'This user is not active.');
  });

  it('a child session ends when its user is deactivated', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    const child = await childOf(s.admin.token, user.id);
    await t.deps.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, user.id));
    expectUnauthorized(await profile(child.token));
    expect((await profile(s.admin.token)).status).toBe(200);
  });
});

describe('GET /api/auth/impersonation-targets', () => {
  it("lists an agency's own active advertisers only", async () => {
    const emails = await targetEmailsOf(t, s.agency.token);
    expect(emails).toContain('adv1@demo.test');
    expect(emails).toContain('adv2@demo.test');
    for (const email of [
      'advertiser@demo.test',
      'agency@demo.test',
      'admin@demo.test',
      'coadmin@demo.test',
    ]) {
      expect(emails).not.toContain(email);
    }
    const result = await t.call('GET', '/api/auth/impersonation-targets', { token: s.agency.token });
    const page = dataOf<{ items: User[]; total: number; page: number; limit: number }>(result);
    expect(page).toMatchObject({ page: 1, limit: 20, total: page.items.length });
    for (const user of page.items) expect(user).toMatchObject({ role: 'ADVERTISER', status: 'ACTIVE' });
  });

  it('lists everyone below the admin and below the co-admin, never the caller or staff above', async () => {
    const admin = await targetEmailsOf(t, s.admin.token);
    expect(admin).toEqual(
      expect.arrayContaining([
        'coadmin@demo.test',
        'agency@demo.test',
        'adv1@demo.test',
        'adv2@demo.test',
        'advertiser@demo.test',
      ]),
    );
    expect(admin).not.toContain('admin@demo.test');
    const coadmin = await targetEmailsOf(t, s.coadmin.token);
    expect(coadmin).toEqual(
      expect.arrayContaining(['agency@demo.test', 'adv1@demo.test', 'advertiser@demo.test']),
    );
    expect(coadmin).not.toContain('admin@demo.test');
    expect(coadmin).not.toContain('coadmin@demo.test');
  });

  it('leaves out pending accounts', async () => {
    const pending = await registerAccount(t, { host: 'northwind.localhost' });
    expect(await targetEmailsOf(t, s.agency.token)).not.toContain(pending.email);
    expect(await targetEmailsOf(t, s.admin.token)).not.toContain(pending.email);
  });

  it('searches e-mail, names and company; wildcards are literal', async () => {
    expect(await targetEmailsOf(t, s.agency.token, 'contoso')).toEqual(['adv1@demo.test']);
    expect(await targetEmailsOf(t, s.agency.token, 'BETH')).toEqual(['adv2@demo.test']);
    expect(await targetEmailsOf(t, s.admin.token, '%')).toEqual([]);
    expect(await targetEmailsOf(t, s.admin.token, '_')).toEqual([]);
  });

  it('pages', async () => {
    const all = await targetEmailsOf(t, s.admin.token);
    const first = await t.call('GET', '/api/auth/impersonation-targets', {
      token: s.admin.token,
      query: { limit: 2, page: 1 },
    });
    const second = await t.call('GET', '/api/auth/impersonation-targets', {
      token: s.admin.token,
      query: { limit: 2, page: 2 },
    });
    const one = dataOf<{ items: User[]; total: number }>(first);
    const two = dataOf<{ items: User[]; total: number }>(second);
    expect(one.total).toBe(all.length);
    expect([...one.items, ...two.items].map((user) => user.email)).toEqual(all.slice(0, 4));
  });

  it('validates the paging query', async () => {
    const cases: [string, string | number][] = [
      ['page', 0],
      ['limit', 101],
      ['limit', 'ten'],
      ['q', 'x'.repeat(201)],
    ];
    for (const [name, value] of cases) {
      const result = await t.call('GET', '/api/auth/impersonation-targets', {
        token: s.admin.token,
        query: { [name]: value },
      });
      expectFieldErrors(result, { [name]: true });
    }
  });

  it('refuses an advertiser with 403', async () => {
    expectError(
      await t.call('GET', '/api/auth/impersonation-targets', { token: s.adv1.token }),
      403,
      NO_PERMISSION,
    );
  });
});

describe('the parent ids a child session sends', () => {
  it('accepts the right admin_id and refuses another with 403', async () => {
    const child = await childOf(s.admin.token, s.adv1.user_primary_id);
    expect(dataOf<User>(await profile(child.token, { admin_id: s.admin.user_primary_id })).email).toBe(
      'adv1@demo.test',
    );
    for (const wrong of [s.coadmin.user_primary_id, s.adv1.user_primary_id, 987_654, 'x']) {
      expectError(
        await profile(child.token, { admin_id: wrong }),
        403,
        'The admin_id does not match the signed-in session.',
      );
    }
    // A parent id the chain does not have is refused too.
    expectError(
      await profile(child.token, { agency_id: s.agency.user_primary_id }),
      403,
      'The agency_id does not match the signed-in session.',
    );
    expectError(
      await profile(child.token, { co_admin_id: s.coadmin.user_primary_id }),
      403,
      'The co_admin_id does not match the signed-in session.',
    );
  });

  it('checks co_admin_id and agency_id the same way', async () => {
    const asAgency = await childOf(s.coadmin.token, s.agency.user_primary_id);
    expect((await profile(asAgency.token, { co_admin_id: s.coadmin.user_primary_id })).status).toBe(200);
    expectError(await profile(asAgency.token, { co_admin_id: s.admin.user_primary_id }), 403);

    const asAdv = await childOf(s.agency.token, s.adv2.user_primary_id);
    expect((await profile(asAdv.token, { agency_id: s.agency.user_primary_id })).status).toBe(200);
    expectError(await profile(asAdv.token, { agency_id: s.adv2.user_primary_id }), 403);
    expectError(await profile(asAdv.token, { admin_id: s.admin.user_primary_id }), 403);
  });

  it('never trusts the parameter alone: a direct session that claims a parent is refused', async () => {
    expectError(await profile(s.adv1.token, { agency_id: s.agency.user_primary_id }), 403);
    expectError(await profile(s.agency.token, { admin_id: s.admin.user_primary_id }), 403);
    // Not even the caller's own id.
    expectError(await profile(s.admin.token, { admin_id: s.admin.user_primary_id }), 403);
    // An empty parameter is as good as none.
    expect((await profile(s.adv1.token, { agency_id: '' })).status).toBe(200);
  });

  it('checks parent ids in the body as well', async () => {
    const child = await childOf(s.admin.token, s.adv2.user_primary_id);
    const body = { firstName: 'Beth', lastName: 'Second', companyName: 'Fabrikam Shoes' };
    const wrong = await t.call('PUT', '/api/auth/profile', {
      token: child.token,
      body: { ...body, admin_id: s.coadmin.user_primary_id },
    });
    expectError(wrong, 403, 'The admin_id does not match the signed-in session.');
    const right = await t.call('PUT', '/api/auth/profile', {
      token: child.token,
      body: { ...body, admin_id: s.admin.user_primary_id },
    });
    expect(right.status).toBe(200);
  });

  it('carries the whole chain: admin -> agency -> advertiser', async () => {
    const admin = s.admin.user_primary_id;
    const agency = s.agency.user_primary_id;
    const asAgency = await childOf(s.admin.token, agency);
    const asAdv = await childOf(asAgency.token, s.adv1.user_primary_id, { admin_id: admin });
    expect(asAdv.email).toBe('adv1@demo.test');

    expect((await profile(asAdv.token, { admin_id: admin, agency_id: agency })).status).toBe(200);
    expect((await profile(asAdv.token, { admin_id: admin })).status).toBe(200);
    expect((await profile(asAdv.token, { agency_id: agency })).status).toBe(200);
    expectError(await profile(asAdv.token, { admin_id: admin, agency_id: s.coadmin.user_primary_id }), 403);
    expectError(await profile(asAdv.token, { admin_id: agency, agency_id: admin }), 403);
    expectError(await profile(asAdv.token, { co_admin_id: admin }), 403);

    // The advertiser's own rules apply to the grandchild: an advertiser may not act as anyone.
    expectError(await actAs(asAdv.token, s.adv2.user_primary_id), 403, NO_PERMISSION);
    // The agency child acts with the agency's scope, not the admin's.
    expectError(await actAs(asAgency.token, s.advertiser.user_primary_id), 404, USER_NOT_FOUND);
  });

  it('a refreshed child token keeps the chain', async () => {
    const child = await childOf(s.admin.token, s.agency.user_primary_id);
    const refreshed = dataOf<SessionData>(
      await t.call('GET', '/api/auth/refresh-token', { token: child.token }),
    );
    expect(refreshed.email).toBe('agency@demo.test');
    expect((await profile(refreshed.token, { admin_id: s.admin.user_primary_id })).status).toBe(200);
    expectError(await profile(refreshed.token, { admin_id: s.coadmin.user_primary_id }), 403);
    expectUnauthorized(await profile(child.token), SESSION_ENDED);
  });
});

describe('ending impersonation', () => {
  it("end-impersonation ends the child; the parent's token still works", async () => {
    const parent = await sessionOf(t, 'admin@demo.test');
    const child = await childOf(parent.token, s.agency.user_primary_id);
    const ended = await t.call('POST', '/api/auth/end-impersonation', {
      token: child.token,
      query: { admin_id: parent.user_primary_id },
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ success: true, message: 'Back to your own account.' });
    expectUnauthorized(await profile(child.token), SESSION_ENDED);
    expect(dataOf<User>(await profile(parent.token)).email).toBe('admin@demo.test');
    // The agency's own direct session is not touched.
    expect((await profile(s.agency.token)).status).toBe(200);
  });

  it('returning to the admin drops the agency and advertiser sessions', async () => {
    const parent = await sessionOf(t, 'admin@demo.test');
    const asAgency = await childOf(parent.token, s.agency.user_primary_id);
    const asAdv = await childOf(asAgency.token, s.adv1.user_primary_id);
    await t.call('POST', '/api/auth/end-impersonation', { token: asAgency.token });
    expectUnauthorized(await profile(asAgency.token), SESSION_ENDED);
    expectUnauthorized(await profile(asAdv.token), SESSION_ENDED);
    expect((await profile(parent.token)).status).toBe(200);
  });

  it('going back one level keeps the level above', async () => {
    const parent = await sessionOf(t, 'admin@demo.test');
    const asAgency = await childOf(parent.token, s.agency.user_primary_id);
    const asAdv = await childOf(asAgency.token, s.adv1.user_primary_id);
    await t.call('POST', '/api/auth/end-impersonation', { token: asAdv.token });
    expectUnauthorized(await profile(asAdv.token), SESSION_ENDED);
    expect((await profile(asAgency.token)).status).toBe(200);
    expect((await profile(parent.token)).status).toBe(200);
  });

  it('a direct session has nothing to end (400) and stays signed in', async () => {
    const result = await t.call('POST', '/api/auth/end-impersonation', { token: s.adv2.token });
    expectError(result, 400, 'This session is not acting as another user.');
    expect((await profile(s.adv2.token)).status).toBe(200);
  });

  it("logout of the parent session ends its child and grandchild sessions, not the parent's other sessions", async () => {
    const parent = await sessionOf(t, 'admin@demo.test');
    const asAgency = await childOf(parent.token, s.agency.user_primary_id);
    const asAdv = await childOf(asAgency.token, s.adv2.user_primary_id);
    const sibling = await childOf(s.admin.token, s.adv2.user_primary_id);
    expect((await t.call('POST', '/api/auth/logout', { token: parent.token })).status).toBe(200);
    expectUnauthorized(await profile(parent.token), SESSION_ENDED);
    expectUnauthorized(await profile(asAgency.token), SESSION_ENDED);
    expectUnauthorized(await profile(asAdv.token), SESSION_ENDED);
    expect((await profile(sibling.token)).status).toBe(200);
    expect((await profile(s.admin.token)).status).toBe(200);
  });

  it('a password change of the parent ends the sessions in which it acts as someone else', async () => {
    const parentUser = await insertUser(t, { role: 'CO-ADMIN' });
    const parent = await sessionOf(t, parentUser.email, parentUser.password);
    const child = await childOf(parent.token, s.adv2.user_primary_id);
    const changed = await t.call('POST', '/api/auth/changePassword', {
      token: parent.token,
      body: { current_password: parentUser.password, new_password: 'Changed-pass-5' },
    });
    expect(changed.status).toBe(200);
    expectUnauthorized(await profile(child.token), SESSION_ENDED);
  });
});

describe('a changed relationship ends the sessions acting through it', () => {
  const moveAdvertiser = async (advertiserId: number, agencyId: number | null) => {
    const result = await t.call('POST', '/api/admin/assign-advertiser', {
      token: s.admin.token,
      body: { advertiser_id: advertiserId, agency_id: agencyId },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
  };
  const setStatus = async (userId: number, status: 'ACTIVE' | 'INACTIVE') => {
    const result = await t.call('PATCH', `/api/admin/users/${userId}/status`, {
      token: s.admin.token,
      body: { status },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
  };
  /** An agency of its own with one advertiser, both signed in fresh. */
  const agencyWithAdvertiser = async () => {
    const agency = await insertUser(t, { role: 'AGENCY' });
    const advertiser = await insertUser(t, { role: 'ADVERTISER', agencyId: agency.id });
    return { agency, advertiser, agencyToken: (await sessionOf(t, agency.email)).token };
  };

  it("moving an advertiser to another agency ends the old agency's session as it, for good", async () => {
    const { advertiser, agencyToken } = await agencyWithAdvertiser();
    const other = await insertUser(t, { role: 'AGENCY' });
    const asAdvertiser = await childOf(agencyToken, advertiser.id);
    // The admin acting through the old agency loses it too; the admin acting directly keeps it.
    const adminAsAgency = await childOf(s.admin.token, (await userRowOf(t, advertiser.email)).agencyId!);
    const adminAsAgencyAsAdvertiser = await childOf(adminAsAgency.token, advertiser.id);
    const adminAsAdvertiser = await childOf(s.admin.token, advertiser.id);

    await moveAdvertiser(advertiser.id, other.id);
    expectUnauthorized(await profile(asAdvertiser.token), SESSION_ENDED);
    expectUnauthorized(await profile(adminAsAgencyAsAdvertiser.token), SESSION_ENDED);
    expect((await profile(adminAsAdvertiser.token)).status).toBe(200);
    expect((await profile(adminAsAgency.token)).status).toBe(200);
    expect((await profile(agencyToken)).status).toBe(200);
    // The old agency cannot act as it any more, and moving it back does not revive the session.
    expectError(await actAs(agencyToken, advertiser.id), 404, USER_NOT_FOUND);
    await moveAdvertiser(advertiser.id, (await userRowOf(t, adminAsAgency.email)).id);
    expectUnauthorized(await profile(asAdvertiser.token), SESSION_ENDED);
  });

  it('making an advertiser direct ends its agency session as it', async () => {
    const { advertiser, agencyToken } = await agencyWithAdvertiser();
    const asAdvertiser = await childOf(agencyToken, advertiser.id);
    await moveAdvertiser(advertiser.id, null);
    expectUnauthorized(await profile(asAdvertiser.token), SESSION_ENDED);
  });

  it('deactivating an agency ends every session acting through it, also after reactivation', async () => {
    const { agency, advertiser, agencyToken } = await agencyWithAdvertiser();
    const asAdvertiser = await childOf(agencyToken, advertiser.id);
    const adminAsAgency = await childOf(s.admin.token, agency.id);
    const adminAsAgencyAsAdvertiser = await childOf(adminAsAgency.token, advertiser.id);
    await setStatus(agency.id, 'INACTIVE');
    await setStatus(agency.id, 'ACTIVE');
    for (const token of [asAdvertiser.token, adminAsAgency.token, adminAsAgencyAsAdvertiser.token]) {
      expectUnauthorized(await profile(token), SESSION_ENDED);
    }
    expect((await profile(s.admin.token)).status).toBe(200);
  });

  it('deactivating a co-admin ends the sessions in which it acts as someone, also after reactivation', async () => {
    const coAdmin = await insertUser(t, { role: 'CO-ADMIN' });
    const coAdminToken = (await sessionOf(t, coAdmin.email)).token;
    const { advertiser } = await agencyWithAdvertiser();
    const asAdvertiser = await childOf(coAdminToken, advertiser.id);
    await setStatus(coAdmin.id, 'INACTIVE');
    await setStatus(coAdmin.id, 'ACTIVE');
    expectUnauthorized(await profile(asAdvertiser.token), SESSION_ENDED);
  });

  it('a session whose chain broke behind the services’ back is refused on its next request', async () => {
    const { advertiser, agencyToken } = await agencyWithAdvertiser();
    const asAdvertiser = await childOf(agencyToken, advertiser.id);
    const other = await insertUser(t, { role: 'AGENCY' });
    await t.deps.db.update(users).set({ agencyId: other.id }).where(eq(users.id, advertiser.id));
    expectUnauthorized(await profile(asAdvertiser.token), SESSION_ENDED);
  });
});
