// An agency's own advertisers (spec sections 6 and 7): list, add, edit, status,
// change log, payments, password and "sign in as", never another agency's or a direct advertiser.
import type { SessionData, User } from '@console/core/api/auth';
import type { ChangeLogEntry, UserListItem } from '@console/core/api/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  INVALID_LOGIN,
  SESSION_ENDED,
  USER_NOT_FOUND,
  uniqueEmail,
} from './support/accounts.ts';
import {
  DEMO,
  type Endpoint,
  emailsOf,
  expectAllForbidden,
  expectAllNeedToken,
  expectAllNotFound,
  secondAgency,
} from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import { DEMO_PASSWORD, type TestApp } from './support/test-app.ts';

type Page<T> = { items: T[]; total: number; page: number; limit: number };
type LedgerPage = Page<{ kind: string; amount_micros: number; balance_after_micros: number }> & {
  balance_micros: number;
};

let t: TestApp;
let tok: DemoTokens;
let other: Awaited<ReturnType<typeof secondAgency>>;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  other = await secondAgency(t, tok.admin);
});
afterAll(() => t.close());

const BASE = '/api/agency/advertisers';
const newAdvertiser = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('client'),
  password: DEMO_PASSWORD,
  firstName: 'Cleo',
  lastName: 'Client',
  companyName: 'Client Co',
  ...overrides,
});
const editBody = (user: { email: string; firstName: string; lastName: string; companyName: string }) => ({
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  companyName: user.companyName,
});
const byIdEndpoints = (id: number): Endpoint[] => [
  { method: 'GET', path: `${BASE}/${id}` },
  {
    method: 'PUT',
    path: `${BASE}/${id}`,
    body: { email: 'x@example.test', firstName: 'X', lastName: 'Y', companyName: 'Z' },
  },
  { method: 'PATCH', path: `${BASE}/${id}/status`, body: { status: 'INACTIVE' } },
  { method: 'GET', path: `${BASE}/${id}/change-log` },
  { method: 'GET', path: `${BASE}/${id}/payments` },
  { method: 'POST', path: `${BASE}/${id}/password`, body: { new_password: 'Other-pass-9' } },
];
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: BASE },
  { method: 'POST', path: BASE, body: newAdvertiser() },
  ...byIdEndpoints(DEMO.adv1.id),
];

const actAs = (token: string, id: number) =>
  t.call('POST', '/api/auth/auto-login', { token, body: { user_primary_id: id } });

describe('permissions', () => {
  it('answers 401 of the catalogue without a token', async () => {
    await expectAllNeedToken(t, ENDPOINTS);
  });

  it('refuses every other role with 403 (admin and co-admin use /api/admin)', async () => {
    for (const name of ['advertiser', 'adv1', 'admin', 'coadmin'] as const) {
      await expectAllForbidden(t, tok[name], ENDPOINTS);
    }
  });

  it("hides a direct advertiser, another agency's advertiser and non-advertisers with 404", async () => {
    for (const id of [
      DEMO.advertiser.id,
      other.advertiser.user_primary_id,
      other.agency.user_primary_id,
      DEMO.agency.id,
      DEMO.admin.id,
      987_654,
    ]) {
      await expectAllNotFound(t, tok.agency, byIdEndpoints(id), USER_NOT_FOUND);
    }
    // And the other way round.
    await expectAllNotFound(t, other.agencyToken, byIdEndpoints(DEMO.adv1.id), USER_NOT_FOUND);
    // Nothing was changed by the refused calls.
    const adv1 = await t.call('GET', `/api/admin/users/${DEMO.adv1.id}`, { token: tok.admin });
    expect(dataOf<UserListItem>(adv1)).toMatchObject({ status: 'ACTIVE', email: DEMO.adv1.email });
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email: DEMO.adv1.email, password: DEMO_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('answers bad input with 400 and a message per field', async () => {
    expectFieldErrors(
      await t.call('POST', BASE, {
        token: tok.agency,
        body: { email: 'no', password: 'weak', firstName: '', lastName: 'L', companyName: 'C' },
      }),
      { email: true, password: /8 to 128 characters/, firstName: 'This field is required.' },
    );
    expectFieldErrors(await t.call('GET', `${BASE}/abc`, { token: tok.agency }), { id: true });
    expectFieldErrors(await t.call('GET', BASE, { token: tok.agency, query: { limit: 1000 } }), {
      limit: true,
    });
    expectFieldErrors(
      await t.call('PATCH', `${BASE}/${DEMO.adv1.id}/status`, {
        token: tok.agency,
        body: { status: 'PENDING' },
      }),
      { status: true },
    );
    expectFieldErrors(
      await t.call('POST', `${BASE}/${DEMO.adv1.id}/password`, {
        token: tok.agency,
        body: { new_password: 'short' },
      }),
      { new_password: /8 to 128 characters/ },
    );
  });
});

describe('the list', () => {
  it('shows only its own advertisers', async () => {
    const result = await t.call('GET', BASE, { token: tok.agency, query: { sort: 'email', order: 'asc' } });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const page = dataOf<Page<UserListItem>>(result);
    expect(page).toMatchObject({ total: 2, page: 1 });
    expect(page.items.map((u) => u.email)).toEqual([DEMO.adv1.email, DEMO.adv2.email]);
    for (const item of page.items) {
      expect(item.agency).toEqual({ user_primary_id: DEMO.agency.id, companyName: 'Northwind Media' });
    }
    expect(emailsOf(await t.call('GET', BASE, { token: other.agencyToken }))).toEqual([
      other.advertiser.email,
    ]);
  });

  it('searches, sorts and pages within its own advertisers only', async () => {
    expect(emailsOf(await t.call('GET', BASE, { token: tok.agency, query: { q: 'fabrikam' } }))).toEqual([
      DEMO.adv2.email,
    ]);
    expect(emailsOf(await t.call('GET', BASE, { token: tok.agency, query: { q: 'Tailspin' } }))).toEqual([]);
    expect(emailsOf(await t.call('GET', BASE, { token: tok.agency, query: { q: 'Second Agency' } }))).toEqual(
      [],
    );
    const page2 = await t.call('GET', BASE, {
      token: tok.agency,
      query: { limit: 1, page: 2, sort: 'email', order: 'desc' },
    });
    expect(dataOf<Page<UserListItem>>(page2)).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(emailsOf(page2)).toEqual([DEMO.adv1.email]);
    // role and agency filters are not the agency's to choose: they are ignored, the scope stays.
    const filtered = await t.call('GET', BASE, { token: tok.agency, query: { role: 'ADMIN', agency: 0 } });
    expect(emailsOf(filtered).sort()).toEqual([DEMO.adv1.email, DEMO.adv2.email]);
  });
});

describe('an advertiser of its own, from creation to deactivation', () => {
  let created: UserListItem;
  let password: string;

  it('creates an advertiser that belongs to the agency, whatever role is asked for', async () => {
    const body = newAdvertiser({ role: 'ADMIN' });
    password = body.password;
    const result = await t.call('POST', BASE, { token: tok.agency, body });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.message).toBe('Advertiser created.');
    created = dataOf<UserListItem>(result);
    expect(created).toMatchObject({
      email: body.email,
      role: 'ADVERTISER',
      status: 'ACTIVE',
      agency: { user_primary_id: DEMO.agency.id, companyName: 'Northwind Media' },
    });
    const login = await t.call('POST', '/api/auth/login', { body: { email: body.email, password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(dataOf<SessionData>(login).role).toBe('ADVERTISER');
    expect(emailsOf(await t.call('GET', BASE, { token: tok.agency }))).toContain(body.email);
    expect(emailsOf(await t.call('GET', BASE, { token: other.agencyToken }))).not.toContain(body.email);
    const adminList = await t.call('GET', '/api/admin/users', {
      token: tok.admin,
      query: { agency: DEMO.agency.id },
    });
    expect(emailsOf(adminList)).toContain(body.email);
  });

  it('refuses a taken e-mail with 409', async () => {
    expectError(
      await t.call('POST', BASE, {
        token: tok.agency,
        body: newAdvertiser({ email: DEMO.advertiser.email }),
      }),
      409,
      'An account with this e-mail already exists.',
    );
  });

  it('edits it and reads the field-level change log, newest first', async () => {
    const path = `${BASE}/${created.user_primary_id}`;
    const edited = await t.call('PUT', path, {
      token: tok.agency,
      body: { ...editBody(created), lastName: 'Renamed', companyName: 'Client Holdings' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toBe('Advertiser updated.');
    expect(dataOf<UserListItem>(edited)).toMatchObject({
      lastName: 'Renamed',
      companyName: 'Client Holdings',
    });
    expect(dataOf<UserListItem>(await t.call('GET', path, { token: tok.agency }))).toMatchObject({
      lastName: 'Renamed',
    });
    expectError(
      await t.call('PUT', path, {
        token: tok.agency,
        body: { ...editBody(created), email: DEMO.adv1.email },
      }),
      409,
      'An account with this e-mail already exists.',
    );

    const log = await t.call('GET', `${path}/change-log`, { token: tok.agency });
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    const entries = dataOf<Page<ChangeLogEntry>>(log).items;
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0]!.actor).toEqual({ user_primary_id: DEMO.agency.id, email: DEMO.agency.email });
    expect(entries[0]!.changes).toEqual([
      { field: 'lastName', from: 'Client', to: 'Renamed' },
      { field: 'companyName', from: 'Client Co', to: 'Client Holdings' },
    ]);
    expect(entries[1]!.changes).toContainEqual({ field: 'agencyId', from: null, to: DEMO.agency.id });
    const onlyCreate = await t.call('GET', `${path}/change-log`, {
      token: tok.agency,
      query: { action: 'create' },
    });
    expect(dataOf<Page<ChangeLogEntry>>(onlyCreate).items.map((entry) => entry.action)).toEqual(['create']);
    // The admin reads the same log.
    const adminLog = await t.call('GET', `/api/admin/users/${created.user_primary_id}/change-log`, {
      token: tok.admin,
    });
    expect(dataOf<Page<ChangeLogEntry>>(adminLog).items.map((entry) => entry.id)).toEqual(
      entries.map((e) => e.id),
    );
  });

  it("reads its payments: the new advertiser's empty ledger and adv1's demo deposit", async () => {
    const empty = await t.call('GET', `${BASE}/${created.user_primary_id}/payments`, { token: tok.agency });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(dataOf<LedgerPage>(empty)).toMatchObject({ items: [], total: 0, balance_micros: 0 });
    const adv1 = dataOf<LedgerPage>(
      await t.call('GET', `${BASE}/${DEMO.adv1.id}/payments`, { token: tok.agency }),
    );
    expect(adv1).toMatchObject({ total: 1, balance_micros: 1_250_500_000 });
    expect(adv1.items[0]).toMatchObject({
      kind: 'CREDIT',
      amount_micros: 1_250_500_000,
      balance_after_micros: 1_250_500_000,
    });
  });

  it('sets its password: the new one signs in, the old one and old sessions no longer', async () => {
    const token = await t.loginAs(created.email, password);
    const result = await t.call('POST', `${BASE}/${created.user_primary_id}/password`, {
      token: tok.agency,
      body: { new_password: 'Fresh-pass-7' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toEqual({ success: true, message: 'The password has been changed.' });
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token }), SESSION_ENDED);
    expectError(
      await t.call('POST', '/api/auth/login', { body: { email: created.email, password } }),
      401,
      INVALID_LOGIN,
    );
    password = 'Fresh-pass-7';
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email: created.email, password } })).status,
    ).toBe(200);
    const log = await t.call('GET', `${BASE}/${created.user_primary_id}/change-log`, {
      token: tok.agency,
      query: { action: 'set-password' },
    });
    const entries = dataOf<Page<ChangeLogEntry>>(log).items;
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain('Fresh-pass-7');
  });

  it('signs in as it with one click, and the child session is that advertiser', async () => {
    const child = await actAs(tok.agency, created.user_primary_id);
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    const session = dataOf<SessionData>(child);
    expect(session).toMatchObject({ role: 'ADVERTISER', user_primary_id: created.user_primary_id });
    const profile = await t.call('GET', '/api/auth/profile', {
      token: session.token,
      query: { agency_id: DEMO.agency.id },
    });
    expect(dataOf<User>(profile).email).toBe(created.email);
  });

  it('deactivates it: its sessions end, it cannot sign in, nobody can act as it', async () => {
    const token = await t.loginAs(created.email, password);
    const result = await t.call('PATCH', `${BASE}/${created.user_primary_id}/status`, {
      token: tok.agency,
      body: { status: 'INACTIVE' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(dataOf<UserListItem>(result).status).toBe('INACTIVE');
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token }), SESSION_ENDED);
    expectError(
      await t.call('POST', '/api/auth/login', { body: { email: created.email, password } }),
      401,
      'Invalid email or password.',
    );
    expectError(await actAs(tok.agency, created.user_primary_id), 400, 'This user is not active.');
    const inactive = await t.call('GET', BASE, { token: tok.agency, query: { status: 'INACTIVE' } });
    expect(emailsOf(inactive)).toEqual([created.email]);
    const log = await t.call('GET', `${BASE}/${created.user_primary_id}/change-log`, {
      token: tok.agency,
      query: { action: 'status' },
    });
    expect(dataOf<Page<ChangeLogEntry>>(log).items[0]!.changes).toEqual([
      { field: 'status', from: 'ACTIVE', to: 'INACTIVE' },
    ]);
    // And back.
    const back = await t.call('PATCH', `${BASE}/${created.user_primary_id}/status`, {
      token: tok.agency,
      body: { status: 'ACTIVE' },
    });
    expect(dataOf<UserListItem>(back).status).toBe('ACTIVE');
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email: created.email, password } })).status,
    ).toBe(200);
  });
});

describe('sign in as (POST /api/auth/auto-login) from the agency', () => {
  it('works for adv1 and answers its session', async () => {
    const child = await actAs(tok.agency, DEMO.adv1.id);
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    const session = dataOf<SessionData>(child);
    expect(session).toMatchObject({
      role: 'ADVERTISER',
      email: DEMO.adv1.email,
      user_primary_id: DEMO.adv1.id,
    });
    const balance = await t.call('GET', '/api/campaning/getAdvertiserBalance', { token: session.token });
    expect(dataOf<number>(balance)).toBe(1_250_500_000);
  });

  it("refuses another agency's advertiser, a direct advertiser and the agency itself with 404", async () => {
    for (const id of [
      other.advertiser.user_primary_id,
      DEMO.advertiser.id,
      other.agency.user_primary_id,
      DEMO.agency.id,
    ]) {
      expectError(await actAs(tok.agency, id), 404, USER_NOT_FOUND);
    }
    expectError(await actAs(other.agencyToken, DEMO.adv1.id), 404, USER_NOT_FOUND);
    expect((await actAs(other.agencyToken, other.advertiser.user_primary_id)).status).toBe(200);
  });
});
