// Who may see and change which campaign: one default-deny check used by every campaign operation.
// Advertisers their own; agencies their advertisers'; admin and co-admin every campaign. Outside the
// scope the answer is "not found", so that a campaign's existence does not leak.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns } from '../../db/schema/campaigns.ts';
import { users } from '../../db/schema/users.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { canSee, isAbove } from '../../platform/scope.ts';
import { findUserById, type UserRow } from '../users/user-queries.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
export const ADVERTISER_NOT_FOUND = 'Advertiser not found.';
export const CHOOSE_ADVERTISER = 'Choose the advertiser of this campaign.';
export const CHOOSE_YOUR_ADVERTISER = 'Choose one of your advertisers.';
export const OWN_CAMPAIGNS_ONLY = 'An advertiser creates campaigns for itself only.';

const ownerOf = (principal: Principal) => ({ userId: principal.userId, role: principal.role });

export const actorOf = (principal: Principal): AuditActor => ({
  actorUserId: actorIdOf(principal),
  effectiveUserId: principal.userId,
});

/**
 * The campaign if the caller may see it; otherwise "not found". Inside a transaction, `lock` takes
 * the row lock that serialises concurrent changes of one campaign.
 */
export const requireCampaign = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CampaignRow> => {
  const query = db
    .select({
      campaign: campaigns,
      advertiser: { id: users.id, role: users.role, agencyId: users.agencyId },
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.advertiserId))
    .where(eq(campaigns.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: campaigns }) : await query;
  if (!row || !canSee(ownerOf(principal), row.advertiser)) throw notFound(CAMPAIGN_NOT_FOUND);
  return row.campaign;
};

/** The campaigns a caller may list at all, as a condition on `campaigns` (undefined: all). */
export const campaignScope = (db: DbOrTx, principal: Principal): SQL | undefined => {
  switch (principal.role) {
    case 'ADMIN':
    case 'CO-ADMIN':
      return undefined;
    case 'AGENCY':
      return inArray(
        campaigns.advertiserId,
        db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.agencyId, principal.userId), eq(users.role, 'ADVERTISER'))),
      );
    default:
      return eq(campaigns.advertiserId, principal.userId);
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
 * The advertiser of a new campaign: an advertiser creates for itself; an agency, admin or co-admin
 * names one it manages. Out of scope and unknown ids get the same answer.
 */
export const resolveNewCampaignAdvertiser = async (
  db: DbOrTx,
  principal: Principal,
  advertiserId: number | undefined,
): Promise<number> => {
  if (principal.role === 'ADVERTISER') {
    if (advertiserId !== undefined && advertiserId !== principal.userId)
      throw badRequest(OWN_CAMPAIGNS_ONLY, { advertiser_id: OWN_CAMPAIGNS_ONLY });
    return principal.userId;
  }
  if (advertiserId === undefined) throw badRequest(CHOOSE_ADVERTISER, { advertiser_id: CHOOSE_ADVERTISER });
  const user = await findUserById(db, advertiserId);
  if (user?.role !== 'ADVERTISER' || !isAbove(ownerOf(principal), user))
    throw badRequest(CHOOSE_YOUR_ADVERTISER, { advertiser_id: CHOOSE_YOUR_ADVERTISER });
  return user.id;
};
