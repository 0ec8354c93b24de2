// Which campaigns a caller may list and for whom it may create one. Reaching one campaign by id goes
// through `requireAccess(db, principal, 'campaign', id)` (platform/access.ts): advertisers their own;
// agencies their advertisers'; admin and co-admin every campaign; "not found" outside the scope.
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns } from '../../db/schema/campaigns.ts';
import { advertiserOwnedScope, resolveNewOwnerAdvertiser } from '../../platform/advertiser-scope.ts';
import type { Principal } from '../../platform/auth-guard.ts';

export { actorOf } from '../../platform/advertiser-scope.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

export const CHOOSE_ADVERTISER = 'Choose the advertiser of this campaign.';
export const CHOOSE_YOUR_ADVERTISER = 'Choose one of your advertisers.';
export const OWN_CAMPAIGNS_ONLY = 'An advertiser creates campaigns for itself only.';

/** The campaigns a caller may list at all, as a condition on `campaigns` (undefined: all). */
export const campaignScope = (principal: Principal, userId?: SQL): SQL | undefined =>
  advertiserOwnedScope(principal, campaigns.advertiserId, userId);

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
