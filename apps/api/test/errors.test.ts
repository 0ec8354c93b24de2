// The error catalogue (spec section 8): malformed and hostile input gets a 4xx with
// a message a user can read, never a 500 or a stack trace.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users.ts';
import {
  createVerifiedAccount,
  dataOf,
  expectError,
  expectFieldErrors,
  expectNoInternals,
  expectUnauthorized,
  insertUser,
  SESSION_ENDED,
  SIGN_IN_PLEASE,
  sessionOf,
} from './support/accounts.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LOGIN = '/api/auth/login';
const EXPIRED = 'Your session has expired. Please sign in again.';
const UNSTORABLE = 'The request contains characters that cannot be stored.';

const signToken = async (secret: string, claims: Record<string, unknown>, expiresInSeconds = 3600) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
};

describe('malformed bodies', () => {
  it('malformed JSON is a plain 400', async () => {
    for (const rawBody of ['{', '{"email": "a@b.test",}', "{'email': 1}", 'undefined', '{"a":1}}']) {
      const result = await t.call('POST', LOGIN, { rawBody });
      expect(result.body).toEqual({
        success: false,
        message: 'The request body is not valid JSON.',
        error_code: 400,
      });
      expect(result.status).toBe(400);
    }
  });

  it('an empty JSON body is a 400 saying so', async () => {
    const result = await t.call('POST', LOGIN, {
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expectError(result, 400, 'The request body is empty.');
  });

  it('prototype-poisoning keys are refused as invalid JSON', async () => {
    for (const rawBody of [
      '{"__proto__":{"admin":true},"email":"a@b.test","password":"x"}',
      '{"constructor":{"prototype":{"x":1}}}',
    ]) {
      expectError(await t.call('POST', LOGIN, { rawBody }), 400, 'The request body is not valid JSON.');
    }
  });

  it('JSON that is not an object is a 400 with a message', async () => {
    for (const rawBody of ['null', '[]', '"text"', '42', 'true', '[{"email":"a@b.test"}]']) {
      const result = await t.call('POST', LOGIN, { rawBody });
      expectFieldErrors(result, { body: 'The request must be a JSON object.' });
    }
  });

  it('wrong types get 400 with an error per field', async () => {
    const result = await t.call('POST', LOGIN, { body: { email: 123, password: ['x'] } });
    const errors = expectFieldErrors(result, { email: true, password: true });
    expect(result.body.message).toBe(Object.values(errors)[0]);

    const nested = await t.call('POST', LOGIN, { body: { email: { $gt: '' }, password: { $ne: null } } });
    expectFieldErrors(nested, { email: true, password: true });
  });

  it('an unsupported content type is a 415, a text body a 400', async () => {
    const form = await t.call('POST', LOGIN, {
      rawBody: 'email=a@b.test&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(form, 415, 'This content type is not supported.');
    const text = await t.call('POST', LOGIN, { rawBody: 'hello', headers: { 'content-type': 'text/plain' } });
    expectError(text, 400);
  });

  it('a 2 MB body is a 413', async () => {
    const rawBody = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    const result = await t.call('POST', LOGIN, { rawBody });
    expect(result.body).toEqual({
      success: false,
      message: 'The request body is too large.',
      error_code: 413,
    });
    expect(result.status).toBe(413);
    // A body just under the limit is read and validated (400), not refused for its size.
    const under = await t.call('POST', LOGIN, {
      rawBody: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1000 * 1000) }),
    });
    expectFieldErrors(under, { password: true });
  });

  it('deeply nested JSON is a 4xx', async () => {
    const result = await t.call('POST', LOGIN, { rawBody: `${'['.repeat(50_000)}${']'.repeat(50_000)}` });
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expectNoInternals(result);
  });

  it('over-long fields are refused with a field message', async () => {
    const result = await t.call('POST', LOGIN, {
      body: { email: `${'a'.repeat(300)}@b.test`, password: 'p'.repeat(201) },
    });
    expectFieldErrors(result, { email: true, password: true });
  });
});

describe('text the database cannot store', () => {
  // PostgreSQL refuses NUL characters in text and lone surrogates in JSON; that is bad input (400),
  // not a server fault (500).
  it('a NUL character in a profile name is a 400, not a 500', async () => {
    const account = await createVerifiedAccount(t);
    const result = await t.call('PUT', '/api/auth/profile', {
      token: account.token,
      body: { firstName: 'Nul\u0000Name', lastName: 'L', companyName: 'C' },
    });
    expectError(result, 400, UNSTORABLE);
    const profile = await t.call('GET', '/api/auth/profile', { token: account.token });
    expect(profile.body.data).toMatchObject({ firstName: 'Test' });
  });

  it('a lone surrogate in a profile name is a 400, not a 500', async () => {
    const account = await createVerifiedAccount(t);
    const result = await t.call('PUT', '/api/auth/profile', {
      token: account.token,
      rawBody: '{"firstName":"\\ud800","lastName":"L","companyName":"C"}',
    });
    expectError(result, 400, UNSTORABLE);
  });

  it('a NUL character in a registration is a 400 and creates nothing', async () => {
    const result = await t.call('POST', '/api/auth/register', {
      body: {
        role: 'ADVERTISER',
        email: 'nul-register@example.test',
        password: DEMO_PASSWORD,
        firstName: 'A',
        lastName: 'B',
        companyName: 'Nul\u0000Co',
      },
    });
    expectError(result, 400, UNSTORABLE);
    const login = await t.call('POST', LOGIN, {
      body: { email: 'nul-register@example.test', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(401);
  });

  it('a NUL character in a search is a 400', async () => {
    const token = await t.loginAs('admin@demo.test');
    const result = await t.call('GET', '/api/auth/impersonation-targets', {
      token,
      query: { q: 'adv\u0000' },
    });
    expectError(result, 400, UNSTORABLE);
  });
});

describe('routes and tokens', () => {
  it('an unknown /api route is a 404 in the catalogue shape', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['GET', '/api/auth/login'],
      ['DELETE', '/api/auth/profile'],
      ['GET', '/api'],
    ] as const) {
      const result = await t.call(method, path);
      expect(result.body).toEqual({
        success: false,
        message: `No route for ${method} ${path}.`,
        error_code: 404,
      });
      expect(result.status).toBe(404);
    }
  });

  it('the 404 message leaves out the query string', async () => {
    const result = await t.call('GET', '/api/nope?token=secret');
    expect(result.body.message).toBe('No route for GET /api/nope.');
  });

  it('an unknown route with a malformed body is a 4xx of the catalogue', async () => {
    const result = await t.call('POST', '/api/nope', { rawBody: '{' });
    expect([400, 404]).toContain(result.status);
    expectError(result, result.status);
  });

  it('a JWT signed with another secret is a 401 of the catalogue', async () => {
    const admin = await sessionOf(t, 'admin@demo.test');
    const [, payload] = admin.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = await signToken(randomBytes(32).toString('hex'), {
      uid: claims.uid,
      role: 'ADMIN',
      sid: claims.sid,
    });
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token: forged }), EXPIRED);
    // The real token still works.
    expect((await t.call('GET', '/api/auth/profile', { token: admin.token })).status).toBe(200);
  });

  it('a token whose claims were edited is a 401', async () => {
    const adv = await sessionOf(t, 'adv1@demo.test');
    const [header, payload, signature] = adv.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const edited = Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN', uid: 1 })).toString('base64url');
    expectUnauthorized(
      await t.call('GET', '/api/auth/profile', { token: `${header}.${edited}.${signature}` }),
      EXPIRED,
    );
  });

  it("an unsigned ('none') token is a 401", async () => {
    const adv = await sessionOf(t, 'adv1@demo.test');
    const [, payload] = adv.token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token: `${header}.${payload}.` }), EXPIRED);
  });

  it('a correctly signed token is refused when it has expired or its session does not exist', async () => {
    const adv = await sessionOf(t, 'adv1@demo.test');
    const [, payload] = adv.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const secret = t.deps.config.jwtSecret;
    const expired = await signToken(secret, { uid: claims.uid, role: claims.role, sid: claims.sid }, -60);
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token: expired }), EXPIRED);
    const noSession = await signToken(secret, {
      uid: claims.uid,
      role: claims.role,
      sid: crypto.randomUUID(),
    });
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token: noSession }), SESSION_ENDED);
    // A valid signature on another user's session id does not borrow that session.
    const admin = await sessionOf(t, 'admin@demo.test');
    const adminClaims = JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    const borrowed = await signToken(secret, { uid: claims.uid, role: 'ADMIN', sid: adminClaims.sid });
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token: borrowed }), SESSION_ENDED);
  });

  it('garbage bearers and other schemes are a 401', async () => {
    for (const token of ['garbage', 'a.b.c', 'x'.repeat(5000), '.', 'eyJhbGciOiJIUzI1NiJ9..']) {
      expectUnauthorized(await t.call('GET', '/api/auth/profile', { token }));
    }
    for (const authorization of ['Basic YWRtaW46cGFzcw==', 'Bearer', 'Bearer ', 'Token abc', '']) {
      expectUnauthorized(
        await t.call('GET', '/api/auth/profile', { headers: { authorization } }),
        SIGN_IN_PLEASE,
      );
    }
  });

  it('a session of a deactivated user is a 401; signing in to it reads like a wrong password', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    const session = await sessionOf(t, user.email, user.password);
    await t.deps.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, user.id));
    expectUnauthorized(await t.call('GET', '/api/auth/profile', { token: session.token }), SESSION_ENDED);
    // The right password and a wrong one get the same answer, so sign-in tells nothing about it.
    const right = await t.call('POST', LOGIN, { body: { email: user.email, password: user.password } });
    const wrong = await t.call('POST', LOGIN, { body: { email: user.email, password: 'Wrong-password-9' } });
    expectError(right, 401, 'Invalid email or password.');
    expect(wrong.status).toBe(right.status);
    expect(wrong.body).toEqual(right.body);
  });

  it('answers carry the security headers and no framework banner', async () => {
    const result = await t.call('GET', '/api/health');
    expect(dataOf(result)).toEqual({ status: 'ok' });
    expect(result.headers['x-content-type-options']).toBe('nosniff');
    expect(result.headers['x-powered-by']).toBeUndefined();
    expect(result.headers['content-security-policy']).toBeDefined();
  });
});

type OpenApiOperation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { name: string; in: string }[];
};
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };

/** Each documented body field in turn replaced by a hostile value; the rest stays absent or valid. */
const hostileBodies = (schema: JsonSchema | undefined): unknown[] => {
  const fields = Object.keys(schema?.properties ?? {});
  const values: unknown[] = [
    null,
    -1,
    ['a'],
    { $gt: '' },
    'x'.repeat(20_000),
    'Nul\u0000Value-1a',
    '\ud800Lone-1a',
  ];
  const bodies: unknown[] = [{}, { unknown_field: 1 }];
  for (const value of values) bodies.push(Object.fromEntries(fields.map((field) => [field, value])));
  for (const field of fields) {
    for (const value of ['Nul\u0000Value-1a', '\ud800Lone-1a']) bodies.push({ [field]: value });
  }
  return bodies;
};

describe('no endpoint answers 500 to bad input', () => {
  it('every documented operation survives malformed and hostile bodies, queries and path ids', async () => {
    const doc = (await t.call('GET', '/docs/openapi.json')).body as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    // A spare advertiser of the demo agency stands in for every {id}, so no demo user is harmed.
    const agency = await sessionOf(t, 'agency@demo.test');
    const spare = await insertUser(t, { role: 'ADVERTISER', agencyId: agency.user_primary_id });
    const tokens = [
      (await sessionOf(t, 'admin@demo.test')).token,
      agency.token,
      (await sessionOf(t, 'advertiser@demo.test')).token,
    ];
    const failures: string[] = [];
    let calls = 0;
    const check = async (label: string, request: Parameters<TestApp['call']>) => {
      calls++;
      const result = await t.call(...request);
      // Every token here is valid: a 401 would mean a call ended a session and the rest proves nothing.
      if (result.status >= 500 || result.status === 401 || 'stack' in result.body) {
        failures.push(`${label} -> ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`);
      }
      return result;
    };
    for (const [template, operations] of Object.entries(doc.paths)) {
      // These end or rotate the caller's session whatever the input; the session tests cover them.
      if (/logout|end-impersonation|refresh-token/.test(template)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const verb = method.toUpperCase();
        const path = template.replace(/\{[^}]+\}/g, String(spare.id));
        // The first role the route lets in, so that the input is validated rather than refused.
        let token = tokens[0]!;
        for (const candidate of tokens) {
          const probe = await check(`${verb} ${path}`, [verb, path, { token: candidate }]);
          token = candidate;
          if (probe.status !== 403) break;
        }
        if (template.includes('{')) {
          for (const id of ['abc', '0', '99999999999999999999', '%00']) {
            const bad = template.replace(/\{[^}]+\}/g, id);
            await check(`${verb} ${bad}`, [verb, bad, { token }]);
          }
        }
        const queryNames = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        if (queryNames.length > 0) {
          for (const value of ['-1', '\u0000', 'x'.repeat(5000), '1e400']) {
            const query = Object.fromEntries(queryNames.map((name) => [name, value]));
            await check(`${verb} ${path}?*=${JSON.stringify(value).slice(0, 20)}`, [
              verb,
              path,
              { token, query },
            ]);
          }
        }
        if (!operation.requestBody) continue;
        for (const rawBody of ['{', 'null', '{"__proto__":{"a":1}}']) {
          await check(`${verb} ${path} raw ${rawBody}`, [verb, path, { token, rawBody }]);
        }
        const schema = operation.requestBody.content?.['application/json']?.schema;
        for (const body of hostileBodies(schema)) {
          await check(`${verb} ${path} ${JSON.stringify(body).slice(0, 80)}`, [verb, path, { token, body }]);
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 180_000); // ~900 calls: generous for a loaded 2-core machine
});
