// Whose funds a caller may see and move: the fundsAccount and managedFundsAccount rules of the access
// table (platform/access.ts). An advertiser sees its own; an agency its own and its advertisers';
// admins and co-admins every agency's and advertiser's. Anything else is "not found", so that the
// existence of another tenant's account does not leak.
import type { Role } from '@console/core/roles';
import type { DbOrTx } from '../../db/client.ts';
import { ACCOUNT_NOT_FOUND, requireAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { findUserById, type UserRow } from '../../platform/user-queries.ts';
import { isAccountHolderRole } from '../ledger/index.ts';

export const CHOOSE_ACCOUNT_MESSAGE = 'Choose an agency or advertiser.';

export type FundsViewer = { userId: number; role: Role; isStaff: boolean };

export const viewerOf = (principal: Principal): FundsViewer => ({
  userId: principal.userId,
  role: principal.role,
  isStaff: principal.role === 'ADMIN' || principal.role === 'CO-ADMIN',
});

/**
 * The agency or advertiser whose funds are asked for: the caller's own when no id is given, else the
 * fundsAccount rule of the access table (itself, or one below it).
 */
export const requireVisibleAccountHolder = async (
  db: DbOrTx,
  principal: Principal,
  userId: number | undefined,
): Promise<UserRow> => {
  if (userId !== undefined) return requireAccess(db, principal, 'fundsAccount', userId);
  if (!isAccountHolderRole(principal.role))
    throw badRequest(CHOOSE_ACCOUNT_MESSAGE, { user_primary_id: CHOOSE_ACCOUNT_MESSAGE });
  const self = await findUserById(db, principal.userId);
  if (!self) throw notFound(ACCOUNT_NOT_FOUND);
  return self;
};
