// The {encryptedData} / {encryptedResponse} envelope (spec section 7).
import type { SessionData } from '@console/core/api/auth';
import { importEnvelopeKey, openJson, sealJson, sealText } from '@console/core/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedAccount,
  dataOf,
  expectError,
  INVALID_LOGIN,
  idOf,
  NO_PERMISSION,
  sessionOf,
} from './support/accounts.ts';
import {
  type CallResult,
  DEMO_PASSWORD,
  startTestApp,
  TEST_PAYLOAD_KEY,
  type TestApp,
} from './support/test-app.ts';

const UNDECRYPTABLE = 'The encrypted request could not be decrypted.';

let t: TestApp;
let key: CryptoKey;
beforeAll(async () => {
  t = await startTestApp();
  key = await importEnvelopeKey(TEST_PAYLOAD_KEY);
});
afterAll(() => t.close());

/** Sends the body sealed; checks that the answer is sealed and answers it opened. */
const sealedCall = async (method: string, path: string, body: unknown, options: { token?: string } = {}) => {
  const result = await t.call(method, path, {
    ...options,
    body: { encryptedData: await sealJson(key, body) },
  });
  expect(Object.keys(result.body), JSON.stringify(result.body)).toEqual(['encryptedResponse']);
  expect(result.headers['content-type']).toMatch(/^application\/json/);
  const opened = (await openJson(key, result.body.encryptedResponse as string)) as Record<string, unknown>;
  return { status: result.status, body: opened, headers: result.headers } satisfies CallResult;
};

describe('sealed requests', () => {
  it('GET /api/auth/payload-key answers the envelope key', async () => {
    const result = await t.call('GET', '/api/auth/payload-key');
    expect(result.body).toEqual({ success: true, data: { key: TEST_PAYLOAD_KEY } });
  });

  it('a sealed login signs in and is answered sealed with the plain answer inside', async () => {
    const opened = await sealedCall('POST', '/api/auth/login', {
      email: 'adv1@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ success: true, message: 'Signed in.' });
    const session = dataOf<SessionData>(opened);
    expect(session).toMatchObject({ email: 'adv1@demo.test', role: 'ADVERTISER', expires_in: 7200 });
    // The same answer as a plain login, but for the token.
    const plain = await sessionOf(t, 'adv1@demo.test');
    expect(session).toEqual({ ...plain, token: expect.any(String) });
    expect((await t.call('GET', '/api/auth/profile', { token: session.token })).status).toBe(200);
  });

  it('a sealed body with bad input is answered with a sealed 400 and the field errors', async () => {
    const opened = await sealedCall('POST', '/api/auth/login', { email: 'not-an-email', password: '' });
    expect(opened.status).toBe(400);
    expectError(opened, 400);
    expect(Object.keys(opened.body.errors as object).sort()).toEqual(['email', 'password']);
  });

  it('a sealed wrong password is answered with a sealed 401 of the catalogue', async () => {
    const opened = await sealedCall('POST', '/api/auth/login', {
      email: 'adv2@demo.test',
      password: 'Wrong-pass-1',
    });
    expect(opened.status).toBe(401);
    expect(opened.body).toEqual({ success: false, message: INVALID_LOGIN, error_code: 401 });
  });

  it('sealed bodies work on signed-in routes (PUT profile) and their errors are sealed too', async () => {
    const account = await createVerifiedAccount(t);
    const updated = await sealedCall(
      'PUT',
      '/api/auth/profile',
      { firstName: 'Sealed', lastName: 'Name', companyName: 'Sealed Co' },
      { token: account.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ firstName: 'Sealed', companyName: 'Sealed Co' });
    const profile = await t.call('GET', '/api/auth/profile', { token: account.token });
    expect(profile.body.data).toMatchObject({ firstName: 'Sealed' });

    const invalid = await sealedCall('PUT', '/api/auth/profile', { firstName: '' }, { token: account.token });
    expectError(invalid, 400);
    expect(invalid.body.errors).toMatchObject({ firstName: 'This field is required.' });
  });

  it('a role refusal comes before the body is opened, so it is answered plainly', async () => {
    const token = await t.loginAs('adv1@demo.test');
    const encryptedData = await sealJson(key, {
      user_primary_id: await idOf(t, 'adv2@demo.test'),
      new_password: 'Valid-pass-1',
    });
    const result = await t.call('POST', '/api/auth/userChangePassword', { token, body: { encryptedData } });
    expectError(result, 403, NO_PERMISSION);
  });

  it('parent ids inside a sealed body are checked after opening it', async () => {
    const admin = await sessionOf(t, 'admin@demo.test');
    const child = dataOf<SessionData>(
      await t.call('POST', '/api/auth/auto-login', {
        token: admin.token,
        body: { user_primary_id: await idOf(t, 'adv2@demo.test') },
      }),
    );
    const body = { firstName: 'Beth', lastName: 'Second', companyName: 'Fabrikam Shoes' };
    const wrong = await sealedCall(
      'PUT',
      '/api/auth/profile',
      { ...body, admin_id: 987_654 },
      { token: child.token },
    );
    expectError(wrong, 403, 'The admin_id does not match the signed-in session.');
    const right = await sealedCall(
      'PUT',
      '/api/auth/profile',
      { ...body, admin_id: admin.user_primary_id },
      { token: child.token },
    );
    expect(right.status).toBe(200);
  });

  it('a sealed auto-login answers the child session sealed', async () => {
    const token = await t.loginAs('agency@demo.test');
    const opened = await sealedCall(
      'POST',
      '/api/auth/auto-login',
      { user_primary_id: await idOf(t, 'adv1@demo.test') },
      { token },
    );
    expect(opened.status).toBe(200);
    expect(dataOf<SessionData>(opened).email).toBe('adv1@demo.test');
  });
});

describe('bodies that do not decrypt', () => {
  const plainUndecryptable = (result: CallResult) => {
    expect(result.body).toEqual({ success: false, message: UNDECRYPTABLE, error_code: 400 });
    expect(result.status).toBe(400);
  };

  it('garbage encryptedData gets a plain 400 with a clear message', async () => {
    for (const encryptedData of ['garbage', '', 'AAAA', '!!!not base64!!!', 'x'.repeat(5000)]) {
      plainUndecryptable(await t.call('POST', '/api/auth/login', { body: { encryptedData } }));
    }
  });

  it('a body sealed with another key gets the same plain 400', async () => {
    const otherKey = await importEnvelopeKey('b'.repeat(64));
    const encryptedData = await sealJson(otherKey, { email: 'adv1@demo.test', password: DEMO_PASSWORD });
    plainUndecryptable(await t.call('POST', '/api/auth/login', { body: { encryptedData } }));
  });

  it('a tampered sealed body gets the same plain 400', async () => {
    const sealed = await sealJson(key, { email: 'adv1@demo.test', password: DEMO_PASSWORD });
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    plainUndecryptable(
      await t.call('POST', '/api/auth/login', { body: { encryptedData: bytes.toString('base64') } }),
    );
  });

  it('sealed text that is not JSON gets the same plain 400', async () => {
    const encryptedData = await sealText(key, 'email=adv1@demo.test');
    plainUndecryptable(await t.call('POST', '/api/auth/login', { body: { encryptedData } }));
  });

  it('on a signed-in route too, after the token check', async () => {
    const token = await t.loginAs('adv2@demo.test');
    plainUndecryptable(
      await t.call('PUT', '/api/auth/profile', { token, body: { encryptedData: 'garbage' } }),
    );
    // Without a token the answer is 401, not a hint about the body.
    const anonymous = await t.call('PUT', '/api/auth/profile', { body: { encryptedData: 'garbage' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('plain JSON', () => {
  it('is answered plainly', async () => {
    const result = await t.call('POST', '/api/auth/login', {
      body: { email: 'adv1@demo.test', password: DEMO_PASSWORD },
    });
    expect(result.status).toBe(200);
    expect(result.body).not.toHaveProperty('encryptedResponse');
    expect(result.body).toMatchObject({ success: true, data: { email: 'adv1@demo.test' } });
  });

  it('an object with encryptedData and other keys is plain JSON, validated as such', async () => {
    const result = await t.call('POST', '/api/auth/login', {
      body: { encryptedData: 'garbage', email: 'adv1@demo.test', password: DEMO_PASSWORD },
    });
    expect(result.status).toBe(200);
    expect(result.body).not.toHaveProperty('encryptedResponse');
  });

  it('encryptedData that is not a string is plain (invalid) input', async () => {
    const result = await t.call('POST', '/api/auth/login', { body: { encryptedData: 12 } });
    expectError(result, 400);
    expect(result.body).toHaveProperty('errors');
  });

  it('GET answers are never sealed', async () => {
    const token = await t.loginAs('adv1@demo.test');
    const result = await t.call('GET', '/api/auth/profile', { token });
    expect(result.body).toMatchObject({ success: true });
  });
});
