// The advertiser's and agency's own settings: API keys (with api_access) and the conversion
// postback URL template (with postback_enabled ENABLED).
import { randomBytes } from 'node:crypto';
import { POSTBACK_MACROS } from '@console/core/api/settings';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiKeys, postbackSettings } from '../../db/schema/api-keys.ts';
import { requireAccess } from '../../platform/access.ts';
import { hashSecret } from '../../platform/api-key-auth.ts';
import { recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { readUserSettings } from './user-settings-service.ts';

const MAX_KEYS = 20;

const requireSetting = async (deps: AppDeps, principal: Principal, setting: 'api_access' | 'postback') => {
  const settings = await readUserSettings(deps, principal, principal.userId);
  if (setting === 'api_access' && !settings.api_access)
    throw forbidden('API access is not enabled for this account.');
  if (setting === 'postback' && settings.postback_enabled !== 'ENABLED') {
    throw forbidden('Postbacks are not enabled for this account.');
  }
};

const toApiKey = (row: typeof apiKeys.$inferSelect) => ({
  id: row.id,
  name: row.name,
  prefix: `tdk_${row.prefix}`,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const listApiKeys = async (deps: AppDeps, principal: Principal) => {
  await requireSetting(deps, principal, 'api_access');
  const rows = await deps.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, principal.userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKey);
};

/** Creates a key and answers it in full, the only time it is ever shown. */
export const createApiKey = async (deps: AppDeps, principal: Principal, name: string) => {
  const existing = await listApiKeys(deps, principal);
  if (existing.length >= MAX_KEYS) throw forbidden(`At most ${MAX_KEYS} keys; revoke one first.`);
  const prefix = randomBytes(5).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const [row] = await deps.db
    .insert(apiKeys)
    .values({
      userId: principal.userId,
      name,
      prefix,
      secretHash: hashSecret(secret),
      // Made while a parent acts as the owner: the key lives only as long as that chain holds.
      actorChain: principal.actorChain,
    })
    .returning();
  await recordChange(deps.db, {
    entityType: 'user',
    entityId: principal.userId,
    action: 'api-key-created',
    actorUserId: actorIdOf(principal),
    effectiveUserId: principal.userId,
    changes: [{ field: 'apiKey', from: null, to: `${name} (tdk_${prefix})` }],
  });
  return { ...toApiKey(row!), key: `tdk_${prefix}_${secret}` };
};

export const revokeApiKey = async (deps: AppDeps, principal: Principal, id: number) => {
  const row = await deps.db.transaction(async (tx) => {
    const key = await requireAccess(tx, principal, 'apiKey', id, { lock: true });
    await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id));
    return key;
  });
  await recordChange(deps.db, {
    entityType: 'user',
    entityId: principal.userId,
    action: 'api-key-revoked',
    actorUserId: actorIdOf(principal),
    effectiveUserId: principal.userId,
    changes: [{ field: 'apiKey', from: `${row.name} (tdk_${row.prefix})`, to: null }],
  });
};

export const readPostback = async (deps: AppDeps, principal: Principal) => {
  await requireSetting(deps, principal, 'postback');
  const [row] = await deps.db
    .select()
    .from(postbackSettings)
    .where(eq(postbackSettings.userId, principal.userId))
    .limit(1);
  return { url_template: row?.urlTemplate ?? '', macros: [...POSTBACK_MACROS] };
};

export const savePostback = async (deps: AppDeps, principal: Principal, urlTemplate: string) => {
  const before = await readPostback(deps, principal);
  const values = { urlTemplate, updatedAt: new Date() };
  await deps.db
    .insert(postbackSettings)
    .values({ userId: principal.userId, ...values })
    .onConflictDoUpdate({ target: postbackSettings.userId, set: values });
  await recordChange(deps.db, {
    entityType: 'user',
    entityId: principal.userId,
    action: 'update',
    actorUserId: actorIdOf(principal),
    effectiveUserId: principal.userId,
    changes: [{ field: 'postbackUrl', from: before.url_template, to: urlTemplate }],
  });
  return readPostback(deps, principal);
};
