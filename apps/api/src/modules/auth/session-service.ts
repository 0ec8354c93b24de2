// Opening, rotating and ending sessions. A token is only valid while its jti is its session's
// current one, so rotation and revocation take effect on the next request. A session lives at most
// SESSION_MAX_HOURS from sign-in however often it is refreshed (an impersonation session no longer
// than the session it was opened from): its last token simply expires then.
import { randomUUID } from 'node:crypto';
import type { SessionData } from '@console/core/api/auth';
import type { Role } from '@console/core/roles';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ActorLink, sessions } from '../../db/schema/sessions.ts';
import type { users } from '../../db/schema/users.ts';
import { unauthorized } from '../../platform/errors.ts';
import { forgetSessions } from '../../platform/session-cache.ts';
import { revokeSessions } from '../../platform/session-revocation.ts';
import { SESSION_EXPIRED_MESSAGE, type TokenSigner } from '../../platform/tokens.ts';

type UserRow = typeof users.$inferSelect;

/** `expiresIn`: the usual lifetime, or less when the session's absolute end comes sooner. */
export const toSessionData = (user: UserRow, token: string, expiresIn: number): SessionData => ({
  token,
  expires_in: expiresIn,
  role: user.role as Role,
  _id: user.publicId,
  user_primary_id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  companyName: user.companyName,
});

/** The absolute end of a new session: SESSION_MAX_HOURS from now, never after its parent's. */
const absoluteEndOf = async (deps: SessionDeps, parentSessionId: string | null) => {
  const own = new Date(Date.now() + deps.config.sessionMaxHours * 3_600_000);
  if (!parentSessionId) return own;
  const [parent] = await deps.db
    .select({ end: sessions.absoluteExpiresAt })
    .from(sessions)
    .where(eq(sessions.id, parentSessionId));
  return parent && parent.end < own ? parent.end : own;
};

type SessionDeps = { db: DbOrTx; tokens: TokenSigner; config: { sessionMaxHours: number } };

export const openSession = async (
  deps: SessionDeps,
  user: UserRow,
  chain: { actorChain: ActorLink[]; parentSessionId: string | null } = {
    actorChain: [],
    parentSessionId: null,
  },
): Promise<SessionData> => {
  const sid = randomUUID();
  const jti = randomUUID();
  const absoluteExpiresAt = await absoluteEndOf(deps, chain.parentSessionId);
  const { token, expiresAt, expiresIn } = await deps.tokens.sign(
    { uid: user.id, role: user.role as Role, sid, jti },
    absoluteExpiresAt,
  );
  await deps.db.insert(sessions).values({
    id: sid,
    userId: user.id,
    actorChain: chain.actorChain,
    parentSessionId: chain.parentSessionId,
    currentJti: jti,
    expiresAt,
    absoluteExpiresAt,
  });
  return toSessionData(user, token, expiresIn);
};

/** Replaces the session's token: the old one stops working at once. Never past the absolute end. */
export const rotateSession = async (deps: SessionDeps, user: UserRow, sessionId: string) => {
  const [session] = await deps.db
    .select({ end: sessions.absoluteExpiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!session || session.end <= new Date()) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  const jti = randomUUID();
  const { token, expiresAt, expiresIn } = await deps.tokens.sign(
    { uid: user.id, role: user.role as Role, sid: sessionId, jti },
    session.end,
  );
  const now = new Date();
  await deps.db
    .update(sessions)
    .set({ currentJti: jti, expiresAt, lastSeenAt: now, rotatedAt: now })
    .where(eq(sessions.id, sessionId));
  // The old token stops working at once here too, not only once its cached session ends.
  forgetSessions();
  return toSessionData(user, token, expiresIn);
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
