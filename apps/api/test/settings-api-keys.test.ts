// The settings of advertisers and agencies: API keys that authenticate like a token
// of their owner and nothing more, stored hashed; and the conversion postback URL template.
import { createHash } from 'node:crypto';
import type { User } from '@console/core/api/auth';
import { POSTBACK_MACROS, POSTBACK_URL_MESSAGE } from '@console/core/api/settings';
import type { UserConfig } from '@console/core/api/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  NO_PERMISSION,
  SESSION_ENDED,
} from './support/accounts.ts';
import {
  addUser,
  columnsOf,
  DEMO,
  type Endpoint,
  expectAllForbidden,
  expectAllNeedToken,
  rowsOf,
} from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

type ApiKey = { id: number; name: string; prefix: string; lastUsedAt: string | null; createdAt: string };
type CreatedKey = ApiKey & { key: string };
type Postback = { url_template: string; macros: string[] };

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
});
afterAll(() => t.close());

const KEY_PATTERN = /^tdk_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/;
const API_ACCESS_OFF = 'API access is not enabled for this account.';
const POSTBACK_OFF = 'Postbacks are not enabled for this account.';
const NEEDS_SESSION = 'This operation needs a signed-in session, not an API key.';

const createKey = async (token: string, name = 'Reporting script') => {
  const result = await t.call('POST', '/api/settings/api-keys', { token, body: { name } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<CreatedKey>(result);
};
const listKeys = async (token: string) => {
  const result = await t.call('GET', '/api/settings/api-keys', { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<ApiKey[]>(result);
};
const profileWith = (token: string) => t.call('GET', '/api/auth/profile', { token });
const setConfig = async (id: number, change: Partial<UserConfig>) => {
  const path = `/api/admin/users/${id}/config`;
  const current = dataOf<UserConfig>(await t.call('GET', path, { token: tok.admin }));
  const result = await t.call('PUT', path, { token: tok.admin, body: { ...current, ...change } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
};

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/settings/api-keys' },
  { method: 'POST', path: '/api/settings/api-keys', body: { name: 'k' } },
  { method: 'DELETE', path: '/api/settings/api-keys/1' },
  { method: 'GET', path: '/api/settings/postback' },
  {
    method: 'PUT',
    path: '/api/settings/postback',
    body: { url_template: 'https://example.com/pb?c={click_id}' },
  },
];

describe('permissions', () => {
  it('answers 401 of the catalogue without a token', async () => {
    await expectAllNeedToken(t, ENDPOINTS);
  });

  it('refuses the admin and the co-admin with 403: settings are for advertisers and agencies', async () => {
    await expectAllForbidden(t, tok.admin, ENDPOINTS);
    await expectAllForbidden(t, tok.coadmin, ENDPOINTS);
  });

  it('refuses API keys to adv1 (no api_access) and postbacks to it (DISABLED) with 403', async () => {
    expectError(await t.call('GET', '/api/settings/api-keys', { token: tok.adv1 }), 403, API_ACCESS_OFF);
    expectError(
      await t.call('POST', '/api/settings/api-keys', { token: tok.adv1, body: { name: 'mine' } }),
      403,
      API_ACCESS_OFF,
    );
    expectError(await t.call('GET', '/api/settings/postback', { token: tok.adv1 }), 403, POSTBACK_OFF);
    expectError(
      await t.call('PUT', '/api/settings/postback', {
        token: tok.adv1,
        body: { url_template: 'https://example.com/pb?c={click_id}' },
      }),
      403,
      POSTBACK_OFF,
    );
  });

  it('answers bad input with 400 and a message per field', async () => {
    expectFieldErrors(
      await t.call('POST', '/api/settings/api-keys', { token: tok.advertiser, body: { name: '  ' } }),
      {
        name: 'Give the key a name.',
      },
    );
    expectFieldErrors(
      await t.call('POST', '/api/settings/api-keys', {
        token: tok.advertiser,
        body: { name: 'x'.repeat(61) },
      }),
      { name: 'At most 60 characters.' },
    );
    expectFieldErrors(await t.call('DELETE', '/api/settings/api-keys/abc', { token: tok.advertiser }), {
      id: true,
    });
  });
});

describe('API keys', () => {
  let created: CreatedKey;
  const secretOf = (key: string) => key.split('_').slice(2).join('_');

  it('creates a key shown once; the list shows its prefix and never the secret', async () => {
    const result = await t.call('POST', '/api/settings/api-keys', {
      token: tok.advertiser,
      body: { name: 'Reporting script' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.message).toBe('API key created. Copy it now: it will not be shown again.');
    created = dataOf<CreatedKey>(result);
    expect(created.key).toMatch(KEY_PATTERN);
    expect(created.key.startsWith('tdk_')).toBe(true);
    expect(created).toMatchObject({
      name: 'Reporting script',
      prefix: created.key.slice(0, 14),
      lastUsedAt: null,
    });

    const listed = await t.call('GET', '/api/settings/api-keys', { token: tok.advertiser });
    expect(dataOf<ApiKey[]>(listed)).toEqual([
      {
        id: created.id,
        name: 'Reporting script',
        prefix: created.prefix,
        lastUsedAt: null,
        createdAt: created.createdAt,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(secretOf(created.key));
    expect(JSON.stringify(listed.body)).not.toContain(created.key);
    // Other users do not see it.
    expect(await listKeys(tok.agency)).toEqual([]);
  });

  it('authenticates as its owner', async () => {
    const profile = await profileWith(created.key);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(dataOf<User>(profile)).toMatchObject({ email: DEMO.advertiser.email, role: 'ADVERTISER' });
    const balance = await t.call('GET', '/api/campaning/getAdvertiserBalance', { token: created.key });
    expect(dataOf<number>(balance)).toBe(5_000_000_000);
    const settings = await t.call('GET', `/api/auth/user-settings/${DEMO.advertiser.id}`, {
      token: created.key,
    });
    expect(dataOf(settings)).toMatchObject({ api_access: true });
  });

  it('records when it was last used', async () => {
    const [listed] = await listKeys(tok.advertiser);
    expect(listed!.lastUsedAt).not.toBeNull();
    expect(Date.now() - Date.parse(listed!.lastUsedAt!)).toBeLessThan(60_000);
  });

  it('cannot do what its owner cannot', async () => {
    expectError(await t.call('GET', '/api/admin/users', { token: created.key }), 403, NO_PERMISSION);
    expectError(await t.call('GET', '/api/agency/advertisers', { token: created.key }), 403, NO_PERMISSION);
    expectError(await t.call('GET', `/api/auth/user-settings/${DEMO.adv1.id}`, { token: created.key }), 404);
    expectError(
      await t.call('GET', `/api/withOutRole/getUserOptimizationSettings/${DEMO.adv1.id}`, {
        token: created.key,
      }),
      404,
    );
  });

  it('cannot do session operations nor mint or revoke keys', async () => {
    expectError(await t.call('GET', '/api/auth/refresh-token', { token: created.key }), 403, NEEDS_SESSION);
    expectError(await t.call('POST', '/api/auth/logout', { token: created.key }), 403, NEEDS_SESSION);
    expectError(
      await t.call('POST', '/api/auth/changePassword', {
        token: created.key,
        body: { current_password: 'Demo-pass-1', new_password: 'Other-pass-2' },
      }),
      403,
      NEEDS_SESSION,
    );
    expectError(
      await t.call('POST', '/api/auth/profile/email', {
        token: created.key,
        body: { new_email: 'taken-over@example.test', password: 'Demo-pass-1' },
      }),
      403,
      NEEDS_SESSION,
    );
    expectError(
      await t.call('POST', '/api/settings/api-keys', {
        token: created.key,
        body: { name: 'minted by a key' },
      }),
      403,
      NEEDS_SESSION,
    );
    expectError(
      await t.call('DELETE', `/api/settings/api-keys/${created.id}`, { token: created.key }),
      403,
      NEEDS_SESSION,
    );
    expect(await listKeys(tok.advertiser)).toHaveLength(1);
    // The key still works after all the refusals.
    expect((await profileWith(created.key)).status).toBe(200);
  });

  it("an agency's key lists the agency's advertisers but cannot act as one", async () => {
    const agencyKey = await createKey(tok.agency, 'Agency integration');
    const advertisers = await t.call('GET', '/api/agency/advertisers', { token: agencyKey.key });
    expect(advertisers.status, JSON.stringify(advertisers.body)).toBe(200);
    expect(dataOf<{ total: number }>(advertisers).total).toBe(2);
    expectError(
      await t.call('POST', '/api/auth/auto-login', {
        token: agencyKey.key,
        body: { user_primary_id: DEMO.adv1.id },
      }),
      403,
      NEEDS_SESSION,
    );
    expectError(
      await t.call('GET', `/api/agency/advertisers/${DEMO.advertiser.id}`, { token: agencyKey.key }),
      404,
    );
    // Revoking the agency's key leaves the advertiser's keys alone.
    expect(
      (await t.call('DELETE', `/api/settings/api-keys/${agencyKey.id}`, { token: tok.agency })).status,
    ).toBe(200);
    expect((await profileWith(created.key)).status).toBe(200);
  });

  it('refuses made-up and tampered keys with 401', async () => {
    const tampered = `${created.key.slice(0, -1)}${created.key.endsWith('A') ? 'B' : 'A'}`;
    const unknownPrefix = `tdk_0000000000_${secretOf(created.key)}`;
    for (const key of [tampered, unknownPrefix, 'tdk_short']) {
      expectUnauthorized(await profileWith(key));
    }
  });

  it('cannot be revoked by another user (404), and stops working when its owner revokes it', async () => {
    expectError(
      await t.call('DELETE', `/api/settings/api-keys/${created.id}`, { token: tok.agency }),
      404,
      'API key not found.',
    );
    expect((await profileWith(created.key)).status).toBe(200);
    const revoked = await t.call('DELETE', `/api/settings/api-keys/${created.id}`, { token: tok.advertiser });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toEqual({ success: true, message: 'API key revoked.' });
    expectUnauthorized(await profileWith(created.key), SESSION_ENDED);
    expect(await listKeys(tok.advertiser)).toEqual([]);
    expectError(
      await t.call('DELETE', `/api/settings/api-keys/${created.id}`, { token: tok.advertiser }),
      404,
      'API key not found.',
    );
  });

  it('stops working when the admin turns api_access off for the owner', async () => {
    const key = await createKey(tok.advertiser, 'Switched off');
    expect((await profileWith(key.key)).status).toBe(200);
    await setConfig(DEMO.advertiser.id, { api_access: false });
    expectUnauthorized(await profileWith(key.key), SESSION_ENDED);
    expectError(
      await t.call('GET', '/api/settings/api-keys', { token: tok.advertiser }),
      403,
      API_ACCESS_OFF,
    );
    expectError(
      await t.call('POST', '/api/settings/api-keys', { token: tok.advertiser, body: { name: 'again' } }),
      403,
      API_ACCESS_OFF,
    );
    await setConfig(DEMO.advertiser.id, { api_access: true });
  });

  it('stops working when its owner is deactivated', async () => {
    const user = await addUser(t, tok.admin, { role: 'ADVERTISER' });
    await setConfig(user.user_primary_id, { api_access: true });
    const key = await createKey(await t.loginAs(user.email, user.password));
    expect(dataOf<User>(await profileWith(key.key)).email).toBe(user.email);
    const off = await t.call('PATCH', `/api/admin/users/${user.user_primary_id}/status`, {
      token: tok.admin,
      body: { status: 'INACTIVE' },
    });
    expect(off.status).toBe(200);
    expectUnauthorized(await profileWith(key.key), SESSION_ENDED);
  });

  it('gives api-key rights only once the admin grants api_access', async () => {
    const user = await addUser(t, tok.admin, { role: 'AGENCY' });
    const token = await t.loginAs(user.email, user.password);
    expectError(await t.call('GET', '/api/settings/api-keys', { token }), 403, API_ACCESS_OFF);
    await setConfig(user.user_primary_id, { api_access: true });
    expect(await listKeys(token)).toEqual([]);
  });

  it('are stored hashed: no column of api_keys holds the secret', async () => {
    const key = await createKey(tok.advertiser, 'Hash check');
    const secret = secretOf(key.key);
    const columns = await columnsOf(t, 'api_keys');
    expect(columns).toContain('secret_hash');
    const rows = await rowsOf<Record<string, unknown>>(t, sql`select * from api_keys where id = ${key.id}`);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(key.key);
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
  });

  it('allows at most 20 live keys per user', async () => {
    const user = await addUser(t, tok.admin, { role: 'ADVERTISER' });
    await setConfig(user.user_primary_id, { api_access: true });
    const token = await t.loginAs(user.email, user.password);
    const keys: CreatedKey[] = [];
    for (let i = 0; i < 20; i++) keys.push(await createKey(token, `key ${i}`));
    expectError(
      await t.call('POST', '/api/settings/api-keys', { token, body: { name: 'one too many' } }),
      403,
      'At most 20 keys; revoke one first.',
    );
    expect((await t.call('DELETE', `/api/settings/api-keys/${keys[0]!.id}`, { token })).status).toBe(200);
    expect((await createKey(token, 'replacement')).name).toBe('replacement');
  });
});

describe('postback URL template', () => {
  const TEMPLATE =
    'https://track.example.com/pb?click={click_id}&payout={payout}&cur={currency}&ts={timestamp}';

  it('round-trips for the advertiser and lists the known macros', async () => {
    const before = await t.call('GET', '/api/settings/postback', { token: tok.advertiser });
    expect(dataOf<Postback>(before)).toEqual({ url_template: '', macros: [...POSTBACK_MACROS] });
    const saved = await t.call('PUT', '/api/settings/postback', {
      token: tok.advertiser,
      body: { url_template: `  ${TEMPLATE}  ` },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Postback saved.');
    expect(dataOf<Postback>(saved)).toEqual({ url_template: TEMPLATE, macros: [...POSTBACK_MACROS] });
    expect(
      dataOf<Postback>(await t.call('GET', '/api/settings/postback', { token: tok.advertiser })).url_template,
    ).toBe(TEMPLATE);
    // Each user has its own.
    expect(
      dataOf<Postback>(await t.call('GET', '/api/settings/postback', { token: tok.agency })).url_template,
    ).toBe('');
    const log = await t.call('GET', `/api/admin/users/${DEMO.advertiser.id}/change-log`, {
      token: tok.admin,
    });
    const entries = dataOf<{ items: { changes: unknown[] }[] }>(log).items;
    expect(entries[0]!.changes).toEqual([{ field: 'postbackUrl', from: '', to: TEMPLATE }]);
  });

  it('works for the agency too', async () => {
    const url = 'http://agency.example.com/conv?c={campaign_id}&cr={creative_id}&x={exchange}&e={event}';
    const saved = await t.call('PUT', '/api/settings/postback', {
      token: tok.agency,
      body: { url_template: url },
    });
    expect(dataOf<Postback>(saved).url_template).toBe(url);
  });

  it('refuses an unknown macro and a URL that is not http(s) with 400', async () => {
    expectFieldErrors(
      await t.call('PUT', '/api/settings/postback', {
        token: tok.advertiser,
        body: { url_template: 'https://track.example.com/pb?c={click_id}&x={foo}' },
      }),
      { url_template: `Only these macros are known: ${POSTBACK_MACROS.join(' ')}` },
    );
    for (const url of [
      'ftp://track.example.com/pb',
      'track.example.com/pb?c={click_id}',
      'https://has space.com/',
    ]) {
      expectFieldErrors(
        await t.call('PUT', '/api/settings/postback', { token: tok.advertiser, body: { url_template: url } }),
        {
          url_template: POSTBACK_URL_MESSAGE,
        },
      );
    }
    expect(
      dataOf<Postback>(await t.call('GET', '/api/settings/postback', { token: tok.advertiser })).url_template,
    ).toBe(TEMPLATE);
  });

  it('stops being editable when the admin disables postbacks', async () => {
    await setConfig(DEMO.advertiser.id, { postback_enabled: 'DISABLED' });
    expectError(await t.call('GET', '/api/settings/postback', { token: tok.advertiser }), 403, POSTBACK_OFF);
    await setConfig(DEMO.advertiser.id, { postback_enabled: 'ENABLED' });
    expect((await t.call('GET', '/api/settings/postback', { token: tok.advertiser })).status).toBe(200);
  });
});

describe('keys made while acting as the owner', () => {
  const actAs = async (token: string, userId: number) => {
    const result = await t.call('POST', '/api/auth/auto-login', { token, body: { user_primary_id: userId } });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return dataOf<{ token: string }>(result).token;
  };
  const patchStatus = async (userId: number, status: 'ACTIVE' | 'INACTIVE') => {
    const result = await t.call('PATCH', `/api/admin/users/${userId}/status`, {
      token: tok.admin,
      body: { status },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
  };
  const assign = async (advertiserId: number, agencyId: number | null) => {
    const result = await t.call('POST', '/api/admin/assign-advertiser', {
      token: tok.admin,
      body: { advertiser_id: advertiserId, agency_id: agencyId },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
  };
  /** A fresh agency with an advertiser that has api_access; the agency's own token. */
  const agencyWithAdvertiser = async () => {
    const agency = await addUser(t, tok.admin, { role: 'AGENCY' });
    const advertiser = await addUser(t, tok.admin, {
      role: 'ADVERTISER',
      agency_id: agency.user_primary_id,
    });
    await setConfig(advertiser.user_primary_id, { api_access: true });
    return { agency, advertiser, agencyToken: await t.loginAs(agency.email, agency.password) };
  };
  const revokedAtOf = async (id: number) =>
    (await rowsOf<{ revoked_at: unknown }>(t, sql`select revoked_at from api_keys where id = ${id}`))[0]
      ?.revoked_at;

  it("an agency's key made as its advertiser ends when the advertiser moves to another agency", async () => {
    const { agency, advertiser, agencyToken } = await agencyWithAdvertiser();
    const other = await addUser(t, tok.admin, { role: 'AGENCY' });
    const asAdvertiser = await actAs(agencyToken, advertiser.user_primary_id);
    const minted = await createKey(asAdvertiser, 'Made by the agency');
    const own = await createKey(await t.loginAs(advertiser.email, advertiser.password), 'Own key');
    expect((await profileWith(minted.key)).status).toBe(200);

    await assign(advertiser.user_primary_id, other.user_primary_id);
    expectUnauthorized(await profileWith(minted.key), SESSION_ENDED);
    expect(await revokedAtOf(minted.id)).not.toBeNull();
    // The advertiser's own key does not depend on any agency.
    expect((await profileWith(own.key)).status).toBe(200);
    // Moving it back does not revive the key.
    await assign(advertiser.user_primary_id, agency.user_primary_id);
    expectUnauthorized(await profileWith(minted.key), SESSION_ENDED);
  });

  it('a key made by an agency as its advertiser ends when the agency is deactivated', async () => {
    const { agency, advertiser, agencyToken } = await agencyWithAdvertiser();
    const minted = await createKey(await actAs(agencyToken, advertiser.user_primary_id));
    await patchStatus(agency.user_primary_id, 'INACTIVE');
    await patchStatus(agency.user_primary_id, 'ACTIVE');
    expectUnauthorized(await profileWith(minted.key), SESSION_ENDED);
    expect(await revokedAtOf(minted.id)).not.toBeNull();
  });

  it('a key made by a co-admin as an advertiser ends when the co-admin is deactivated', async () => {
    const coAdmin = await addUser(t, tok.admin, { role: 'CO-ADMIN' });
    const { advertiser } = await agencyWithAdvertiser();
    const coAdminToken = await t.loginAs(coAdmin.email, coAdmin.password);
    const minted = await createKey(await actAs(coAdminToken, advertiser.user_primary_id));
    expect((await profileWith(minted.key)).status).toBe(200);
    await patchStatus(coAdmin.user_primary_id, 'INACTIVE');
    await patchStatus(coAdmin.user_primary_id, 'ACTIVE');
    expectUnauthorized(await profileWith(minted.key), SESSION_ENDED);
  });

  it('records the chain on the key and refuses it when the chain broke behind the services’ back', async () => {
    const { advertiser, agencyToken, agency } = await agencyWithAdvertiser();
    const minted = await createKey(await actAs(agencyToken, advertiser.user_primary_id));
    const [row] = await rowsOf<{ actor_chain: unknown }>(
      t,
      sql`select actor_chain from api_keys where id = ${minted.id}`,
    );
    expect(row?.actor_chain).toEqual([{ id: agency.user_primary_id, role: 'AGENCY' }]);
    await t.deps.db.execute(sql`update users set agency_id = null where id = ${advertiser.user_primary_id}`);
    expectUnauthorized(await profileWith(minted.key), SESSION_ENDED);
  });
});
