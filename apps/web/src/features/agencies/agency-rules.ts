// Paths and permissions of the agency screens. Pure: unit-tested in test/agencies.
import { canImpersonate, type Role } from '@console/core/roles';

export const areaOf = (role: Role | undefined): '/admin' | '/co-admin' =>
  role === 'CO-ADMIN' ? '/co-admin' : '/admin';

export const agencyPaths = (role: Role | undefined) => {
  const area = areaOf(role);
  return {
    list: `${area}/agencies`,
    edit: (id: number) => `${area}/editAgency/${id}`,
    assign: `${area}/assignAdvertiser`,
    /** The users list showing the agency's advertisers. */
    advertisers: (id: number) => `${area}/users?role=ADVERTISER&agency=${id}`,
  };
};

export const canSignInAsAgency = (actor: Role | undefined, status: string): boolean =>
  Boolean(actor) && status === 'ACTIVE' && canImpersonate(actor!, 'AGENCY');

export { parseId } from '../../lib/routing/parse-id.ts';
