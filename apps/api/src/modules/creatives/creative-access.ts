// Which creatives a caller may list and for whom it may create one. Reaching one creative by id goes
// through `requireAccess(db, principal, 'creative', id)` (platform/access.ts): advertisers their own;
// agencies their advertisers'; admin and co-admin every creative; "not found" outside the scope.
import { CREATIVE_MESSAGES } from '@console/core/api/creatives';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creatives } from '../../db/schema/creatives.ts';
import { advertiserOwnedScope, resolveNewOwnerAdvertiser } from '../../platform/advertiser-scope.ts';
import type { Principal } from '../../platform/auth-guard.ts';

export { actorOf } from '../../platform/advertiser-scope.ts';

export type CreativeRow = typeof creatives.$inferSelect;

/** The creatives a caller may list at all, as a condition on `creatives` (undefined: all). */
export const creativeScope = (principal: Principal, userId?: SQL): SQL | undefined =>
  advertiserOwnedScope(principal, creatives.advertiserId, userId);

export const resolveNewCreativeAdvertiser = (
  db: DbOrTx,
  principal: Principal,
  advertiserId: number | undefined,
) => resolveNewOwnerAdvertiser(db, principal, advertiserId, CREATIVE_MESSAGES);
