// DSP connections, admin only (spec section 7 admin/dsp): the four types with their
// credentials, sealed at rest and shown only as hints, the active list, edits, the change log and a
// connection test against a local stub bidder that checks each type's authentication.
import type { ServerResponse } from 'node:http';
import type { Dsp } from '@console/core/api/dsps';
import { DSP_TYPE_NAMES, DSP_TYPES, type DspType } from '@console/core/dsp-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsps } from '../src/db/schema/dsps.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import {
  closedPortUrl,
  type Endpoint,
  expectAllForbidden,
  expectAllNeedToken,
  expectAllNotFound,
  type StubRequest,
  type StubServer,
  startStubServer,
} from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

type Page<T> = { items: T[]; total: number; page: number; limit: number };
type TestResult = { ok: boolean; message: string; latency_ms: number };
type ChangeLog = Page<{
  action: string;
  changes: { field: string; from: unknown; to: unknown }[];
  actor: unknown;
}>;

let t: TestApp;
let tok: DemoTokens;
let stub: StubServer;
/** Another host a DSP moves to (another port on loopback), allowed like the stub bidder. */
let attacker: StubServer;

/** What the stub bidder accepts, per path; each path checks the authentication of one DSP type. */
const ACCEPTED = {
  bearer: 'ortb-SECRET-token-7f3a9b21',
  username: 'rtb-user',
  password: 'rtb-SECRET-pass-4c8d',
  apiKey: 'kritter-SECRET-key-e5f6',
  headerName: 'X-Partner-Auth',
  headerValue: 'custom-SECRET-value-1d2e',
};

const answer = (response: ServerResponse, status: number) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(status >= 400 ? '{"error":"unauthorized"}' : '{}');
};

const stubBidder = (request: StubRequest, response: ServerResponse) => {
  const path = request.url.split('?')[0];
  if (path === '/openrtb') {
    let body: { test?: number; imp?: unknown[] } = {};
    try {
      body = JSON.parse(request.body) as typeof body;
    } catch {}
    const ok =
      request.method === 'POST' &&
      request.headers.authorization === `Bearer ${ACCEPTED.bearer}` &&
      request.headers['content-type'] === 'application/json' &&
      body.test === 1 &&
      Array.isArray(body.imp);
    return answer(response, ok ? 204 : 401);
  }
  if (path === '/rtb4free') {
    const expected = `Basic ${Buffer.from(`${ACCEPTED.username}:${ACCEPTED.password}`).toString('base64')}`;
    return answer(response, request.headers.authorization === expected ? 200 : 401);
  }
  if (path === '/kritter')
    return answer(response, request.headers['x-api-key'] === ACCEPTED.apiKey ? 200 : 403);
  if (path === '/custom') {
    return answer(
      response,
      request.headers[ACCEPTED.headerName.toLowerCase()] === ACCEPTED.headerValue ? 200 : 401,
    );
  }
  if (path === '/broken') return answer(response, 500);
  if (path === '/redirect') {
    response.writeHead(302, { location: '/kritter' });
    return response.end();
  }
  return answer(response, 404);
};

const CREDENTIALS: Record<DspType, Record<string, string>> = {
  OPENRTB: { bearer_token: ACCEPTED.bearer },
  RTB4FREE: { username: ACCEPTED.username, password: ACCEPTED.password },
  KRITTER: { api_key: ACCEPTED.apiKey },
  CUSTOM_HTTP: { header_name: ACCEPTED.headerName, header_value: ACCEPTED.headerValue },
};
const PATHS: Record<DspType, string> = {
  OPENRTB: '/openrtb',
  RTB4FREE: '/rtb4free',
  KRITTER: '/kritter',
  CUSTOM_HTTP: '/custom',
};
const WRONG: Record<DspType, Record<string, string>> = {
  OPENRTB: { bearer_token: 'wrong-token' },
  RTB4FREE: { username: ACCEPTED.username, password: 'wrong-pass' },
  KRITTER: { api_key: 'wrong-key' },
  CUSTOM_HTTP: { header_name: ACCEPTED.headerName, header_value: 'wrong-value' },
};
const SECRETS = [ACCEPTED.bearer, ACCEPTED.password, ACCEPTED.apiKey, ACCEPTED.headerValue];

const bodyOf = (type: DspType, name = `${type} partner`) => ({
  name,
  type,
  endpoint_url: `${stub.url}${PATHS[type]}`,
  exchanges: ['Google AdX', 'PubMatic'],
  qps_limit: 500,
  credentials: CREDENTIALS[type],
});
const expectNoSecrets = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  expect(text).not.toContain('SECRET');
};

const created: Partial<Record<DspType, Dsp>> = {};
const dspOf = (type: DspType) => {
  const dsp = created[type];
  if (!dsp) throw new Error(`${type} was not created`);
  return dsp;
};

beforeAll(async () => {
  // The stub bidders listen on loopback: an on-premise setting lets the connection test reach them.
  stub = await startStubServer(stubBidder);
  attacker = await startStubServer((_request, response) => answer(response, 200));
  ({ t, tok } = await startSignedInApp({
    dspAllowedPrivateHosts: [stub.url, attacker.url].map((url) => `127.0.0.1:${new URL(url).port}`),
  }));
});
afterAll(async () => {
  await stub?.close();
  await attacker?.close();
  await t.close();
});

const idEndpoints = (id: number): Endpoint[] => [
  { method: 'GET', path: `/api/admin/dsp/${id}` },
  {
    method: 'PUT',
    path: `/api/admin/dsp/${id}`,
    body: {
      name: 'n',
      type: 'KRITTER',
      endpoint_url: 'https://dsp.example.com/',
      exchanges: [],
      qps_limit: 10,
    },
  },
  { method: 'PUT', path: `/api/admin/dsp/${id}/credentials`, body: { credentials: { api_key: 'k' } } },
  { method: 'PATCH', path: `/api/admin/dsp/${id}/status`, body: { status: 'INACTIVE' } },
  { method: 'POST', path: `/api/admin/dsp/${id}/test` },
  { method: 'GET', path: `/api/admin/dsp/${id}/change-log` },
];
const endpoints = (): Endpoint[] => [
  { method: 'GET', path: '/api/admin/dsp/list' },
  { method: 'GET', path: '/api/admin/dsp/activeDspList' },
  { method: 'POST', path: '/api/admin/dsp', body: bodyOf('KRITTER', 'refused') },
  {
    method: 'POST',
    path: '/api/admin/dsp/test',
    body: { type: 'KRITTER', endpoint_url: `${stub.url}/kritter`, credentials: CREDENTIALS.KRITTER },
  },
  ...idEndpoints(1),
];

describe('permissions', () => {
  it('answers 401 of the catalogue without a token on every route', async () => {
    await expectAllNeedToken(t, endpoints());
  });

  it('refuses the co-admin, the agency and the advertisers with 403 on every route', async () => {
    for (const name of ['coadmin', 'agency', 'adv1', 'advertiser'] as const) {
      await expectAllForbidden(t, tok[name], endpoints());
    }
    // The refused calls reached no bidder and created nothing.
    expect(stub.requests).toHaveLength(0);
    expect(await t.deps.db.select().from(dsps)).toHaveLength(0);
  });

  it('answers 404 for a DSP that does not exist', async () => {
    await expectAllNotFound(t, tok.admin, idEndpoints(987_654), 'DSP not found.');
  });
});

describe('creating DSP connections', () => {
  it.each(DSP_TYPE_NAMES)(
    'creates a %s connection with its credentials, showing only hints',
    async (type) => {
      const result = await t.call('POST', '/api/admin/dsp', { token: tok.admin, body: bodyOf(type) });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(result.body.message).toBe('DSP created.');
      const dsp = dataOf<Dsp>(result);
      created[type] = dsp;
      expect(dsp).toMatchObject({
        name: `${type} partner`,
        type,
        endpoint_url: `${stub.url}${PATHS[type]}`,
        status: 'ACTIVE',
        exchanges: ['Google AdX', 'PubMatic'],
        qps_limit: 500,
        last_test: { ok: true },
      });
      const expectedHints = Object.fromEntries(
        DSP_TYPES[type].credentialFields.map((field) => {
          const value = CREDENTIALS[type][field.name]!;
          return [field.name, field.secret ? `••••${value.slice(-4)}` : value];
        }),
      );
      expect(dsp.credentials_hint).toEqual(expectedHints);
      expectNoSecrets(JSON.stringify(result.body));
      const read = await t.call('GET', `/api/admin/dsp/${dsp.id}`, { token: tok.admin });
      expect(dataOf<Dsp>(read)).toEqual(dsp);
      expectNoSecrets(JSON.stringify(read.body));
    },
  );

  it('shows the hints of each type as the form expects', () => {
    expect(dspOf('OPENRTB').credentials_hint).toEqual({ bearer_token: '••••9b21' });
    expect(dspOf('RTB4FREE').credentials_hint).toEqual({ username: 'rtb-user', password: '••••4c8d' });
    expect(dspOf('KRITTER').credentials_hint).toEqual({ api_key: '••••e5f6' });
    expect(dspOf('CUSTOM_HTTP').credentials_hint).toEqual({
      header_name: 'X-Partner-Auth',
      header_value: '••••1d2e',
    });
  });

  it('keeps the credentials sealed in the database', async () => {
    const rows = await t.deps.db.select().from(dsps);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.credentialsSealed.length).toBeGreaterThan(20);
      expectNoSecrets(row.credentialsSealed);
      expectNoSecrets(Buffer.from(row.credentialsSealed, 'base64').toString('latin1'));
      expectNoSecrets(JSON.stringify(row.credentialsHint));
    }
  });

  it('refuses a missing credential with 400 on the credentials field', async () => {
    for (const type of DSP_TYPE_NAMES) {
      const credentials = { ...CREDENTIALS[type] };
      delete credentials[DSP_TYPES[type].credentialFields.at(-1)!.name];
      expectFieldErrors(
        await t.call('POST', '/api/admin/dsp', {
          token: tok.admin,
          body: { ...bodyOf(type, `${type} missing`), credentials },
        }),
        { credentials: 'Fill in every credential of this DSP type.' },
      );
    }
    expectFieldErrors(
      await t.call('POST', '/api/admin/dsp', {
        token: tok.admin,
        body: { ...bodyOf('OPENRTB', 'blank token'), credentials: { bearer_token: '   ' } },
      }),
      { credentials: 'Fill in every credential of this DSP type.' },
    );
  });

  it('answers bad fields with 400 and a message per field', async () => {
    const result = await t.call('POST', '/api/admin/dsp', {
      token: tok.admin,
      body: {
        name: '',
        type: 'SMOKE_SIGNALS',
        endpoint_url: 'ftp://dsp',
        exchanges: 'Google AdX',
        qps_limit: 0,
        credentials: {},
      },
    });
    expectFieldErrors(result, {
      name: 'The name is required.',
      type: 'Choose a DSP type.',
      endpoint_url: 'Enter the endpoint as an http:// or https:// URL.',
      exchanges: true,
      qps_limit: 'At least 1 query per second.',
    });
  });

  it('refuses a duplicate name, in any case, with 409', async () => {
    for (const name of ['KRITTER partner', 'kritter PARTNER']) {
      expectError(
        await t.call('POST', '/api/admin/dsp', { token: tok.admin, body: bodyOf('KRITTER', name) }),
        409,
        'A DSP with this name already exists.',
      );
    }
  });
});

describe('lists', () => {
  it('lists every connection, paged, sorted and filtered, without secrets', async () => {
    const result = await t.call('GET', '/api/admin/dsp/list', { token: tok.admin });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const page = dataOf<Page<Dsp>>(result);
    expect(page.total).toBe(4);
    expect(page.items.map((dsp) => dsp.name)).toEqual([
      'CUSTOM_HTTP partner',
      'KRITTER partner',
      'OPENRTB partner',
      'RTB4FREE partner',
    ]);
    expectNoSecrets(JSON.stringify(result.body));
    const kritter = await t.call('GET', '/api/admin/dsp/list', {
      token: tok.admin,
      query: { type: 'KRITTER' },
    });
    expect(dataOf<Page<Dsp>>(kritter).items.map((dsp) => dsp.type)).toEqual(['KRITTER']);
    const searched = await t.call('GET', '/api/admin/dsp/list', { token: tok.admin, query: { q: 'rtb' } });
    expect(dataOf<Page<Dsp>>(searched).items.map((dsp) => dsp.name)).toEqual([
      'OPENRTB partner',
      'RTB4FREE partner',
    ]);
    const paged = await t.call('GET', '/api/admin/dsp/list', {
      token: tok.admin,
      query: { limit: 3, page: 2, sort: 'name', order: 'desc' },
    });
    expect(dataOf<Page<Dsp>>(paged)).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(dataOf<Page<Dsp>>(paged).items.map((dsp) => dsp.name)).toEqual(['CUSTOM_HTTP partner']);
    expectFieldErrors(
      await t.call('GET', '/api/admin/dsp/list', { token: tok.admin, query: { status: 'OFF' } }),
      {
        status: true,
      },
    );
  });

  it('excludes INACTIVE connections from activeDspList after a status change', async () => {
    const active = async () =>
      dataOf<Dsp[]>(await t.call('GET', '/api/admin/dsp/activeDspList', { token: tok.admin })).map(
        (dsp) => dsp.name,
      );
    expect(await active()).toHaveLength(4);
    const kritter = dspOf('KRITTER');
    const off = await t.call('PATCH', `/api/admin/dsp/${kritter.id}/status`, {
      token: tok.admin,
      body: { status: 'INACTIVE' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(dataOf<Dsp>(off).status).toBe('INACTIVE');
    expect(await active()).toEqual(['CUSTOM_HTTP partner', 'OPENRTB partner', 'RTB4FREE partner']);
    const inactive = await t.call('GET', '/api/admin/dsp/list', {
      token: tok.admin,
      query: { status: 'INACTIVE' },
    });
    expect(dataOf<Page<Dsp>>(inactive).items.map((dsp) => dsp.id)).toEqual([kritter.id]);
    const activeList = await t.call('GET', '/api/admin/dsp/activeDspList', { token: tok.admin });
    expectNoSecrets(JSON.stringify(activeList.body));
    expectFieldErrors(
      await t.call('PATCH', `/api/admin/dsp/${kritter.id}/status`, {
        token: tok.admin,
        body: { status: 'PAUSED' },
      }),
      { status: true },
    );
  });
});

describe('editing', () => {
  it('updates name, endpoint, exchanges and rate; the credentials stay', async () => {
    const dsp = dspOf('RTB4FREE');
    const result = await t.call('PUT', `/api/admin/dsp/${dsp.id}`, {
      token: tok.admin,
      body: {
        name: 'RTB4FREE main',
        type: 'RTB4FREE',
        endpoint_url: `${stub.url}/rtb4free?region=eu`,
        exchanges: ['Google AdX', 'OpenX', 'Index Exchange'],
        qps_limit: 2000,
      },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.message).toBe('DSP updated.');
    const updated = dataOf<Dsp>(result);
    expect(updated).toMatchObject({
      name: 'RTB4FREE main',
      endpoint_url: `${stub.url}/rtb4free?region=eu`,
      exchanges: ['Google AdX', 'OpenX', 'Index Exchange'],
      qps_limit: 2000,
      credentials_hint: dsp.credentials_hint,
    });
    expect(dataOf<Dsp>(await t.call('GET', `/api/admin/dsp/${dsp.id}`, { token: tok.admin }))).toEqual(
      updated,
    );
    created.RTB4FREE = updated;
    expectError(
      await t.call('PUT', `/api/admin/dsp/${dsp.id}`, {
        token: tok.admin,
        body: { ...bodyOf('RTB4FREE', 'openrtb PARTNER'), credentials: undefined },
      }),
      409,
      'A DSP with this name already exists.',
    );
    expectFieldErrors(
      await t.call('PUT', `/api/admin/dsp/${dsp.id}`, {
        token: tok.admin,
        body: {
          name: 'RTB4FREE main',
          type: 'RTB4FREE',
          endpoint_url: 'not a url',
          exchanges: [],
          qps_limit: -1,
        },
      }),
      { endpoint_url: true, qps_limit: true },
    );
  });

  it('replaces the credentials: new hints, no secret in the answer', async () => {
    const dsp = dspOf('KRITTER');
    const result = await t.call('PUT', `/api/admin/dsp/${dsp.id}/credentials`, {
      token: tok.admin,
      body: { credentials: { api_key: 'rotated-SECRET-key-9999' } },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.message).toBe('Credentials saved.');
    expect(dataOf<Dsp>(result).credentials_hint).toEqual({ api_key: '••••9999' });
    expect(JSON.stringify(result.body)).not.toContain('rotated-SECRET-key-9999');
    const [row] = await t.deps.db.select().from(dsps).where(eq(dsps.id, dsp.id));
    expect(row!.credentialsSealed).not.toContain('rotated-SECRET-key-9999');
  });

  it('refuses replacement credentials that leave a field of the type empty (400)', async () => {
    const dsp = dspOf('RTB4FREE');
    for (const credentials of [
      {},
      { username: 'rtb-user' },
      { username: 'rtb-user', password: '  ' },
      { api_key: 'x' },
    ]) {
      expectFieldErrors(
        await t.call('PUT', `/api/admin/dsp/${dsp.id}/credentials`, {
          token: tok.admin,
          body: { credentials },
        }),
        { credentials: 'Fill in every credential of this DSP type.' },
      );
    }
    expect(
      dataOf<Dsp>(await t.call('GET', `/api/admin/dsp/${dsp.id}`, { token: tok.admin })).credentials_hint,
    ).toEqual(dsp.credentials_hint);
  });
});

describe('moving an endpoint (sealed credentials never follow it)', () => {
  const KEY = 'moving-SECRET-key-a1b2';
  let dsp: Dsp;
  beforeAll(async () => {
    const result = await t.call('POST', '/api/admin/dsp', {
      token: tok.admin,
      body: { ...bodyOf('KRITTER', 'Moving partner'), credentials: { api_key: KEY } },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    dsp = dataOf<Dsp>(result);
  });

  const edit = (endpoint_url: string, credentials?: Record<string, string>) =>
    t.call('PUT', `/api/admin/dsp/${dsp.id}`, {
      token: tok.admin,
      body: {
        name: dsp.name,
        type: 'KRITTER',
        endpoint_url,
        exchanges: dsp.exchanges,
        qps_limit: dsp.qps_limit,
        ...(credentials ? { credentials } : {}),
      },
    });
  const ENDPOINT_CHANGED =
    'The endpoint changed: enter the credentials again, so that the stored ones are not sent to the new address.';

  it('refuses another scheme, host, port or path without the credentials (400), changing nothing', async () => {
    const stubPort = new URL(stub.url).port;
    for (const endpoint of [
      `${attacker.url}/kritter`,
      `https://127.0.0.1:${stubPort}/kritter`,
      `http://localhost:${stubPort}/kritter`,
      `${stub.url}/kritter/elsewhere`,
    ]) {
      expectFieldErrors(await edit(endpoint), { credentials: ENDPOINT_CHANGED });
    }
    const read = dataOf<Dsp>(await t.call('GET', `/api/admin/dsp/${dsp.id}`, { token: tok.admin }));
    expect(read.endpoint_url).toBe(dsp.endpoint_url);
    // The saved test still goes to the old address, never to the attacker's.
    await t.call('POST', `/api/admin/dsp/${dsp.id}/test`, { token: tok.admin });
    expect(stub.requests.at(-1)!.headers['x-api-key']).toBe(KEY);
    expect(attacker.requests).toHaveLength(0);
  });

  it('refuses incomplete credentials with the move', async () => {
    expectFieldErrors(await edit(`${attacker.url}/kritter`, { api_key: '  ' }), {
      credentials: 'Fill in every credential of this DSP type.',
    });
  });

  it('keeps the credentials when only the query changes', async () => {
    const moved = await edit(`${stub.url}/kritter?region=eu`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(dataOf<Dsp>(moved).credentials_hint).toEqual({ api_key: '••••a1b2' });
  });

  it('moves with new credentials, and the next test sends only those', async () => {
    const moved = await edit(`${attacker.url}/kritter`, { api_key: 'fresh-key-for-new-host-7777' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(dataOf<Dsp>(moved)).toMatchObject({
      endpoint_url: `${attacker.url}/kritter`,
      credentials_hint: { api_key: '••••7777' },
    });
    expect(JSON.stringify(moved.body)).not.toContain('fresh-key');
    await t.call('POST', `/api/admin/dsp/${dsp.id}/test`, { token: tok.admin });
    expect(attacker.requests.map((request) => request.headers['x-api-key'])).toEqual([
      'fresh-key-for-new-host-7777',
    ]);
    const log = dataOf<ChangeLog>(
      await t.call('GET', `/api/admin/dsp/${dsp.id}/change-log`, { token: tok.admin }),
    );
    expect(log.items[0]!.changes).toContainEqual({
      field: 'credentials_hint',
      from: { api_key: '••••a1b2' },
      to: { api_key: '••••7777' },
    });
    expect(JSON.stringify(log)).not.toContain('fresh-key');
    expect(JSON.stringify(log)).not.toContain(KEY);
  });
});

describe('connection test', () => {
  const test = (type: DspType, credentials: Record<string, string>, endpoint = `${stub.url}${PATHS[type]}`) =>
    t.call('POST', '/api/admin/dsp/test', {
      token: tok.admin,
      body: { type, endpoint_url: endpoint, credentials },
    });

  it.each(DSP_TYPE_NAMES)('connects to a %s bidder with the right credentials', async (type) => {
    const before = stub.requests.length;
    const result = await test(type, CREDENTIALS[type]);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const outcome = dataOf<TestResult>(result);
    expect(outcome.ok, outcome.message).toBe(true);
    expect(outcome.message).toBe(
      type === 'OPENRTB'
        ? 'Connected: the DSP answered with no bid.'
        : 'Connected: the DSP answered HTTP 200.',
    );
    expect(outcome.latency_ms).toBeGreaterThanOrEqual(0);
    expect(stub.requests).toHaveLength(before + 1);
  });

  it('sends an OpenRTB 2.6 test request (test=1) to an OpenRTB bidder', async () => {
    await test('OPENRTB', CREDENTIALS.OPENRTB);
    const sent = stub.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['x-openrtb-version']).toBe('2.6');
    expect(JSON.parse(sent.body)).toMatchObject({ test: 1, imp: [expect.objectContaining({ id: '1' })] });
  });

  it.each(DSP_TYPE_NAMES)('reports the refusal of wrong %s credentials', async (type) => {
    const outcome = dataOf<TestResult>(await test(type, WRONG[type]));
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toBe(`The DSP refused the credentials (HTTP ${type === 'KRITTER' ? 403 : 401}).`);
  });

  it('reports an unreachable endpoint and an upstream error', async () => {
    const unreachable = dataOf<TestResult>(await test('KRITTER', CREDENTIALS.KRITTER, await closedPortUrl()));
    // One sentence without cause or time: a closed port reads like any other failure.
    expect(unreachable).toEqual({ ok: false, message: 'Could not reach the DSP.', latency_ms: 0 });
    const broken = dataOf<TestResult>(await test('KRITTER', CREDENTIALS.KRITTER, `${stub.url}/broken`));
    expect(broken).toMatchObject({ ok: false, message: 'The DSP answered HTTP 500.' });
  });

  it('does not follow a redirect', async () => {
    const before = stub.requests.length;
    const redirected = dataOf<TestResult>(await test('KRITTER', CREDENTIALS.KRITTER, `${stub.url}/redirect`));
    expect(redirected).toMatchObject({ ok: false, message: 'The DSP answered HTTP 302.' });
    expect(stub.requests.slice(before).map((request) => request.url)).toEqual(['/redirect']);
  });

  it('never reaches the console itself, even on an allowed private address', async () => {
    for (const path of ['/api/health', '/api/admin/dsp/list']) {
      const outcome = dataOf<TestResult>(await test('KRITTER', CREDENTIALS.KRITTER, `${t.baseUrl}${path}`));
      expect(outcome).toEqual({ ok: false, message: 'Could not reach the DSP.', latency_ms: 0 });
    }
  });

  it('answers bad input with 400', async () => {
    expectFieldErrors(await test('RTB4FREE', { username: 'only-user' }), {
      credentials: 'Fill in every credential of this DSP type.',
    });
    expectFieldErrors(
      await t.call('POST', '/api/admin/dsp/test', {
        token: tok.admin,
        body: { type: 'NOPE', endpoint_url: 'javascript:alert(1)', credentials: {} },
      }),
      { type: 'Choose a DSP type.', endpoint_url: true },
    );
  });

  it('tests a saved connection with its stored credentials and records the outcome', async () => {
    const openrtb = dspOf('OPENRTB');
    const result = await t.call('POST', `/api/admin/dsp/${openrtb.id}/test`, { token: tok.admin });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(dataOf<TestResult>(result)).toMatchObject({
      ok: true,
      message: 'Connected: the DSP answered with no bid.',
    });
    expect(stub.requests.at(-1)!.headers.authorization).toBe(`Bearer ${ACCEPTED.bearer}`);
    const read = dataOf<Dsp>(await t.call('GET', `/api/admin/dsp/${openrtb.id}`, { token: tok.admin }));
    expect(read.last_test).toMatchObject({ ok: true, message: 'Connected: the DSP answered with no bid.' });
    expect(Date.now() - Date.parse(read.last_test!.at)).toBeLessThan(60_000);

    // KRITTER's key was rotated to one the bidder does not know: the saved test fails and says so.
    const kritter = dspOf('KRITTER');
    const failed = dataOf<TestResult>(
      await t.call('POST', `/api/admin/dsp/${kritter.id}/test`, { token: tok.admin }),
    );
    expect(failed).toMatchObject({ ok: false, message: 'The DSP refused the credentials (HTTP 403).' });
    expect(stub.requests.at(-1)!.headers['x-api-key']).toBe('rotated-SECRET-key-9999');
    const list = dataOf<Page<Dsp>>(await t.call('GET', '/api/admin/dsp/list', { token: tok.admin }));
    expect(list.items.find((dsp) => dsp.id === kritter.id)!.last_test).toMatchObject({ ok: false });
  });
});

describe('change log', () => {
  it('lists create, update, credentials and status, newest first, without secrets', async () => {
    const kritter = dspOf('KRITTER');
    await t.call('PUT', `/api/admin/dsp/${kritter.id}`, {
      token: tok.admin,
      body: {
        name: 'Kritter EU',
        type: 'KRITTER',
        endpoint_url: kritter.endpoint_url,
        exchanges: ['Google AdX'],
        qps_limit: 500,
      },
    });
    const result = await t.call('GET', `/api/admin/dsp/${kritter.id}/change-log`, { token: tok.admin });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const log = dataOf<ChangeLog>(result);
    expect(log.items.map((entry) => entry.action)).toEqual(['update', 'credentials', 'status', 'create']);
    const [update, credentials, status, create] = log.items;
    expect(update!.changes).toEqual([
      { field: 'name', from: 'KRITTER partner', to: 'Kritter EU' },
      { field: 'exchanges', from: ['Google AdX', 'PubMatic'], to: ['Google AdX'] },
    ]);
    expect(credentials!.changes).toEqual([{ field: 'api_key', from: '••••e5f6', to: '••••9999' }]);
    expect(status!.changes).toEqual([{ field: 'status', from: 'ACTIVE', to: 'INACTIVE' }]);
    expect(create!.changes).toContainEqual({ field: 'type', from: null, to: 'KRITTER' });
    expect(create!.actor).toEqual({ user_primary_id: 1, email: 'admin@demo.test' });
    expectNoSecrets(JSON.stringify(result.body));
    const onlyStatus = await t.call('GET', `/api/admin/dsp/${kritter.id}/change-log`, {
      token: tok.admin,
      query: { action: 'status' },
    });
    expect(dataOf<ChangeLog>(onlyStatus).items.map((entry) => entry.action)).toEqual(['status']);
  });

  it('changing the type clears the credentials of the old type and deactivates it until new ones come', async () => {
    const custom = dspOf('CUSTOM_HTTP');
    const result = await t.call('PUT', `/api/admin/dsp/${custom.id}`, {
      token: tok.admin,
      body: {
        name: custom.name,
        type: 'KRITTER',
        endpoint_url: custom.endpoint_url,
        exchanges: [],
        qps_limit: 10,
      },
    });
    expect(dataOf<Dsp>(result)).toMatchObject({ type: 'KRITTER', credentials_hint: {}, status: 'INACTIVE' });
    const active = dataOf<Dsp[]>(await t.call('GET', '/api/admin/dsp/activeDspList', { token: tok.admin }));
    expect(active.map((dsp) => dsp.id)).not.toContain(custom.id);
    const refused = dataOf<TestResult>(
      await t.call('POST', `/api/admin/dsp/${custom.id}/test`, { token: tok.admin }),
    );
    expect(refused).toMatchObject({ ok: false, message: 'The DSP refused the credentials (HTTP 401).' });
    // Moved to the Kritter path with Kritter credentials in the same edit.
    const fixed = await t.call('PUT', `/api/admin/dsp/${custom.id}`, {
      token: tok.admin,
      body: {
        name: custom.name,
        type: 'KRITTER',
        endpoint_url: `${stub.url}/kritter`,
        exchanges: [],
        qps_limit: 10,
        credentials: CREDENTIALS.KRITTER,
      },
    });
    expect(dataOf<Dsp>(fixed)).toMatchObject({
      credentials_hint: { api_key: '••••e5f6' },
      status: 'INACTIVE',
    });
    expect(
      dataOf<TestResult>(await t.call('POST', `/api/admin/dsp/${custom.id}/test`, { token: tok.admin })).ok,
    ).toBe(true);
  });
});

// Last: these add connections the list counts above do not expect.
describe('saving a connection', () => {
  it('saves a connection whose test fails inactive, with the failed test shown', async () => {
    const result = await t.call('POST', '/api/admin/dsp', {
      token: tok.admin,
      body: { ...bodyOf('KRITTER', 'Wrong key partner'), credentials: WRONG.KRITTER },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.message).toBe('DSP saved inactive: its connection test failed.');
    const dsp = dataOf<Dsp>(result);
    expect(dsp.status).toBe('INACTIVE');
    expect(dsp.last_test).toMatchObject({
      ok: false,
      message: 'The DSP refused the credentials (HTTP 403).',
    });
    const active = dataOf<Dsp[]>(await t.call('GET', '/api/admin/dsp/activeDspList', { token: tok.admin }));
    expect(active.map((item) => item.name)).not.toContain('Wrong key partner');
  });

  it('activates a connection only once it has passed a test with its current credentials', async () => {
    const activate = (id: number) =>
      t.call('PATCH', `/api/admin/dsp/${id}/status`, { token: tok.admin, body: { status: 'ACTIVE' } });
    const list = dataOf<Page<Dsp>>(
      await t.call('GET', '/api/admin/dsp/list', { token: tok.admin, query: { q: 'Wrong key partner' } }),
    );
    const dsp = list.items[0]!;
    expect(dsp.last_test?.ok).toBe(false);
    const refused = await activate(dsp.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'This DSP has not passed a connection test with its current settings. Test it, then activate it.',
    );
    const after = dataOf<Dsp>(await t.call('GET', `/api/admin/dsp/${dsp.id}`, { token: tok.admin }));
    expect(after.status).toBe('INACTIVE');

    // The right key, tested: now it may buy. New credentials make the old test moot until tested again.
    const fixed = await t.call('PUT', `/api/admin/dsp/${dsp.id}/credentials`, {
      token: tok.admin,
      body: { credentials: CREDENTIALS.KRITTER },
    });
    expect(dataOf<Dsp>(fixed).last_test).toBeNull();
    expect((await activate(dsp.id)).status).toBe(400);
    const tested = await t.call('POST', `/api/admin/dsp/${dsp.id}/test`, { token: tok.admin });
    expect(dataOf<{ ok: boolean }>(tested).ok).toBe(true);
    const activated = await activate(dsp.id);
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(dataOf<Dsp>(activated).status).toBe('ACTIVE');
  });

  it('refuses an exchange that is not in the exchanges table, creating nothing', async () => {
    const result = await t.call('POST', '/api/admin/dsp', {
      token: tok.admin,
      body: { ...bodyOf('KRITTER', 'Typo partner'), exchanges: ['Google AdX', 'Gogle ADX'] },
    });
    expectFieldErrors(result, { exchanges: 'Choose the exchanges from the list of exchanges.' });
    const list = dataOf<Page<Dsp>>(
      await t.call('GET', '/api/admin/dsp/list', { token: tok.admin, query: { q: 'Typo' } }),
    );
    expect(list.items).toEqual([]);
  });
});
