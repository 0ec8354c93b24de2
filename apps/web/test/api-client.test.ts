// The HTTP client against a fake fetch: bearer token, parents' ids, sealed bodies, opened answers,
// and the 401 / timeout handling of spec sections 7 and 8.
import { importEnvelopeKey, openJson, sealJson } from '@console/core/envelope';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiPost } from '../src/lib/http/api-client.ts';
import { setAppNavigator } from '../src/lib/navigation/app-navigator.ts';
import { applyImpersonation, createAuthRecord, type SessionData } from '../src/lib/session/auth-record.ts';
import { getAuth, setAuthInMemory } from '../src/lib/session/auth-state.ts';

const KEY_HEX = 'a'.repeat(64);
const key = await importEnvelopeKey(KEY_HEX);

const session = (role: SessionData['role'], id: number): SessionData => ({
  token: `token-${id}`,
  expires_in: 7200,
  role,
  _id: `u${id}`,
  user_primary_id: id,
  email: `${id}@demo.test`,
  firstName: 'F',
  lastName: 'L',
  companyName: 'C',
});

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];
let answer: (url: string, init: RequestInit) => Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (name: string) => store.get(name) ?? null,
    setItem: (name: string, value: string) => store.set(name, value),
    removeItem: (name: string) => store.delete(name),
    clear: () => store.clear(),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/auth/payload-key') return json(200, { success: true, data: { key: KEY_HEX } });
    calls.push({ url, init });
    return answer(url, init);
  });
  setAuthInMemory(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAppNavigator(null);
});

describe('api client (spec section 7)', () => {
  it('sends the bearer token and the parents ids while impersonating', async () => {
    const admin = createAuthRecord(session('ADMIN', 1), Date.now());
    setAuthInMemory(applyImpersonation(admin, session('AGENCY', 5), Date.now()));
    answer = async () => json(200, { success: true, data: 42 });
    const result = await apiGet<number>('/api/campaning/getAdvertiserBalance', { page: 2 });
    expect(result).toMatchObject({ success: true, data: 42 });
    expect(calls[0]?.url).toBe('/api/campaning/getAdvertiserBalance?admin_id=1&page=2');
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.Authorization).toBe(
      'Bearer token-5',
    );
  });

  it('seals POST bodies as {encryptedData} and opens {encryptedResponse}', async () => {
    answer = async (_url, init) => {
      const sent = JSON.parse(String(init.body)) as { encryptedData: string };
      expect(Object.keys(sent)).toEqual(['encryptedData']);
      const plain = await openJson(key, sent.encryptedData);
      return json(200, { encryptedResponse: await sealJson(key, { success: true, data: plain }) });
    };
    const result = await apiPost<{ email: string }>('/api/auth/login', { email: 'a@b.co', password: 'x' });
    expect(result).toMatchObject({ success: true, data: { email: 'a@b.co', password: 'x' } });
    expect(String(calls[0]?.init.body)).not.toContain('a@b.co');
  });

  it('on 401 clears the session and goes to /login', async () => {
    setAuthInMemory(createAuthRecord(session('ADVERTISER', 9), Date.now()));
    const navigate = vi.fn();
    setAppNavigator(navigate);
    answer = async () => json(401, { success: false, message: 'Session expired', error_code: 401 });
    const result = await apiGet('/api/auth/profile');
    expect(result).toMatchObject({ success: false, message: 'Session expired', error_code: 401 });
    expect(getAuth()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('maps 403/404 with the server message and anything else to 500', async () => {
    setAuthInMemory(createAuthRecord(session('ADVERTISER', 9), Date.now()));
    answer = async () => json(403, { success: false, message: 'Not yours', error_code: 403 });
    expect(await apiGet('/api/x')).toMatchObject({ success: false, message: 'Not yours', error_code: 403 });
    answer = async () => json(503, { message: 'down' });
    expect(await apiGet('/api/x')).toMatchObject({ success: false, error_code: 500 });
    expect(getAuth()).not.toBeNull();
  });

  it('turns a timeout into error_code 500 with its message', async () => {
    answer = async () => {
      throw new DOMException('signal timed out', 'TimeoutError');
    };
    expect(await apiGet('/api/x')).toEqual({
      success: false,
      message: 'The request timed out after 60 seconds.',
      error_code: 500,
    });
  });
});
