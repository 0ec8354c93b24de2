// Signed session tokens (HS256 JWT). The token names its session and its jti; the session row
// decides whether that jti is still current (see sessions schema).
import { SESSION_LIFETIME_S } from '@console/core/constants';
import type { Role } from '@console/core/roles';
import { jwtVerify, SignJWT } from 'jose';

export type TokenClaims = {
  /** user_primary_id of the effective user */
  uid: number;
  role: Role;
  sid: string;
  jti: string;
};

export type TokenSigner = {
  sign: (claims: TokenClaims) => Promise<{ token: string; expiresAt: Date }>;
  verify: (token: string) => Promise<TokenClaims | null>;
};

export const createTokenSigner = (secret: string, lifetimeSeconds = SESSION_LIFETIME_S): TokenSigner => {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ uid: claims.uid, role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(claims.jti)
        .setIssuedAt(now)
        .setExpirationTime(now + lifetimeSeconds)
        .sign(key);
      return { token, expiresAt: new Date((now + lifetimeSeconds) * 1000) };
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
