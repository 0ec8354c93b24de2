// Where each role's funds screens are (spec section 2), for links between them.
import type { Role } from '@console/core/roles';

/** The payment list (history) of one agency or advertiser, for the roles that have one. */
export const paymentListPath = (role: Role | undefined, userId: number): string | null => {
  if (role === 'ADMIN') return `/admin/CampaignList/payment-list/${userId}`;
  if (role === 'CO-ADMIN') return `/co-admin/CampaignList/payment-list/${userId}`;
  if (role === 'AGENCY') return `/agency/advertiser/payment-list/${userId}`;
  return null;
};

export const addFundPath = (role: Role | undefined, userId?: number): string | null => {
  const base = role === 'ADMIN' ? '/admin/addfund' : role === 'CO-ADMIN' ? '/co-admin/addfund' : null;
  if (!base) return null;
  return userId ? `${base}?user=${userId}` : base;
};

export const isStaffRole = (role: Role | undefined) => role === 'ADMIN' || role === 'CO-ADMIN';

/** A route parameter as a positive id, or 0 when it is not one. */
export const parseRouteId = (value: string | undefined | null): number => {
  if (!value || !/^\d{1,15}$/.test(value)) return 0;
  return Number(value);
};
