// API keys authenticate like a token of their owner and nothing more: the owner's role and scope,
// no impersonation, no session operations. A key stops working when api_access is switched off, and
// a key made while a parent acted as the owner stops working once that chain no longer holds.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Role } from '@console/core/roles';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { apiKeys } from '../db/schema/api-keys.ts';
import { userConfigs, users } from '../db/schema/users.ts';
import { isChainIntact } from './actor-chain.ts';
import type { Principal } from './auth-guard.ts';

export const API_KEY_PATTERN = /^tdk_([0-9a-f]{10})_([A-Za-z0-9_-]{43})$/;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const findApiKeyPrincipal = async (db: DbOrTx, key: string): Promise<Principal | null> => {
  const match = API_KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, prefix, secret] = match;
  const [row] = await db
    .select({ key: apiKeys, user: users, apiAccess: userConfigs.apiAccess })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(userConfigs, eq(userConfigs.userId, users.id))
    .where(and(eq(apiKeys.prefix, prefix!), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (row?.user.status !== 'ACTIVE' || !row.apiAccess) return null;
  const expected = Buffer.from(row.key.secretHash);
  if (!timingSafeEqual(expected, Buffer.from(hashSecret(secret!)))) return null;
  if (!(await isChainIntact(db, row.key.actorChain, row.user))) return null;
  // "Last used" to the minute: one write a minute per key, not one per request.
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, row.key.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(Date.now() - 60_000))),
      ),
    );
  return {
    userId: row.user.id,
    publicId: row.user.publicId,
    role: row.user.role as Role,
    email: row.user.email,
    sessionId: '',
    actorChain: [],
    apiKeyId: row.key.id,
  };
};
