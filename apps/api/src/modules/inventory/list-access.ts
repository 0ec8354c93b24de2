// Who may see and change which inventory list or audience: one default-deny check for both. An
// advertiser its own; an agency its advertisers'; admin and co-admin all. Outside the scope the answer
// is "not found", so that a list's existence does not leak (platform/advertiser-scope.ts).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applists, audiences } from '../../db/schema/campaigns.ts';
import { users } from '../../db/schema/users.ts';
import { ownerOf, resolveNewOwnerAdvertiser } from '../../platform/advertiser-scope.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { notFound } from '../../platform/errors.ts';
import { canSee } from '../../platform/scope.ts';

export type ApplistRow = typeof applists.$inferSelect;
export type AudienceRow = typeof audiences.$inferSelect;

export const APPLIST_NOT_FOUND = 'Inventory list not found.';
export const AUDIENCE_NOT_FOUND = 'Audience not found.';

const ownerColumns = { id: users.id, role: users.role, agencyId: users.agencyId };

/** The list if the caller may see it; inside a transaction `lock` serialises changes of one list. */
export const requireApplist = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ApplistRow> => {
  const query = db
    .select({ list: applists, owner: ownerColumns })
    .from(applists)
    .innerJoin(users, eq(users.id, applists.ownerId))
    .where(eq(applists.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: applists }) : await query;
  if (!row || !canSee(ownerOf(principal), row.owner)) throw notFound(APPLIST_NOT_FOUND);
  return row.list;
};

export const requireAudience = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AudienceRow> => {
  const query = db
    .select({ audience: audiences, owner: ownerColumns })
    .from(audiences)
    .innerJoin(users, eq(users.id, audiences.ownerId))
    .where(eq(audiences.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: audiences }) : await query;
  if (!row || !canSee(ownerOf(principal), row.owner)) throw notFound(AUDIENCE_NOT_FOUND);
  return row.audience;
};

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
