// Signed session tokens (HS256 JWT). The token names its session and its jti; the session row
// decides whether that jti is still current (see sessions schema).
import { SESSION_LIFETIME_S } from '@console/core/constants';
import type { Role } from '@console/core/roles';
import { jwtVerify, SignJWT } from 'jose';

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
  verify: (token: string) => Promise<TokenClaims | null>;
};

export const createTokenSigner = (secret: string, lifetimeSeconds = SESSION_LIFETIME_S): TokenSigner => {
  const key = new TextEncoder().encode(secret);
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
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (
          typeof payload.uid !== 'number' ||
          typeof payload.sid !== 'string' ||
          typeof payload.jti !== 'string'
        ) {
          return null;
        }
        return { uid: payload.uid, role: payload.role as Role, sid: payload.sid, jti: payload.jti };
      } catch {
        return null;
      }
    },
  };
};
