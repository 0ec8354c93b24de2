// Who may see and change which campaign: one default-deny check used by every campaign operation.
// Advertisers their own; agencies their advertisers'; admin and co-admin every campaign. Outside the
// scope the answer is "not found", so that a campaign's existence does not leak.
import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns } from '../../db/schema/campaigns.ts';
import { users } from '../../db/schema/users.ts';
import { advertiserOwnedScope, ownerOf, resolveNewOwnerAdvertiser } from '../../platform/advertiser-scope.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { notFound } from '../../platform/errors.ts';
import { canSee } from '../../platform/scope.ts';

export { ADVERTISER_NOT_FOUND, actorOf, requireVisibleAdvertiser } from '../../platform/advertiser-scope.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
export const CHOOSE_ADVERTISER = 'Choose the advertiser of this campaign.';
export const CHOOSE_YOUR_ADVERTISER = 'Choose one of your advertisers.';
export const OWN_CAMPAIGNS_ONLY = 'An advertiser creates campaigns for itself only.';

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
export const campaignScope = (db: DbOrTx, principal: Principal): SQL | undefined =>
  advertiserOwnedScope(db, principal, campaigns.advertiserId);

export const resolveNewCampaignAdvertiser = (
  db: DbOrTx,
  principal: Principal,
  advertiserId: number | undefined,
) =>
  resolveNewOwnerAdvertiser(db, principal, advertiserId, {
    ownOnly: OWN_CAMPAIGNS_ONLY,
    chooseAdvertiser: CHOOSE_ADVERTISER,
    chooseYourAdvertiser: CHOOSE_YOUR_ADVERTISER,
  });
