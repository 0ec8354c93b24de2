// Inventory lists and audiences: whose a list is (a new list's owner) and the names they may take.
// Who may see and change an existing one is the access table's (inventoryList and audience rules of
// platform/access.ts): an advertiser its own, an agency its advertisers', admin and co-admin all.
import type { DbOrTx } from '../../db/client.ts';
import type { applists, audiences } from '../../db/schema/campaigns.ts';
import { users } from '../../db/schema/users.ts';
import { resolveNewOwnerAdvertiser } from '../../platform/advertiser-scope.ts';
import type { Principal } from '../../platform/auth-guard.ts';

export type ApplistRow = typeof applists.$inferSelect;
export type AudienceRow = typeof audiences.$inferSelect;

/** The advertiser of a new list or audience (an advertiser's own; others name one they manage). */
export const resolveListOwner = (db: DbOrTx, principal: Principal, advertiserId: number | undefined) =>
  resolveNewOwnerAdvertiser(db, principal, advertiserId, {
    ownOnly: 'An advertiser creates lists for itself only.',
    chooseAdvertiser: 'Choose the advertiser of this list.',
    chooseYourAdvertiser: 'Choose one of your advertisers.',
  });

/** Unique violations of the per-owner name indexes, as the message a user can act on. */
export const NAME_TAKEN = {
  applist: 'This advertiser already has an inventory list with this name.',
  audience: 'This advertiser already has an audience with this name.',
} as const;

/** The owning advertiser of each listed inventory list or audience (joined on its owner id). */
export const advertiserColumns = { id: users.id, email: users.email, companyName: users.companyName };
export type AdvertiserColumns = { id: number; email: string; companyName: string };

export const advertiserOf = (advertiser: AdvertiserColumns) => ({
  user_primary_id: advertiser.id,
  email: advertiser.email,
  companyName: advertiser.companyName,
});
