import type { Role } from '@console/core/roles';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { isChainIntact } from './actor-chain.ts';
import type { Principal } from './auth-guard.ts';
import { recallSession, rememberSession } from './session-cache.ts';
import { revokeSessions } from './session-revocation.ts';
import type { TokenClaims } from './tokens.ts';

/**
 * A rotated token may still arrive for a moment after its refresh (requests the client had already
 * sent): refused, but not taken for theft. Later, only a copy of it can be the sender.
 */
export const ROTATION_GRACE_MS = 10_000;

/**
 * The principal of a token whose session is current (not revoked, not rotated, not expired). A
 * signed token of the session whose jti is no longer current is a rotated token replayed: whoever
 * holds it or the current one is not the only holder, so the session and its children end.
 */
export const findSessionPrincipal = async (db: DbOrTx, claims: TokenClaims): Promise<Principal | null> => {
  const recalled = recallSession(claims);
  if (recalled) return recalled;
  const [row] = await db
    .select({
      userId: users.id,
      publicId: users.publicId,
      role: users.role,
      email: users.email,
      status: users.status,
      agencyId: users.agencyId,
      sessionId: sessions.id,
      actorChain: sessions.actorChain,
      currentJti: sessions.currentJti,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      rotatedAt: sessions.rotatedAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.uid)))
    .limit(1);
  if (!row || row.revokedAt) return null;
  const now = Date.now();
  if (row.currentJti !== claims.jti) {
    const isClientRace = row.rotatedAt !== null && now - row.rotatedAt.getTime() < ROTATION_GRACE_MS;
    if (!isClientRace) await revokeSessions(db, [row.sessionId], 'rotated-token-reused');
    return null;
  }
  if (row.expiresAt.getTime() <= now || row.absoluteExpiresAt.getTime() <= now) return null;
  if (row.status !== 'ACTIVE') return null;
  // An impersonation session is worth only as much as its chain: a moved advertiser or a
  // deactivated parent ends it here too, not only when the change revokes it.
  if (!(await isChainIntact(db, row.actorChain, { id: row.userId, role: row.role, agencyId: row.agencyId })))
    return null;
  const principal: Principal = {
    userId: row.userId,
    publicId: row.publicId,
    role: row.role as Role,
    email: row.email,
    sessionId: row.sessionId,
    actorChain: row.actorChain,
  };
  rememberSession(claims, principal, Math.min(row.expiresAt.getTime(), row.absoluteExpiresAt.getTime()), now);
  return principal;
};
