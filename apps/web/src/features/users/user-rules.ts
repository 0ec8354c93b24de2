// Who may do what on the Users screens, the paths of a user's pages, and the unit conversions of
// the config form. Pure: unit-tested in test/users/user-rules.test.ts.

import { MICROS_PER_UNIT } from '@console/core/constants';
import { canImpersonate, type Role } from '@console/core/roles';
import { ADMIN_ONLY_FEATURES } from '@console/core/routes/admin-routes';

type Target = { role: Role; status: string };

/** "Sign in as": admin -> co-admin, agency, advertiser; co-admin -> agency, advertiser; active users only. */
export const canSignInAs = (actor: Role | undefined, target: Target): boolean =>
  Boolean(actor) && target.status === 'ACTIVE' && canImpersonate(actor!, target.role);

/** addUser is an admin-only page (the co-admin's route table has no user.create). */
export const canAddUser = (role: Role | undefined): boolean =>
  role === 'ADMIN' || (role === 'CO-ADMIN' && !ADMIN_ONLY_FEATURES.includes('user.create'));

/** Only agencies and advertisers have a config (spec section 3: empty for admins). */
export const hasUserConfig = (role: Role): boolean => role === 'AGENCY' || role === 'ADVERTISER';

/** Only advertisers have a ledger. */
export const hasPayments = (role: Role): boolean => role === 'ADVERTISER';

export const nextStatus = (status: string): 'ACTIVE' | 'INACTIVE' =>
  status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';

/** The area of the staff roles: /admin or /co-admin. */
export const areaOf = (role: Role | undefined): '/admin' | '/co-admin' =>
  role === 'CO-ADMIN' ? '/co-admin' : '/admin';

/** The user pages of an area (spec section 2); editUser is the shared /admin path for both. */
export const userPaths = (role: Role | undefined) => {
  const area = areaOf(role);
  return {
    list: `${area}/users`,
    add: `${area}/addUser`,
    edit: (id: number) => `/admin/editUser/${id}`,
    config: (id: number) => `${area}/user-config/${id}`,
    changeLog: (id: number) => `${area}/user/change-log/${id}`,
    payments: (id: number) => `${area}/CampaignList/payment-list/${id}`,
  };
};

/** 2.5 (dollars) -> 2_500_000 micro-units, exact to the micro. */
export const dollarsToMicros = (dollars: number): number => Math.round(dollars * MICROS_PER_UNIT);
export const microsToDollars = (micros: number): number => micros / MICROS_PER_UNIT;

/** "Ada Lovelace", or the e-mail when the user has no names. */
export const displayName = (user: { firstName: string; lastName: string; email: string }): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

export { parseId } from '../../lib/routing/parse-id.ts';
