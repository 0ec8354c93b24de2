// Opening, rotating and ending sessions. A token is only valid while its jti is its session's
// current one, so rotation and revocation take effect on the next request.
import { randomUUID } from 'node:crypto';
import type { SessionData } from '@console/core/api/auth';
import { SESSION_LIFETIME_S } from '@console/core/constants';
import type { Role } from '@console/core/roles';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ActorLink, sessions } from '../../db/schema/sessions.ts';
import type { users } from '../../db/schema/users.ts';
import type { TokenSigner } from '../../platform/tokens.ts';

type UserRow = typeof users.$inferSelect;

export const toSessionData = (user: UserRow, token: string): SessionData => ({
  token,
  expires_in: SESSION_LIFETIME_S,
  role: user.role as Role,
  _id: user.publicId,
  user_primary_id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  companyName: user.companyName,
});

export const openSession = async (
  db: DbOrTx,
  tokens: TokenSigner,
  user: UserRow,
  chain: { actorChain: ActorLink[]; parentSessionId: string | null } = {
    actorChain: [],
    parentSessionId: null,
  },
): Promise<SessionData> => {
  const sid = randomUUID();
  const jti = randomUUID();
  const { token, expiresAt } = await tokens.sign({ uid: user.id, role: user.role as Role, sid, jti });
  await db.insert(sessions).values({
    id: sid,
    userId: user.id,
    actorChain: chain.actorChain,
    parentSessionId: chain.parentSessionId,
    currentJti: jti,
    expiresAt,
  });
  return toSessionData(user, token);
};

/** Replaces the session's token: the old one stops working at once. */
export const rotateSession = async (db: DbOrTx, tokens: TokenSigner, user: UserRow, sessionId: string) => {
  const jti = randomUUID();
  const { token, expiresAt } = await tokens.sign({
    uid: user.id,
    role: user.role as Role,
    sid: sessionId,
    jti,
  });
  await db
    .update(sessions)
    .set({ currentJti: jti, expiresAt, lastSeenAt: new Date() })
    .where(eq(sessions.id, sessionId));
  return toSessionData(user, token);
};

/** Ends sessions and every impersonation session opened from them (at most three levels deep). */
export const revokeSessions = async (db: DbOrTx, sessionIds: string[], reason: string) => {
  let ids = sessionIds;
  while (ids.length > 0) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)));
    const children = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.parentSessionId, ids), isNull(sessions.revokedAt)));
    ids = children.map((child) => child.id);
  }
};

/** Ends every session of a user, and every session in which that user acts as someone else. */
export const revokeUserSessions = async (
  db: DbOrTx,
  userId: number,
  reason: string,
  options: { exceptSessionId?: string } = {},
) => {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        isNull(sessions.revokedAt),
        or(
          eq(sessions.userId, userId),
          sql`${sessions.actorChain} @> ${JSON.stringify([{ id: userId }])}::jsonb`,
        ),
        options.exceptSessionId ? ne(sessions.id, options.exceptSessionId) : undefined,
      ),
    );
  await revokeSessions(
    db,
    rows.map((row) => row.id),
    reason,
  );
};
