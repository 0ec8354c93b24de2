// Whose funds a caller may see and move. An advertiser sees its own; an agency its own and its
// advertisers'; admins and co-admins every agency's and advertiser's. Anything else is "not found",
// so that the existence of another tenant's account does not leak.
import type { Role } from '@console/core/roles';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { canSee, isAbove } from '../../platform/scope.ts';
import { isAccountHolderRole } from '../ledger/ledger-accounts.ts';
import { findUserById, type UserRow } from '../users/user-queries.ts';

export const ACCOUNT_NOT_FOUND = 'Account not found.';
export const CHOOSE_ACCOUNT_MESSAGE = 'Choose an agency or advertiser.';

export type FundsViewer = { userId: number; role: Role; isStaff: boolean };

export const viewerOf = (principal: Principal): FundsViewer => ({
  userId: principal.userId,
  role: principal.role,
  isStaff: principal.role === 'ADMIN' || principal.role === 'CO-ADMIN',
});

const owner = (principal: Principal) => ({ userId: principal.userId, role: principal.role });

/** The agency or advertiser whose funds are asked for: the caller's own when no id is given. */
export const requireVisibleAccountHolder = async (
  db: DbOrTx,
  principal: Principal,
  userId: number | undefined,
): Promise<UserRow> => {
  if (userId === undefined) {
    if (!isAccountHolderRole(principal.role))
      throw badRequest(CHOOSE_ACCOUNT_MESSAGE, { user_primary_id: CHOOSE_ACCOUNT_MESSAGE });
    const self = await findUserById(db, principal.userId);
    if (!self) throw notFound(ACCOUNT_NOT_FOUND);
    return self;
  }
  const user = await findUserById(db, userId);
  if (!user || !isAccountHolderRole(user.role) || !canSee(owner(principal), user))
    throw notFound(ACCOUNT_NOT_FOUND);
  return user;
};

/** An agency or advertiser strictly below the caller (money the caller may move): else "not found". */
export const requireManagedAccountHolder = async (
  db: DbOrTx,
  principal: Principal,
  userId: number,
  message = ACCOUNT_NOT_FOUND,
): Promise<UserRow> => {
  const user = await findUserById(db, userId);
  if (!user || !isAccountHolderRole(user.role) || !isAbove(owner(principal), user)) throw notFound(message);
  return user;
};
