import type { Role } from '@console/core/roles';
import { sql } from 'drizzle-orm';
import { decoderOf, selectAs } from '../db/aliased-columns.ts';
import type { DbOrTx } from '../db/client.ts';
import { executePrepared } from '../db/prepared-statement.ts';
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

const sessionFields = {
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
};
type SessionRow = {
  [K in keyof typeof sessionFields]: (typeof sessionFields)[K]['_']['notNull'] extends true
    ? (typeof sessionFields)[K]['_']['data']
    : (typeof sessionFields)[K]['_']['data'] | null;
};
// A prepared read (named: parsed once per connection; and on the embedded database a read that leaves
// its read cache be), decoded as a select of these columns would be.
const sessionAs = selectAs('s_', sessionFields);
const decodeSession = decoderOf<SessionRow>('s_', sessionFields);

/**
 * The principal of a token whose session is current (not revoked, not rotated, not expired). A
 * signed token of the session whose jti is no longer current is a rotated token replayed: whoever
 * holds it or the current one is not the only holder, so the session and its children end.
 */
export const findSessionPrincipal = async (db: DbOrTx, claims: TokenClaims): Promise<Principal | null> => {
  const recalled = recallSession(claims);
  if (recalled) return recalled;
  const result = await executePrepared(
    db,
    sql`select ${sessionAs} from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
      where ${sessions.id} = ${claims.sid} and ${sessions.userId} = ${claims.uid} limit 1`,
  );
  const row = result.rows[0] && decodeSession(result.rows[0]);
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
