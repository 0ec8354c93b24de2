// Session tokens (platform/tokens.ts): signed by jose, checked by node:crypto's HMAC without a
// WebCrypto promise per request. A check must refuse what jose's jwtVerify refuses for these tokens.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from '../src/platform/tokens.ts';

const SECRET = 'a-test-secret-of-sufficient-length-0123456789';
const CLAIMS = { uid: 42, role: 'ADVERTISER', sid: 'session-1', jti: 'jti-1' } as const;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signWith = (secret: string, header: unknown, payload: unknown) => {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
};

afterEach(() => vi.useRealTimers());

describe('session tokens', () => {
  it('verifies its own tokens and answers their claims', async () => {
    const signer = createTokenSigner(SECRET);
    const { token } = await signer.sign(CLAIMS);
    expect(signer.verify(token)).toEqual(CLAIMS);
  });

  it('refuses a changed payload, a changed signature, another key, "none" and a non-JWT', async () => {
    const signer = createTokenSigner(SECRET);
    const { token } = await signer.sign(CLAIMS);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), uid: 1 });
    expect(signer.verify(`${header}.${other}.${signature}`)).toBeNull();
    expect(signer.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
    expect(signer.verify(`${header}.${payload}.`)).toBeNull();
    const exp = Math.floor(Date.now() / 1000) + 600;
    expect(signer.verify(signWith('another-secret', { alg: 'HS256' }, { ...CLAIMS, exp }))).toBeNull();
    expect(signer.verify(`${b64({ alg: 'none' })}.${b64({ ...CLAIMS, exp })}.`)).toBeNull();
    expect(signer.verify(signWith(SECRET, { alg: 'HS512' }, { ...CLAIMS, exp }))).toBeNull();
    expect(signer.verify(signWith(SECRET, { alg: 'HS256', crit: ['x'] }, { ...CLAIMS, exp }))).toBeNull();
    expect(signer.verify('not-a-token')).toBeNull();
    expect(signer.verify(signWith(SECRET, { alg: 'HS256' }, { ...CLAIMS, exp }))).toEqual(CLAIMS);
  });

  it('refuses a token from its expiry on, one without expiry, and one not yet valid', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const { token } = await signer.sign(CLAIMS);
    vi.useFakeTimers({ now: Date.now() + 59_000 });
    expect(signer.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime(Date.now() + 2_000);
    expect(signer.verify(token)).toBeNull();
    vi.useRealTimers();
    expect(signer.verify(signWith(SECRET, { alg: 'HS256' }, CLAIMS))).toBeNull();
    const nowS = Math.floor(Date.now() / 1000);
    expect(
      signer.verify(signWith(SECRET, { alg: 'HS256' }, { ...CLAIMS, exp: nowS + 600, nbf: nowS + 300 })),
    ).toBeNull();
  });

  // A verified token is remembered by its text (tokens.ts verify): these would fail if the memory
  // answered another token's claims, skipped the time claims or outlived the signer's key.
  it('answers each of two tokens its own claims however often they come, and refuses a copy with another signature', async () => {
    const signer = createTokenSigner(SECRET);
    const other = { uid: 7, role: 'AGENCY', sid: 'session-2', jti: 'jti-2' } as const;
    const first = (await signer.sign(CLAIMS)).token;
    const second = (await signer.sign(other)).token;
    for (let i = 0; i < 3; i++) {
      expect(signer.verify(first)).toEqual(CLAIMS);
      expect(signer.verify(second)).toEqual(other);
    }
    const [header, payload] = first.split('.') as [string, string];
    const forged = `${header}.${payload}.${second.split('.')[2]}`;
    expect(signer.verify(forged)).toBeNull();
    expect(signer.verify(forged)).toBeNull();
    expect(createTokenSigner('another-secret-of-sufficient-length-0123').verify(first)).toBeNull();
    const answered = signer.verify(first);
    expect(() => Object.assign(answered ?? {}, { uid: 1 })).toThrow();
    expect(signer.verify(first)).toEqual(CLAIMS);
  });

  it('checks the time claims of a remembered token on every use', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const { token } = await signer.sign(CLAIMS);
    const nowS = Math.floor(Date.now() / 1000);
    const later = signWith(SECRET, { alg: 'HS256' }, { ...CLAIMS, exp: nowS + 600, nbf: nowS + 300 });
    expect(signer.verify(token)).toEqual(CLAIMS);
    expect(signer.verify(later)).toBeNull();
    vi.useFakeTimers({ now: (nowS + 59) * 1000 });
    expect(signer.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime((nowS + 60) * 1000);
    expect(signer.verify(token)).toBeNull();
    expect(signer.verify(token)).toBeNull();
    vi.setSystemTime((nowS + 300) * 1000);
    expect(signer.verify(later)).toEqual(CLAIMS);
    vi.setSystemTime((nowS + 600) * 1000);
    expect(signer.verify(later)).toBeNull();
  });
});
