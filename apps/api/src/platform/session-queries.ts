import type { Role } from '@console/core/roles';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import type { Principal } from './auth-guard.ts';
import type { TokenClaims } from './tokens.ts';

/** The principal of a token whose session is current (not revoked, not rotated, not expired). */
export const findSessionPrincipal = async (db: DbOrTx, claims: TokenClaims): Promise<Principal | null> => {
  const [row] = await db
    .select({
      userId: users.id,
      publicId: users.publicId,
      role: users.role,
      email: users.email,
      status: users.status,
      sessionId: sessions.id,
      actorChain: sessions.actorChain,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.currentJti, claims.jti),
        eq(sessions.userId, claims.uid),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (row?.status !== 'ACTIVE') return null;
  return {
    userId: row.userId,
    publicId: row.publicId,
    role: row.role as Role,
    email: row.email,
    sessionId: row.sessionId,
    actorChain: row.actorChain,
  };
};
