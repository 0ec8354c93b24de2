// The exchanges each user may buy on. No list of its own means every active exchange. Read by the
// user and those above it (tenancy scope); set by ADMIN and CO-ADMIN; changes are recorded on the
// user (entity 'user', action 'supported-exchanges').
import type { UserSupportedExchanges } from '@console/core/api/reference';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exchanges, userSupportedExchanges } from '../../db/schema/reference.ts';
import { requireAccess } from '../../platform/access.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { listActiveExchanges } from './exchange-service.ts';

const ownListOf = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ id: userSupportedExchanges.exchangeId })
      .from(userSupportedExchanges)
      .where(eq(userSupportedExchanges.userId, userId))
      .orderBy(asc(userSupportedExchanges.exchangeId))
  ).map((row) => row.id);

export const readSupportedExchanges = async (
  db: DbOrTx,
  principal: Principal,
  userId: number = principal.userId,
): Promise<UserSupportedExchanges> => {
  if (userId !== principal.userId) await requireAccess(db, principal, 'user', userId);
  const [own, active] = await Promise.all([ownListOf(db, userId), listActiveExchanges(db)]);
  const chosen = new Set(own);
  return {
    user_primary_id: userId,
    all_exchanges: own.length === 0,
    exchange_ids: own,
    exchanges: own.length === 0 ? active : active.filter((exchange) => chosen.has(exchange.id)),
  };
};

export const setSupportedExchanges = async (
  db: DbOrTx,
  principal: Principal,
  userId: number,
  exchangeIds: number[],
): Promise<UserSupportedExchanges> => {
  await requireAccess(db, principal, 'user', userId);
  const ids = [...exchangeIds].sort((a, b) => a - b);
  if (ids.length > 0) {
    const known = new Set(
      (await db.select({ id: exchanges.id }).from(exchanges).where(inArray(exchanges.id, ids))).map(
        (row) => row.id,
      ),
    );
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) {
      const message = `Unknown exchange: ${unknown}.`;
      throw badRequest(message, { exchange_ids: message });
    }
  }
  const before = await ownListOf(db, userId);
  if (before.join() !== ids.join()) {
    await db.transaction(async (tx) => {
      await tx.delete(userSupportedExchanges).where(eq(userSupportedExchanges.userId, userId));
      if (ids.length > 0) {
        await tx.insert(userSupportedExchanges).values(ids.map((exchangeId) => ({ userId, exchangeId })));
      }
      await recordChange(tx, {
        entityType: 'user',
        entityId: userId,
        action: 'supported-exchanges',
        ...actorOf(principal),
        changes: [{ field: 'supported_exchanges', from: before, to: ids }],
      });
    });
  }
  return readSupportedExchanges(db, principal, userId);
};
