// When who stands above whom changes (an advertiser moves to another agency, a parent is
// deactivated), every impersonation session and every API key made while impersonating whose chain
// no longer holds ends at once. The guard also checks chains on each request (platform/actor-chain.ts);
// this makes the end final, so a later change back does not bring them back to life.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { isChainIntactIn, readChainUsers } from '../../platform/actor-chain.ts';
import { type AuditActor, recordChange } from '../../platform/audit.ts';
import { revokeSessions } from '../../platform/session-revocation.ts';

const involves = (
  userColumn: typeof sessions.userId | typeof apiKeys.userId,
  chain: unknown,
  userId: number,
) => or(eq(userColumn, userId), sql`${chain} @> ${JSON.stringify([{ id: userId }])}::jsonb`);

/** The user a session or key acts as, as the chain check needs it. */
const effectiveUser = { id: users.id, role: users.role, agencyId: users.agencyId };

/**
 * Ends the sessions and API keys in which `userId` acts or is acted as, whose chain is broken now.
 * Call it inside the transaction of the change, after the change.
 */
export const revokeBrokenChains = async (db: DbOrTx, userId: number, reason: string, actor: AuditActor) => {
  const liveSessions = await db
    .select({
      id: sessions.id,
      chain: sessions.actorChain,
      user: effectiveUser,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        sql`jsonb_array_length(${sessions.actorChain}) > 0`,
        involves(sessions.userId, sessions.actorChain, userId),
      ),
    );
  const liveKeys = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      chain: apiKeys.actorChain,
      user: effectiveUser,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        isNull(apiKeys.revokedAt),
        sql`jsonb_array_length(${apiKeys.actorChain}) > 0`,
        involves(apiKeys.userId, apiKeys.actorChain, userId),
      ),
    );
  const chainUsers = await readChainUsers(
    db,
    [...liveSessions, ...liveKeys].map((row) => row.chain),
  );
  const isBroken = (row: Pick<(typeof liveSessions)[number], 'chain' | 'user'>) =>
    !isChainIntactIn(chainUsers, row.chain, row.user);

  await revokeSessions(
    db,
    liveSessions.filter(isBroken).map((row) => row.id),
    reason,
  );
  for (const key of liveKeys.filter(isBroken)) {
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id));
    await recordChange(db, {
      entityType: 'user',
      entityId: key.user.id,
      action: 'api-key-revoked',
      ...actor,
      changes: [{ field: 'apiKey', from: `${key.name} (tdk_${key.prefix})`, to: null }],
    });
  }
};
