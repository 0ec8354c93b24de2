// Who may see and change which creative: one default-deny check used by every creative operation.
// Advertisers their own; agencies their advertisers'; admin and co-admin every creative. Outside the
// scope the answer is "not found", so that a creative's existence does not leak.
import { CREATIVE_MESSAGES } from '@console/core/api/creatives';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creatives } from '../../db/schema/creatives.ts';
import { users } from '../../db/schema/users.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { canSee, isAbove, type ScopeOwner } from '../../platform/scope.ts';
import { findUserById, type UserRow } from '../users/user-queries.ts';

export type CreativeRow = typeof creatives.$inferSelect;

export const CREATIVE_NOT_FOUND = 'Creative not found.';
export const ADVERTISER_NOT_FOUND = 'Advertiser not found.';

export const ownerOf = (principal: Principal): ScopeOwner => ({
  userId: principal.userId,
  role: principal.role,
});

export const actorOf = (principal: Principal): AuditActor => ({
  actorUserId: actorIdOf(principal),
  effectiveUserId: principal.userId,
});

export const isStaff = (principal: Principal) => principal.role === 'ADMIN' || principal.role === 'CO-ADMIN';

/**
 * The creative if the caller may see it; otherwise "not found". Inside a transaction, `lock` takes
 * the row lock that serialises concurrent changes of one creative.
 */
export const requireCreative = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CreativeRow> => {
  const query = db
    .select({
      creative: creatives,
      advertiser: { id: users.id, role: users.role, agencyId: users.agencyId },
    })
    .from(creatives)
    .innerJoin(users, eq(users.id, creatives.advertiserId))
    .where(eq(creatives.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: creatives }) : await query;
  if (!row || !canSee(ownerOf(principal), row.advertiser)) throw notFound(CREATIVE_NOT_FOUND);
  return row.creative;
};

/** The creatives a caller may list at all, as a condition on `creatives` (undefined: all). */
export const creativeScope = (db: DbOrTx, principal: Principal): SQL | undefined => {
  switch (principal.role) {
    case 'ADMIN':
    case 'CO-ADMIN':
      return undefined;
    case 'AGENCY':
      return inArray(
        creatives.advertiserId,
        db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.agencyId, principal.userId), eq(users.role, 'ADVERTISER'))),
      );
    default:
      return eq(creatives.advertiserId, principal.userId);
  }
};

/** An advertiser the caller may see (itself, or one below it); otherwise "not found". */
export const requireVisibleAdvertiser = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
): Promise<UserRow> => {
  const user = await findUserById(db, id);
  if (user?.role !== 'ADVERTISER' || !canSee(ownerOf(principal), user)) throw notFound(ADVERTISER_NOT_FOUND);
  return user;
};

/**
 * The advertiser of a new creative: an advertiser creates for itself; an agency, admin or co-admin
 * names one it manages. Out of scope and unknown ids get the same answer.
 */
export const resolveNewCreativeAdvertiser = async (
  db: DbOrTx,
  principal: Principal,
  advertiserId: number | undefined,
): Promise<number> => {
  if (principal.role === 'ADVERTISER') {
    if (advertiserId !== undefined && advertiserId !== principal.userId)
      throw badRequest(CREATIVE_MESSAGES.ownOnly, { advertiser_id: CREATIVE_MESSAGES.ownOnly });
    return principal.userId;
  }
  if (advertiserId === undefined)
    throw badRequest(CREATIVE_MESSAGES.chooseAdvertiser, {
      advertiser_id: CREATIVE_MESSAGES.chooseAdvertiser,
    });
  const user = await findUserById(db, advertiserId);
  if (user?.role !== 'ADVERTISER' || !isAbove(ownerOf(principal), user))
    throw badRequest(CREATIVE_MESSAGES.chooseYourAdvertiser, {
      advertiser_id: CREATIVE_MESSAGES.chooseYourAdvertiser,
    });
  return user.id;
};
