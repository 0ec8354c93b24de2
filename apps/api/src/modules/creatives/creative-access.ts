// Who may see and change which creative: one default-deny check used by every creative operation.
// Advertisers their own; agencies their advertisers'; admin and co-admin every creative. Outside the
// scope the answer is "not found", so that a creative's existence does not leak.
import { CREATIVE_MESSAGES } from '@console/core/api/creatives';
import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creatives } from '../../db/schema/creatives.ts';
import { users } from '../../db/schema/users.ts';
import { advertiserOwnedScope, ownerOf, resolveNewOwnerAdvertiser } from '../../platform/advertiser-scope.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { notFound } from '../../platform/errors.ts';
import { canSee } from '../../platform/scope.ts';

export {
  ADVERTISER_NOT_FOUND,
  actorOf,
  ownerOf,
  requireVisibleAdvertiser,
} from '../../platform/advertiser-scope.ts';

export type CreativeRow = typeof creatives.$inferSelect;

export const CREATIVE_NOT_FOUND = 'Creative not found.';

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
export const creativeScope = (db: DbOrTx, principal: Principal): SQL | undefined =>
  advertiserOwnedScope(db, principal, creatives.advertiserId);

export const resolveNewCreativeAdvertiser = (
  db: DbOrTx,
  principal: Principal,
  advertiserId: number | undefined,
) => resolveNewOwnerAdvertiser(db, principal, advertiserId, CREATIVE_MESSAGES);
