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
 * The payload of an HS256 JWT whose signature is ours, else null. What jose's jwtVerify checks for
 * these tokens, with node:crypto's synchronous HMAC instead of a WebCrypto promise: the header must
 * say HS256 (no "none", no other algorithm, no critical extensions), the signature is compared in
 * constant time. Its time claims are timesHold's to check.
 */
const signedPayloadOf = (token: string, key: KeyObject): Record<string, unknown> | null => {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = parseSegment(headerPart);
  if (header?.alg !== 'HS256' || header.crit !== undefined) return null;
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return parseSegment(payloadPart);
};

type Verified = { claims: TokenClaims; exp: number; nbf: number | undefined };

/** A signed payload's claims and time claims (exp required, nbf optional), else null. */
const verifiedOf = (payload: Record<string, unknown>): Verified | null => {
  const { uid, role, sid, jti, exp, nbf } = payload;
  if (typeof uid !== 'number' || typeof sid !== 'string' || typeof jti !== 'string') return null;
  if (typeof exp !== 'number' || (nbf !== undefined && typeof nbf !== 'number')) return null;
  return { claims: Object.freeze({ uid, role: role as Role, sid, jti }), exp, nbf };
};

/** The time claims hold at `nowS`: before exp, and from nbf on. */
const timesHold = (verified: Verified, nowS: number) =>
  nowS < verified.exp && (verified.nbf === undefined || nowS >= verified.nbf);

/**
 * Tokens whose signature was checked, kept at most: a client sends one token with each request until
 * it refreshes it (at most SESSION_LIFETIME_S), so a few thousand signed-in clients are this many.
 */
const VERIFIED_TOKENS = 10_000;

export const createTokenSigner = (secret: string, lifetimeSeconds = SESSION_LIFETIME_S): TokenSigner => {
  const key = new TextEncoder().encode(secret);
  // The HMAC key as a KeyObject, made once: given the bytes, node:crypto checks and wraps them on
  // every createHmac (measured: 19 us a verification against 4 us).
  const verifyKey = createSecretKey(key);
  /** Tokens signed with this key, by their text (verify). */
  const verified = new Map<string, Verified>();
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
      // The same token string, checked before with this key, has the same signature and claims; only
      // the time claims are checked again (the session's own state is findSessionPrincipal's, on
      // every request). A refused token is never kept: only a token signed with our key gets in.
      const nowS = Math.floor(Date.now() / 1000);
      const known = verified.get(token);
      if (known) {
        if (timesHold(known, nowS)) return known.claims;
        if (nowS >= known.exp) verified.delete(token);
        return null;
      }
      const payload = signedPayloadOf(token, verifyKey);
      const checked = payload && verifiedOf(payload);
      if (!checked || nowS >= checked.exp) return null;
      if (verified.size >= VERIFIED_TOKENS) verified.clear();
      verified.set(token, checked);
      return timesHold(checked, nowS) ? checked.claims : null;
    },
  };
};
