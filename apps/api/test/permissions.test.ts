// The permission matrix from the API reference: every signed-in operation
// refuses a request without a token, every operation is documented, and role-restricted routes
// refuse the wrong roles.
import { isDeepStrictEqual } from 'node:util';
import type { SessionData } from '@console/core/api/auth';
import { PERMISSION_ROLES, type Permission } from '@console/core/permissions';
import type { Role } from '@console/core/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectError, NO_PERMISSION, SIGN_IN_PLEASE, sessionOf } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

type Operation = {
  summary?: string;
  description?: string;
  'x-permission'?: string;
  'x-roles'?: string[];
  security?: Record<string, unknown>[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  parameters?: { in: string; name: string; schema?: unknown }[];
};
type OpenApiDoc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
};

let t: TestApp;
let doc: OpenApiDoc;
let operations: { method: string; path: string; operation: Operation }[];
type Name = 'admin' | 'coadmin' | 'agency' | 'adv1' | 'advertiser';
const s: Record<Name, SessionData> = {} as never;

const EXPIRED = 'Your session has expired. Please sign in again.';

/** Every route anyone may call without signing in (a new one must be added here). */
const PUBLIC_ROUTES = [
  'GET /api/auth/agency-config',
  'GET /api/auth/payload-key',
  'GET /api/creatives/preview-frame',
  'GET /api/health',
  // Conversions from advertisers' servers: refused unless the click id is a signed tracking token
  // and its advertiser has postback_enabled.
  'GET /api/postback',
  // The reference pages and uploaded media (the public scope of app.ts).
  'GET /docs',
  'GET /docs/json',
  'GET /docs/openapi.json',
  'GET /docs/static/*',
  'GET /docs/static/index.html',
  'GET /docs/static/swagger-initializer.js',
  'GET /docs/yaml',
  'GET /media/*',
  // Tracking beacons and the click redirect: the token is signed; a forged or altered one is 4xx.
  'GET /t/:kind/:token',
  'POST /api/auth/forgot-password',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/resend-verify-otp',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-otp',
  // Stripe's webhook: accepted only with a valid Stripe-Signature made with STRIPE_WEBHOOK_SECRET.
  'POST /api/payment/stripe/webhook',
  // Exchanges' bid requests: a bid only answers with signed tracking URLs; nothing is read or moved.
  'POST /openrtb/2.6/:exchange_key',
];

/** Whether status and body are exactly these (collects every mismatch instead of stopping at one). */
const matches = (result: { status: number; body: unknown }, expected: { status: number; body: unknown }) =>
  result.status === expected.status && isDeepStrictEqual(result.body, expected.body);

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** A concrete URL of an OpenAPI path template. */
const urlOf = (template: string) => template.replace(/\{[^}]+\}/g, '1');

beforeAll(async () => {
  t = await startTestApp();
  const result = await t.call('GET', '/docs/openapi.json');
  expect(result.status).toBe(200);
  doc = result.body as unknown as OpenApiDoc;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
  for (const name of ['admin', 'coadmin', 'agency', 'adv1', 'advertiser'] as const) {
    s[name] = await sessionOf(t, `${name}@demo.test`);
  }
});
afterAll(() => t.close());

describe('the API reference', () => {
  it('is OpenAPI 3.1 with a bearer scheme, and lists the platform routes', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const listed = operations.map(({ method, path }) => `${method} ${path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/auth/payload-key',
        'GET /api/auth/agency-config',
        'POST /api/auth/login',
        'POST /api/auth/register',
        'POST /api/auth/verify-otp',
        'POST /api/auth/resend-verify-otp',
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password',
        'POST /api/auth/changePassword',
        'POST /api/auth/userChangePassword',
        'GET /api/auth/profile',
        'PUT /api/auth/profile',
        'GET /api/auth/refresh-token',
        'POST /api/auth/logout',
        'POST /api/auth/auto-login',
        'POST /api/auth/end-impersonation',
        'GET /api/auth/impersonation-targets',
        'GET /api/auth/user-settings/{user_primary_id}',
        'GET /api/campaning/getAdvertiserBalance',
      ]),
    );
  });

  it('every route declares its access, and exactly these are public', () => {
    const declared = t.app.declaredRoutes;
    expect(declared.length).toBeGreaterThanOrEqual(operations.length);
    const open = declared
      .filter(({ access }) => access === 'public')
      .map(({ method, url }) => `${method} ${url}`);
    expect(open.sort()).toEqual(PUBLIC_ROUTES);
  });

  it('documents each route with the security of its declared access', () => {
    const accessOf = new Map(
      t.app.declaredRoutes.map(({ method, url, access }) => [`${method} ${url}`, access] as const),
    );
    const wrong: string[] = [];
    for (const { method, path, operation } of operations) {
      const access = accessOf.get(`${method} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
      const expected = access === 'public' ? [] : [{ bearerAuth: [] }];
      if (access === undefined) wrong.push(`${method} ${path}: not a declared route`);
      else if (!isDeepStrictEqual(operation.security, expected))
        wrong.push(`${method} ${path}: security ${JSON.stringify(operation.security)}, access ${access}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names the permission of every signed-in operation, with its roles', () => {
    const accessOf = new Map(
      t.app.declaredRoutes.map(({ method, url, access }) => [`${method} ${url}`, access] as const),
    );
    const wrong: string[] = [];
    for (const { method, path, operation } of operations) {
      const access = accessOf.get(`${method} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
      if (access === undefined || access === 'public') continue;
      const roles = PERMISSION_ROLES[access];
      const line = `Permission: \`${access}\` (${roles.join(', ')}).`;
      if (
        operation['x-permission'] !== access ||
        !isDeepStrictEqual(operation['x-roles'], [...roles]) ||
        !operation.description?.endsWith(line)
      )
        wrong.push(`${method} ${path}: ${operation['x-permission']} ${JSON.stringify(operation['x-roles'])}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the interactive reference is served at /docs', async () => {
    const response = await fetch(`${t.baseUrl}/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('gives every operation a summary and a JSON schema for its 200 answer', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations) {
      if (!operation.summary?.trim()) missing.push(`${method} ${path}: summary`);
      // JSON, or a file the operation says it produces (the funds CSV export and PDF statement).
      const content = operation.responses?.['200']?.content;
      const ok = ['application/json', 'text/csv', 'application/pdf'].some((type) => content?.[type]?.schema);
      if (!ok) missing.push(`${method} ${path}: 200 response schema`);
      if (['POST', 'PUT', 'PATCH'].includes(method) && operation.requestBody) {
        if (!operation.requestBody.content?.['application/json']?.schema)
          missing.push(`${method} ${path}: body`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents the error answers of signed-in operations', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations) {
      if (!operation.security?.length) continue;
      for (const code of ['401', '403']) {
        if (!operation.responses?.[code]) missing.push(`${method} ${path}: ${code}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('no token', () => {
  it('every operation that declares bearer security answers 401 of the catalogue', async () => {
    const secured = operations.filter(({ operation }) => operation.security?.length);
    expect(secured.length).toBeGreaterThanOrEqual(12);
    const wrong: string[] = [];
    for (const { method, path, operation } of secured) {
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? { body: {} } : {};
      const cases = [
        { label: 'no token', options: body, message: SIGN_IN_PLEASE },
        { label: 'bad token', options: { ...body, token: 'not-a-token' }, message: EXPIRED },
      ];
      for (const { label, options, message } of cases) {
        const result = await t.call(method, urlOf(path), options);
        if (!matches(result, { status: 401, body: { success: false, message, error_code: 401 } })) {
          wrong.push(`${method} ${path} ${label} -> ${result.status} ${JSON.stringify(result.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('operations without security really are public (no 401 without a token)', async () => {
    const open = operations.filter(({ operation }) => !operation.security?.length);
    expect(open.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(['GET /api/health', 'POST /api/auth/login', 'GET /api/auth/agency-config']),
    );
    for (const { method, path } of open) {
      const result = await t.call(
        method,
        urlOf(path),
        ['POST', 'PUT', 'PATCH'].includes(method) ? { body: {} } : {},
      );
      expect(result.status, `${method} ${path}`).not.toBe(401);
      expect(result.status, `${method} ${path}`).toBeLessThan(500);
    }
  });
});

describe('wrong role', () => {
  const nameOf: Record<Role, Name> = {
    ADMIN: 'admin',
    'CO-ADMIN': 'coadmin',
    AGENCY: 'agency',
    ADVERTISER: 'advertiser',
  };

  it('every signed-in operation refuses, with 403, each role its permission leaves out', async () => {
    const wrong: string[] = [];
    let refusals = 0;
    for (const { method, url, access } of t.app.declaredRoutes) {
      if (access === 'public') continue;
      const allowed: readonly Role[] = PERMISSION_ROLES[access as Permission];
      for (const role of (Object.keys(nameOf) as Role[]).filter((r) => !allowed.includes(r))) {
        const body = ['POST', 'PUT', 'PATCH'].includes(method) ? { body: {} } : {};
        const result = await t.call(method, url.replace(/:[a-z_]+/gi, '1'), {
          ...body,
          token: s[nameOf[role]].token,
        });
        refusals += 1;
        if (
          !matches(result, { status: 403, body: { success: false, message: NO_PERMISSION, error_code: 403 } })
        )
          wrong.push(`${method} ${url} as ${role} (${access}) -> ${result.status}`);
      }
    }
    expect(refusals).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  const cases: [string, string, unknown, Name[]][] = [
    [
      'POST',
      '/api/auth/userChangePassword',
      { user_primary_id: 5, new_password: 'Valid-pass-1' },
      ['agency', 'adv1', 'advertiser'],
    ],
    ['POST', '/api/auth/auto-login', { user_primary_id: 5 }, ['adv1', 'advertiser']],
    ['GET', '/api/auth/impersonation-targets', undefined, ['adv1', 'advertiser']],
    ['GET', '/api/campaning/getAdvertiserBalance', undefined, ['admin', 'coadmin', 'agency']],
  ];

  it.each(cases)('%s %s refuses the wrong roles with 403', async (method, path, body, names) => {
    for (const name of names) {
      const result = await t.call(
        method,
        path,
        body === undefined ? { token: s[name].token } : { token: s[name].token, body },
      );
      expectError(result, 403, NO_PERMISSION);
    }
  });

  it('the role of an impersonation session is the acted-as user', async () => {
    const child = dataOf<SessionData>(
      await t.call('POST', '/api/auth/auto-login', {
        token: s.admin.token,
        body: { user_primary_id: s.adv1.user_primary_id },
      }),
    );
    const asAdvertiser = { token: child.token, query: { admin_id: s.admin.user_primary_id } };
    expectError(
      await t.call('POST', '/api/auth/userChangePassword', {
        ...asAdvertiser,
        body: { user_primary_id: s.advertiser.user_primary_id, new_password: 'Valid-pass-1' },
      }),
      403,
      NO_PERMISSION,
    );
    expectError(await t.call('GET', '/api/auth/impersonation-targets', asAdvertiser), 403, NO_PERMISSION);
    expect((await t.call('GET', '/api/campaning/getAdvertiserBalance', asAdvertiser)).status).toBe(200);
  });

  it('the role check comes before the input is validated (no hint from field errors)', async () => {
    const result = await t.call('POST', '/api/auth/userChangePassword', {
      token: s.adv1.token,
      body: { user_primary_id: 'abc', new_password: 'x' },
    });
    expectError(result, 403, NO_PERMISSION);
  });
});
