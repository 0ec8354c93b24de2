// User administration for admin and co-admin (spec sections 3, 6 and 7):
// the paged list, addUser, editUser, status, user config, notes, assign-advertiser, change log and
// the payments list, with every permission refusal.
import type { ChangeLogEntry, UserConfig, UserListItem } from '@console/core/api/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  NO_PERMISSION,
  SESSION_ENDED,
  USER_NOT_FOUND,
  uniqueEmail,
} from './support/accounts.ts';
import {
  addUser,
  DEMO,
  type Endpoint,
  emailsOf,
  expectAllForbidden,
  expectAllNeedToken,
  expectAllNotFound,
  newUserBody,
  secondAgency,
} from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import { DEMO_PASSWORD, type TestApp } from './support/test-app.ts';

type Page<T> = { items: T[]; total: number; page: number; limit: number };
type Note = {
  id: number;
  body: string;
  author: { user_primary_id: number; email: string };
  createdAt: string;
};
type LedgerPage = Page<{
  kind: string;
  amount_micros: number;
  balance_after_micros: number;
  note: string;
  createdBy: unknown;
}> & { balance_micros: number };

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
});
afterAll(() => t.close());

const CONFIG: UserConfig = {
  insight_dashboard: true,
  postback_enabled: 'ENABLED',
  api_access: true,
  margin_bps: 0,
  optimisation: {},
};

const list = (token: string, query: Record<string, string | number> = {}) =>
  t.call('GET', '/api/admin/users', { token, query: { limit: 100, ...query } });
const changeLog = async (id: number, query: Record<string, string | number> = {}) => {
  const result = await t.call('GET', `/api/admin/users/${id}/change-log`, { token: tok.admin, query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<Page<ChangeLogEntry>>(result);
};
const loginStatus = async (email: string, password = DEMO_PASSWORD) =>
  t.call('POST', '/api/auth/login', { body: { email, password } });

const userEndpoints = (id: number): Endpoint[] => [
  { method: 'GET', path: `/api/admin/users/${id}` },
  {
    method: 'PUT',
    path: `/api/admin/users/${id}`,
    body: { email: 'x@example.test', firstName: 'X', lastName: 'Y', companyName: 'Z' },
  },
  { method: 'PATCH', path: `/api/admin/users/${id}/status`, body: { status: 'INACTIVE' } },
  { method: 'GET', path: `/api/admin/users/${id}/config` },
  { method: 'PUT', path: `/api/admin/users/${id}/config`, body: CONFIG },
  { method: 'GET', path: `/api/admin/users/${id}/change-log` },
  { method: 'GET', path: `/api/admin/users/${id}/notes` },
  { method: 'POST', path: `/api/admin/users/${id}/notes`, body: { body: 'hello' } },
  { method: 'GET', path: `/api/admin/users/${id}/payments` },
];
const ALL_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/admin/users' },
  { method: 'POST', path: '/api/admin/users', body: newUserBody({ role: 'ADVERTISER' }) },
  ...userEndpoints(DEMO.advertiser.id),
  { method: 'POST', path: '/api/admin/assign-advertiser', body: { advertiser_id: 5, agency_id: null } },
];

describe('permissions', () => {
  it('answers 401 of the catalogue without a token on every route', async () => {
    await expectAllNeedToken(t, ALL_ENDPOINTS);
  });

  it('answers 401 to a made-up token', async () => {
    const result = await t.call('GET', '/api/admin/users', { token: 'not.a.jwt' });
    expectUnauthorized(result);
  });

  it('refuses the agency and the advertisers with 403 on every route', async () => {
    await expectAllForbidden(t, tok.agency, ALL_ENDPOINTS);
    await expectAllForbidden(t, tok.advertiser, ALL_ENDPOINTS);
    await expectAllForbidden(t, tok.adv1, ALL_ENDPOINTS);
  });

  it('refuses addUser to the co-admin with 403 and lets it use the other routes', async () => {
    const refused = await t.call('POST', '/api/admin/users', {
      token: tok.coadmin,
      body: newUserBody({ role: 'ADVERTISER' }),
    });
    expectError(refused, 403, NO_PERMISSION);
    expect((await list(tok.coadmin)).status).toBe(200);
    expect((await t.call('GET', '/api/admin/users/6', { token: tok.coadmin })).status).toBe(200);
  });

  it('hides the admin and the co-admin itself from the co-admin with 404 on every user route', async () => {
    await expectAllNotFound(t, tok.coadmin, userEndpoints(DEMO.admin.id), USER_NOT_FOUND);
    await expectAllNotFound(t, tok.coadmin, userEndpoints(DEMO.coadmin.id), USER_NOT_FOUND);
  });

  it('answers 404 for a user that does not exist', async () => {
    await expectAllNotFound(t, tok.admin, userEndpoints(987_654), USER_NOT_FOUND);
  });

  it('answers 400 with a message per field for a malformed id or query', async () => {
    expectFieldErrors(await t.call('GET', '/api/admin/users/abc', { token: tok.admin }), { id: true });
    expectFieldErrors(await t.call('GET', '/api/admin/users/0', { token: tok.admin }), {
      id: 'The id is a positive number.',
    });
    expectFieldErrors(await list(tok.admin, { limit: 0 }), { limit: true });
    expectFieldErrors(await list(tok.admin, { limit: 101 }), { limit: true });
    expectFieldErrors(await list(tok.admin, { sort: 'password_hash' }), { sort: true });
    expectFieldErrors(await list(tok.admin, { role: 'ROOT' }), { role: true });
    expectFieldErrors(await list(tok.admin, { agency: -1 }), { agency: true });
  });
});

describe('GET /api/admin/users', () => {
  const demoEmails = Object.values(DEMO).map((user) => user.email);

  it('pages with page, limit and total', async () => {
    const all = dataOf<Page<UserListItem>>(await list(tok.admin));
    expect(all.total).toBe(6);
    expect(all.items.map((u) => u.email).sort()).toEqual([...demoEmails].sort());
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const result = await list(tok.admin, { page, limit: 2 });
      const data = dataOf<Page<UserListItem>>(result);
      expect(data).toMatchObject({ page, limit: 2, total: 6 });
      expect(data.items).toHaveLength(2);
      seen.push(...data.items.map((u) => u.email));
    }
    expect(seen.sort()).toEqual([...demoEmails].sort());
    const past = dataOf<Page<UserListItem>>(await list(tok.admin, { page: 4, limit: 2 }));
    expect(past).toMatchObject({ items: [], total: 6, page: 4 });
  });

  it('answers the fields of a list row, with the agency of an advertiser', async () => {
    const data = dataOf<Page<UserListItem>>(await list(tok.admin, { q: 'adv1@demo.test' }));
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({
      user_primary_id: DEMO.adv1.id,
      email: DEMO.adv1.email,
      role: 'ADVERTISER',
      status: 'ACTIVE',
      firstName: 'Alan',
      companyName: 'Contoso Coffee',
      agency: { user_primary_id: DEMO.agency.id, companyName: 'Northwind Media' },
    });
    expect(data.items[0]!._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(data.items[0]!.createdAt))).toBe(false);
    expect(JSON.stringify(data)).not.toMatch(/password|hash/i);
  });

  it('sorts by e-mail ascending and descending', async () => {
    const ascending = emailsOf(await list(tok.admin, { sort: 'email', order: 'asc' }));
    expect(ascending).toEqual([
      'admin@demo.test',
      'adv1@demo.test',
      'adv2@demo.test',
      'advertiser@demo.test',
      'agency@demo.test',
      'coadmin@demo.test',
    ]);
    const descending = emailsOf(await list(tok.admin, { sort: 'email', order: 'desc' }));
    expect(descending).toEqual([...ascending].reverse());
    const byCompany = emailsOf(
      await list(tok.admin, { sort: 'companyName', order: 'asc', role: 'ADVERTISER' }),
    );
    // Contoso Coffee, Fabrikam Shoes, Tailspin Travel
    expect(byCompany).toEqual(['adv1@demo.test', 'adv2@demo.test', 'advertiser@demo.test']);
  });

  it('filters by role, status and agency (0 = direct advertisers)', async () => {
    expect(emailsOf(await list(tok.admin, { role: 'ADVERTISER' })).sort()).toEqual([
      'adv1@demo.test',
      'adv2@demo.test',
      'advertiser@demo.test',
    ]);
    expect(emailsOf(await list(tok.admin, { role: 'CO-ADMIN' }))).toEqual(['coadmin@demo.test']);
    expect(emailsOf(await list(tok.admin, { status: 'ACTIVE' }))).toHaveLength(6);
    expect(emailsOf(await list(tok.admin, { status: 'INACTIVE' }))).toEqual([]);
    expect(emailsOf(await list(tok.admin, { agency: DEMO.agency.id })).sort()).toEqual([
      'adv1@demo.test',
      'adv2@demo.test',
    ]);
    expect(emailsOf(await list(tok.admin, { agency: 0 }))).toEqual(['advertiser@demo.test']);
    expect(emailsOf(await list(tok.admin, { agency: 0, role: 'ADVERTISER' }))).toEqual([
      'advertiser@demo.test',
    ]);
  });

  it('searches e-mail, names and company, case-insensitively, without wildcard surprises', async () => {
    expect(emailsOf(await list(tok.admin, { q: 'FABRIKAM' }))).toEqual(['adv2@demo.test']);
    expect(emailsOf(await list(tok.admin, { q: 'grace' }))).toEqual(['agency@demo.test']);
    expect(emailsOf(await list(tok.admin, { q: 'Direct' }))).toEqual(['advertiser@demo.test']);
    expect(emailsOf(await list(tok.admin, { q: 'adv' }))).toHaveLength(3);
    expect(emailsOf(await list(tok.admin, { q: '%' }))).toEqual([]);
    expect(emailsOf(await list(tok.admin, { q: 'adv_' }))).toEqual([]);
    const combined = emailsOf(
      await list(tok.admin, { q: 'adv', agency: DEMO.agency.id, sort: 'email', order: 'desc' }),
    );
    expect(combined).toEqual(['adv2@demo.test', 'adv1@demo.test']);
  });

  it('gives the co-admin no ADMIN or CO-ADMIN rows, whatever the filter', async () => {
    const data = dataOf<Page<UserListItem>>(await list(tok.coadmin));
    expect(data.total).toBe(4);
    expect(data.items.map((u) => u.role).sort()).toEqual([
      'ADVERTISER',
      'ADVERTISER',
      'ADVERTISER',
      'AGENCY',
    ]);
    expect(emailsOf(await list(tok.coadmin, { role: 'ADMIN' }))).toEqual([]);
    expect(emailsOf(await list(tok.coadmin, { role: 'CO-ADMIN' }))).toEqual([]);
    expect(emailsOf(await list(tok.coadmin, { q: 'admin' }))).toEqual([]);
  });
});

describe('POST /api/admin/users (addUser)', () => {
  it.each(['ADMIN', 'CO-ADMIN', 'AGENCY', 'ADVERTISER'] as const)(
    'adds an active %s who can sign in at once',
    async (role) => {
      const body = newUserBody({ role, firstName: 'Fresh', lastName: role, companyName: 'Fresh Co' });
      const result = await t.call('POST', '/api/admin/users', { token: tok.admin, body });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(result.body.message).toBe('User created.');
      const user = dataOf<UserListItem>(result);
      expect(user).toMatchObject({
        email: body.email,
        role,
        status: 'ACTIVE',
        firstName: 'Fresh',
        lastName: role,
        companyName: 'Fresh Co',
        agency: null,
      });
      const login = await loginStatus(body.email);
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.body.data).toMatchObject({ role, user_primary_id: user.user_primary_id });
      const created = await changeLog(user.user_primary_id, { action: 'create' });
      expect(created.items).toHaveLength(1);
      expect(created.items[0]!.actor).toEqual({ user_primary_id: DEMO.admin.id, email: DEMO.admin.email });
      expect(created.items[0]!.changes).toContainEqual({ field: 'role', from: null, to: role });
    },
  );

  it('adds an advertiser to an agency with agency_id', async () => {
    const body = newUserBody({ role: 'ADVERTISER', agency_id: DEMO.agency.id });
    const result = await t.call('POST', '/api/admin/users', { token: tok.admin, body });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const user = dataOf<UserListItem>(result);
    expect(user.agency).toEqual({ user_primary_id: DEMO.agency.id, companyName: 'Northwind Media' });
    expect(emailsOf(await list(tok.admin, { agency: DEMO.agency.id }))).toContain(body.email);
    const agencyView = await t.call('GET', `/api/agency/advertisers/${user.user_primary_id}`, {
      token: tok.agency,
    });
    expect(agencyView.status, JSON.stringify(agencyView.body)).toBe(200);
  });

  it('refuses agency_id on a non-advertiser and an agency_id that is no agency (400 per field)', async () => {
    for (const role of ['AGENCY', 'ADMIN', 'CO-ADMIN'] as const) {
      const result = await t.call('POST', '/api/admin/users', {
        token: tok.admin,
        body: newUserBody({ role, agency_id: DEMO.agency.id }),
      });
      expectFieldErrors(result, { agency_id: 'Only advertisers belong to an agency.' });
    }
    for (const agencyId of [DEMO.advertiser.id, 987_654]) {
      const result = await t.call('POST', '/api/admin/users', {
        token: tok.admin,
        body: newUserBody({ role: 'ADVERTISER', agency_id: agencyId }),
      });
      expectFieldErrors(result, { agency_id: 'Choose an existing agency.' });
    }
  });

  it('refuses a taken e-mail, in any case, with 409', async () => {
    for (const email of ['adv1@demo.test', 'ADV1@Demo.Test']) {
      const result = await t.call('POST', '/api/admin/users', {
        token: tok.admin,
        body: newUserBody({ role: 'ADVERTISER', email }),
      });
      expectError(result, 409, 'An account with this e-mail already exists.');
    }
  });

  it('answers bad input with 400 and a message per field', async () => {
    const result = await t.call('POST', '/api/admin/users', {
      token: tok.admin,
      body: {
        role: 'ROOT',
        email: 'nope',
        password: 'short',
        firstName: '',
        lastName: 'x',
        companyName: 'y',
      },
    });
    const errors = expectFieldErrors(result, {
      role: true,
      email: 'Please enter a valid e-mail address, like name@example.com.',
      password: /8 to 128 characters/,
      firstName: 'This field is required.',
    });
    expect(errors).not.toHaveProperty('lastName');
    expectFieldErrors(await t.call('POST', '/api/admin/users', { token: tok.admin, body: {} }), {
      role: true,
      email: true,
      password: true,
    });
  });
});

describe('PUT /api/admin/users/:id (editUser) and the change log', () => {
  it('changes the fields and logs each change with from and to, newest first', async () => {
    const user = await addUser(t, tok.admin, { role: 'ADVERTISER', firstName: 'Old', lastName: 'Name' });
    const id = user.user_primary_id;
    const newEmail = uniqueEmail('edited');
    const first = await t.call('PUT', `/api/admin/users/${id}`, {
      token: tok.admin,
      body: {
        email: newEmail.toUpperCase(),
        firstName: 'New',
        lastName: 'Name',
        companyName: user.companyName,
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('User updated.');
    expect(dataOf<UserListItem>(first)).toMatchObject({
      email: newEmail,
      firstName: 'New',
      lastName: 'Name',
    });
    const second = await t.call('PUT', `/api/admin/users/${id}`, {
      token: tok.coadmin,
      body: { email: newEmail, firstName: 'New', lastName: 'Surname', companyName: 'Renamed Co' },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const read = await t.call('GET', `/api/admin/users/${id}`, { token: tok.admin });
    expect(dataOf<UserListItem>(read)).toMatchObject({ lastName: 'Surname', companyName: 'Renamed Co' });

    const log = await changeLog(id);
    expect(log.items.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(log.total).toBe(3);
    const [newest, older] = log.items;
    expect(newest!.actor?.email).toBe(DEMO.coadmin.email);
    expect(newest!.changes).toEqual(
      expect.arrayContaining([
        { field: 'lastName', from: 'Name', to: 'Surname' },
        { field: 'companyName', from: user.companyName, to: 'Renamed Co' },
      ]),
    );
    expect(newest!.changes.map((c) => c.field)).not.toContain('firstName');
    expect(older!.actor?.email).toBe(DEMO.admin.email);
    expect(older!.changes).toEqual(
      expect.arrayContaining([
        { field: 'email', from: user.email, to: newEmail },
        { field: 'firstName', from: 'Old', to: 'New' },
      ]),
    );
    expect(Date.parse(newest!.createdAt)).toBeGreaterThanOrEqual(Date.parse(older!.createdAt));

    const updates = await changeLog(id, { action: 'update' });
    expect(updates.total).toBe(2);
    expect(updates.items.every((entry) => entry.action === 'update')).toBe(true);
    const paged = await changeLog(id, { limit: 1, page: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(paged.items[0]!.id).toBe(older!.id);

    expect((await loginStatus(newEmail)).status).toBe(200);
    expectError(await loginStatus(user.email), 401, 'Invalid email or password.');
  });

  it('logs nothing for an edit that changes nothing', async () => {
    const user = await addUser(t, tok.admin, { role: 'AGENCY' });
    const body = {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      companyName: user.companyName,
    };
    expect(
      (await t.call('PUT', `/api/admin/users/${user.user_primary_id}`, { token: tok.admin, body })).status,
    ).toBe(200);
    expect((await changeLog(user.user_primary_id)).items.map((e) => e.action)).toEqual(['create']);
  });

  it("refuses another account's e-mail with 409 and bad fields with 400", async () => {
    const body = {
      email: 'adv2@demo.test',
      firstName: 'Alan',
      lastName: 'First',
      companyName: 'Contoso Coffee',
    };
    expectError(
      await t.call('PUT', `/api/admin/users/${DEMO.adv1.id}`, { token: tok.admin, body }),
      409,
      'An account with this e-mail already exists.',
    );
    expectFieldErrors(
      await t.call('PUT', `/api/admin/users/${DEMO.adv1.id}`, {
        token: tok.admin,
        body: { email: 'bad', firstName: ' ', lastName: 'x'.repeat(101), companyName: 'ok' },
      }),
      { email: true, firstName: 'This field is required.', lastName: 'At most 100 characters.' },
    );
  });
});

describe('PATCH /api/admin/users/:id/status', () => {
  it('deactivation ends the sessions at once and refuses sign-in; reactivation allows it again', async () => {
    const user = await addUser(t, tok.admin, { role: 'ADVERTISER' });
    const id = user.user_primary_id;
    const token = await t.loginAs(user.email, user.password);
    expect((await t.call('GET', '/api/auth/profile', { token })).status).toBe(200);

    const off = await t.call('PATCH', `/api/admin/users/${id}/status`, {
      token: tok.coadmin,
      body: { status: 'INACTIVE' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.message).toBe('User deactivated.');
    expect(dataOf<UserListItem>(off).status).toBe('INACTIVE');
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token }), SESSION_ENDED);
    expectError(await loginStatus(user.email, user.password), 401, 'Invalid email or password.');
    expect(emailsOf(await list(tok.admin, { status: 'INACTIVE' }))).toContain(user.email);

    const on = await t.call('PATCH', `/api/admin/users/${id}/status`, {
      token: tok.admin,
      body: { status: 'ACTIVE' },
    });
    expect(on.body.message).toBe('User activated.');
    expect(dataOf<UserListItem>(on).status).toBe('ACTIVE');
    expect((await loginStatus(user.email, user.password)).status).toBe(200);
    // The old token stays ended.
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token }), SESSION_ENDED);

    const log = await changeLog(id, { action: 'status' });
    expect(log.items.map((entry) => entry.changes)).toEqual([
      [{ field: 'status', from: 'INACTIVE', to: 'ACTIVE' }],
      [{ field: 'status', from: 'ACTIVE', to: 'INACTIVE' }],
    ]);
    expect(log.items[1]!.actor?.email).toBe(DEMO.coadmin.email);
  });

  it('refuses an unknown status with 400', async () => {
    expectFieldErrors(
      await t.call('PATCH', `/api/admin/users/${DEMO.adv1.id}/status`, {
        token: tok.admin,
        body: { status: 'GONE' },
      }),
      { status: true },
    );
  });
});

describe('user config', () => {
  const path = (id: number) => `/api/admin/users/${id}/config`;

  it('reads the demo config of the advertiser', async () => {
    const result = await t.call('GET', path(DEMO.advertiser.id), { token: tok.coadmin });
    expect(dataOf<UserConfig>(result)).toEqual({
      insight_dashboard: true,
      postback_enabled: 'ENABLED',
      api_access: true,
      margin_bps: 0,
      optimisation: {},
    });
  });

  it('round-trips margin and optimisation, shows in user-settings and logs the changes', async () => {
    const user = await addUser(t, tok.admin, { role: 'ADVERTISER' });
    const id = user.user_primary_id;
    expect(dataOf<UserConfig>(await t.call('GET', path(id), { token: tok.admin }))).toEqual({
      insight_dashboard: false,
      postback_enabled: 'DISABLED',
      api_access: false,
      margin_bps: 0,
      optimisation: {},
    });
    const next: UserConfig = {
      insight_dashboard: true,
      postback_enabled: 'ENABLED',
      api_access: true,
      margin_bps: 1500,
      optimisation: { auto_bid: true, target_cpa_micros: 2_500_000, block_low_ctr_placements: false },
    };
    const saved = await t.call('PUT', path(id), { token: tok.admin, body: next });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('User config saved.');
    expect(dataOf<UserConfig>(saved)).toEqual(next);
    expect(dataOf<UserConfig>(await t.call('GET', path(id), { token: tok.coadmin }))).toEqual(next);

    const settings = await t.call('GET', `/api/auth/user-settings/${id}`, { token: tok.admin });
    expect(dataOf(settings)).toEqual({
      insight_dashboard: true,
      postback_enabled: 'ENABLED',
      api_access: true,
    });
    const own = await t.call('GET', `/api/auth/user-settings/${id}`, { token: await t.loginAs(user.email) });
    expect(dataOf(own)).toEqual({ insight_dashboard: true, postback_enabled: 'ENABLED', api_access: true });

    const log = await changeLog(id, { action: 'config' });
    expect(log.total).toBe(1);
    expect(log.items[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'margin_bps', from: 0, to: 1500 },
        { field: 'api_access', from: false, to: true },
        { field: 'postback_enabled', from: 'DISABLED', to: 'ENABLED' },
        { field: 'optimisation', from: {}, to: next.optimisation },
      ]),
    );
  });

  it('answers 400 for an admin or co-admin target: they have no config', async () => {
    const otherAdmin = await addUser(t, tok.admin, { role: 'ADMIN' });
    for (const id of [otherAdmin.user_primary_id, DEMO.coadmin.id]) {
      expectError(
        await t.call('GET', path(id), { token: tok.admin }),
        400,
        'Admins and co-admins have no user config.',
      );
      expectError(
        await t.call('PUT', path(id), { token: tok.admin, body: CONFIG }),
        400,
        'Admins and co-admins have no user config.',
      );
    }
    // The admin's own config is no user it manages.
    expectError(await t.call('GET', path(DEMO.admin.id), { token: tok.admin }), 404, USER_NOT_FOUND);
  });

  it('answers bad input with 400 and a message per field', async () => {
    expectFieldErrors(
      await t.call('PUT', path(DEMO.adv1.id), { token: tok.admin, body: { ...CONFIG, margin_bps: -1 } }),
      { margin_bps: 'The margin cannot be negative.' },
    );
    expectFieldErrors(
      await t.call('PUT', path(DEMO.adv1.id), { token: tok.admin, body: { ...CONFIG, margin_bps: 10_001 } }),
      { margin_bps: 'The margin is at most 100%.' },
    );
    expectFieldErrors(
      await t.call('PUT', path(DEMO.adv1.id), {
        token: tok.admin,
        body: { ...CONFIG, postback_enabled: 'YES', optimisation: { target_cpa_micros: -5 } },
      }),
      { postback_enabled: true, 'optimisation.target_cpa_micros': true },
    );
  });
});

describe('GET /api/withOutRole/getUserOptimizationSettings/:id', () => {
  const path = (id: number) => `/api/withOutRole/getUserOptimizationSettings/${id}`;

  it('answers the optimisation settings to the user and those above it', async () => {
    const optimisation = { auto_bid: true, target_cpa_micros: 1_000_000 };
    const saved = await t.call('PUT', `/api/admin/users/${DEMO.adv1.id}/config`, {
      token: tok.admin,
      body: { ...CONFIG, postback_enabled: 'DISABLED', api_access: false, optimisation },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const token of [tok.adv1, tok.agency, tok.coadmin, tok.admin]) {
      const result = await t.call('GET', path(DEMO.adv1.id), { token });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(dataOf(result)).toEqual(optimisation);
    }
    expect(dataOf(await t.call('GET', path(DEMO.adv2.id), { token: tok.adv2 }))).toEqual({});
  });

  it("hides another user's settings with 404 and needs a token", async () => {
    expectError(await t.call('GET', path(DEMO.adv1.id), { token: tok.advertiser }), 404, USER_NOT_FOUND);
    expectError(await t.call('GET', path(DEMO.advertiser.id), { token: tok.adv1 }), 404, USER_NOT_FOUND);
    expectError(await t.call('GET', path(DEMO.advertiser.id), { token: tok.agency }), 404, USER_NOT_FOUND);
    expectError(await t.call('GET', path(DEMO.agency.id), { token: tok.adv1 }), 404, USER_NOT_FOUND);
    expectError(await t.call('GET', path(987_654), { token: tok.admin }), 404, USER_NOT_FOUND);
    expectUnauthorized(await t.call('GET', path(DEMO.adv1.id)));
    expectFieldErrors(await t.call('GET', path(0), { token: tok.admin }), { id: true });
  });
});

describe('notes', () => {
  it('adds notes and lists them newest first with their author', async () => {
    const user = await addUser(t, tok.admin, { role: 'AGENCY' });
    const path = `/api/admin/users/${user.user_primary_id}/notes`;
    expect(dataOf<Note[]>(await t.call('GET', path, { token: tok.admin }))).toEqual([]);
    const first = await t.call('POST', path, {
      token: tok.admin,
      body: { body: '  Called about invoices.  ' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Note added.');
    const second = await t.call('POST', path, {
      token: tok.coadmin,
      body: { body: 'Wants a higher margin.' },
    });
    const notes = dataOf<Note[]>(second);
    expect(notes.map((note) => note.body)).toEqual(['Wants a higher margin.', 'Called about invoices.']);
    expect(notes[0]!.author).toEqual({ user_primary_id: DEMO.coadmin.id, email: DEMO.coadmin.email });
    expect(notes[1]!.author).toEqual({ user_primary_id: DEMO.admin.id, email: DEMO.admin.email });
    for (const note of notes) expect(Number.isNaN(Date.parse(note.createdAt))).toBe(false);
    expect(dataOf<Note[]>(await t.call('GET', path, { token: tok.coadmin }))).toEqual(notes);
    const log = await t.call('GET', path.replace(/notes$/, 'change-log'), {
      token: tok.admin,
      query: { action: 'note' },
    });
    const entries = dataOf<{ items: { changes: { to: unknown }[] }[] }>(log).items;
    expect(entries.map((entry) => entry.changes[0]!.to)).toEqual([
      'Wants a higher margin.',
      'Called about invoices.',
    ]);
  });

  it('records the acting admin as the author while impersonating a co-admin', async () => {
    const child = await t.call('POST', '/api/auth/auto-login', {
      token: tok.admin,
      body: { user_primary_id: DEMO.coadmin.id },
    });
    const childToken = dataOf<{ token: string }>(child).token;
    const result = await t.call('POST', `/api/admin/users/${DEMO.adv2.id}/notes`, {
      token: childToken,
      body: { body: 'Written while acting as the co-admin.' },
      query: { admin_id: DEMO.admin.id },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(dataOf<Note[]>(result)[0]!.author.email).toBe(DEMO.admin.email);
  });

  it('refuses an empty or too long note with 400', async () => {
    const path = `/api/admin/users/${DEMO.adv1.id}/notes`;
    expectFieldErrors(await t.call('POST', path, { token: tok.admin, body: { body: '   ' } }), {
      body: 'A note cannot be empty.',
    });
    expectFieldErrors(await t.call('POST', path, { token: tok.admin, body: { body: 'x'.repeat(2001) } }), {
      body: 'A note is at most 2000 characters.',
    });
  });
});

describe('POST /api/admin/assign-advertiser', () => {
  const assign = (token: string, advertiserId: number, agencyId: number | null) =>
    t.call('POST', '/api/admin/assign-advertiser', {
      token,
      body: { advertiser_id: advertiserId, agency_id: agencyId },
    });

  it('moves adv2 to a new agency, then to direct, and logs both moves', async () => {
    const { agency: newAgency, agencyToken: newAgencyToken } = await secondAgency(t, tok.admin);
    const moved = await assign(tok.admin, DEMO.adv2.id, newAgency.user_primary_id);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toBe('Advertiser assigned.');
    expect(dataOf<UserListItem>(moved).agency).toEqual({
      user_primary_id: newAgency.user_primary_id,
      companyName: 'Second Agency',
    });
    // The old agency can no longer see it, the new one lists it.
    expectError(
      await t.call('GET', `/api/agency/advertisers/${DEMO.adv2.id}`, { token: tok.agency }),
      404,
      USER_NOT_FOUND,
    );
    expect(emailsOf(await t.call('GET', '/api/agency/advertisers', { token: tok.agency }))).not.toContain(
      DEMO.adv2.email,
    );
    expect(emailsOf(await t.call('GET', '/api/agency/advertisers', { token: newAgencyToken }))).toContain(
      DEMO.adv2.email,
    );
    const northwind = emailsOf(await list(tok.admin, { agency: DEMO.agency.id }));
    expect(northwind).toContain(DEMO.adv1.email);
    expect(northwind).not.toContain(DEMO.adv2.email);

    const direct = await assign(tok.coadmin, DEMO.adv2.id, null);
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(dataOf<UserListItem>(direct).agency).toBeNull();
    expectError(
      await t.call('GET', `/api/agency/advertisers/${DEMO.adv2.id}`, { token: newAgencyToken }),
      404,
      USER_NOT_FOUND,
    );
    const directOnes = await list(tok.admin, { agency: 0 });
    expect(emailsOf(directOnes)).toEqual(expect.arrayContaining([DEMO.adv2.email, DEMO.advertiser.email]));
    expect(
      dataOf<Page<UserListItem>>(directOnes).items.every((u) => u.role === 'ADVERTISER' && !u.agency),
    ).toBe(true);

    const log = await changeLog(DEMO.adv2.id, { action: 'assign-agency' });
    expect(log.items.map((entry) => [entry.actor?.email, entry.changes])).toEqual([
      [DEMO.coadmin.email, [{ field: 'agencyId', from: newAgency.user_primary_id, to: null }]],
      [DEMO.admin.email, [{ field: 'agencyId', from: DEMO.agency.id, to: newAgency.user_primary_id }]],
    ]);

    // Back where the demo had it.
    expect((await assign(tok.admin, DEMO.adv2.id, DEMO.agency.id)).status).toBe(200);
    expect(
      (await t.call('GET', `/api/agency/advertisers/${DEMO.adv2.id}`, { token: tok.agency })).status,
    ).toBe(200);
  });

  it('refuses non-advertisers, non-agencies and unknown users', async () => {
    expectError(
      await assign(tok.admin, DEMO.agency.id, null),
      400,
      'Only advertisers can be assigned to an agency.',
    );
    expectFieldErrors(await assign(tok.admin, DEMO.adv1.id, DEMO.advertiser.id), {
      agency_id: 'Choose an existing agency.',
    });
    expectError(await assign(tok.admin, 987_654, null), 404, USER_NOT_FOUND);
    expectFieldErrors(
      await t.call('POST', '/api/admin/assign-advertiser', {
        token: tok.admin,
        body: { advertiser_id: 'five', agency_id: -3 },
      }),
      { advertiser_id: true, agency_id: true },
    );
  });
});

describe('GET /api/admin/users/:id/payments', () => {
  it("lists the advertiser's demo deposit with the balance after it", async () => {
    for (const token of [tok.admin, tok.coadmin]) {
      const result = await t.call('GET', `/api/admin/users/${DEMO.advertiser.id}/payments`, { token });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const page = dataOf<LedgerPage>(result);
      expect(page).toMatchObject({ total: 1, page: 1, balance_micros: 5_000_000_000 });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        kind: 'CREDIT',
        method: 'PROMOTION',
        amount_micros: 5_000_000_000,
        balance_after_micros: 5_000_000_000,
        note: 'Demo deposit',
        counterparty: null,
        createdBy: null,
      });
    }
  });

  it('filters by kind and answers an empty ledger with a zero balance', async () => {
    const spend = await t.call('GET', `/api/admin/users/${DEMO.advertiser.id}/payments`, {
      token: tok.admin,
      query: { kind: 'SPEND' },
    });
    expect(dataOf<LedgerPage>(spend)).toMatchObject({ items: [], total: 0, balance_micros: 5_000_000_000 });
    const empty = await t.call('GET', `/api/admin/users/${DEMO.adv2.id}/payments`, { token: tok.admin });
    expect(dataOf<LedgerPage>(empty)).toMatchObject({ items: [], total: 0, balance_micros: 0 });
  });

  it('answers a bad date with 400', async () => {
    expectFieldErrors(
      await t.call('GET', `/api/admin/users/${DEMO.advertiser.id}/payments`, {
        token: tok.admin,
        query: { from: '2026-13-45' },
      }),
      { from: 'Use a date like 2026-01-31.' },
    );
  });
});
