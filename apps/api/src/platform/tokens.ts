// Signed session tokens (HS256 JWT). The token names its session and its jti; the session row
// decides whether that jti is still current (see sessions schema).

import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { SESSION_LIFETIME_S } from '@console/core/constants';
import type { Role } from '@console/core/roles';
import { SignJWT } from 'jose';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export type TokenClaims = {
  /** user_primary_id of the effective user */
  uid: number;
  role: Role;
  sid: string;
  jti: string;
};

export type TokenSigner = {
  /** A token for the usual lifetime, or until `notAfter` when that comes sooner. */
  sign: (
    claims: TokenClaims,
    notAfter?: Date,
  ) => Promise<{ token: string; expiresAt: Date /** whole seconds from signing */; expiresIn: number }>;
  /** Synchronous: every signed-in request checks one, so no WebCrypto promise per request. */
  verify: (token: string) => TokenClaims | null;
};

const parseSegment = (segment: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * The payload of an HS256 JWT whose signature is ours and whose time claims hold now (exp required,
 * nbf honoured), else null. What jose's jwtVerify checks for these tokens, with node:crypto's
 * synchronous HMAC instead of a WebCrypto promise: the header must say HS256 (no "none", no other
 * algorithm, no critical extensions), the signature is compared in constant time.
 */
const verifyHs256 = (token: string, key: KeyObject): Record<string, unknown> | null => {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = parseSegment(headerPart);
  if (header?.alg !== 'HS256' || header.crit !== undefined) return null;
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = parseSegment(payloadPart);
  if (!payload) return null;
  const nowS = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || nowS >= payload.exp) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || nowS < payload.nbf)) return null;
  return payload;
};

export const createTokenSigner = (secret: string, lifetimeSeconds = SESSION_LIFETIME_S): TokenSigner => {
  const key = new TextEncoder().encode(secret);
  // The HMAC key as a KeyObject, made once: given the bytes, node:crypto checks and wraps them on
  // every createHmac (measured: 19 us a verification against 4 us).
  const verifyKey = createSecretKey(key);
  return {
    async sign(claims, notAfter) {
      const now = Math.floor(Date.now() / 1000);
      const cap = notAfter ? Math.floor(notAfter.getTime() / 1000) : Number.POSITIVE_INFINITY;
      const expiresAtS = Math.min(now + lifetimeSeconds, cap);
      const token = await new SignJWT({ uid: claims.uid, role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(claims.jti)
        .setIssuedAt(now)
        .setExpirationTime(expiresAtS)
        .sign(key);
      return { token, expiresAt: new Date(expiresAtS * 1000), expiresIn: expiresAtS - now };
    },
    verify(token) {
      const payload = verifyHs256(token, verifyKey);
      if (
        !payload ||
        typeof payload.uid !== 'number' ||
        typeof payload.sid !== 'string' ||
        typeof payload.jti !== 'string'
      )
        return null;
      return { uid: payload.uid, role: payload.role as Role, sid: payload.sid, jti: payload.jti };
    },
  };
};
