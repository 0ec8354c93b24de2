// The fixed paths of each role: home, profile, settings, and where Back To ... leads (spec section 2).
import type { Role } from '../roles.ts';

export const HOME_PATH = {
  ADMIN: '/admin/dashboard',
  'CO-ADMIN': '/co-admin/dashboard',
  AGENCY: '/agency/dashboard',
  ADVERTISER: '/dashboard',
} as const satisfies Record<Role, string>;

export const PROFILE_PATH = {
  ADMIN: '/admin/profile',
  'CO-ADMIN': '/co-admin/profile',
  AGENCY: '/agency/profile',
  ADVERTISER: '/profile',
} as const satisfies Record<Role, string>;

/** Settings entry of the header menu; ADMIN and CO-ADMIN have none. */
export const SETTINGS_PATH = {
  AGENCY: '/agency/agency-settings',
  ADVERTISER: '/advertiser-settings',
} as const satisfies Partial<Record<Role, string>>;

/** Where each Back To ... button of the top bar leads. */
export const BACK_TO_PATH = {
  ADMIN: '/admin/users',
  'CO-ADMIN': '/co-admin/users',
  AGENCY: '/agency/advertiser',
} as const;
