// The four roles of the console and the impersonation ladder between them (spec sections 4 and 6).

export const ROLES = ['ADMIN', 'CO-ADMIN', 'AGENCY', 'ADVERTISER'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** Who may act as whom. An agency may act only as its own advertisers (checked by the server). */
export const IMPERSONATION_TARGETS = {
  ADMIN: ['CO-ADMIN', 'AGENCY', 'ADVERTISER'],
  'CO-ADMIN': ['AGENCY', 'ADVERTISER'],
  AGENCY: ['ADVERTISER'],
  ADVERTISER: [],
} as const satisfies Record<Role, readonly Role[]>;

export const canImpersonate = (actor: Role, target: Role): boolean =>
  (IMPERSONATION_TARGETS[actor] as readonly Role[]).includes(target);

/** The request parameter that carries a parent's id while it acts as a lower user. */
export const PARENT_ID_PARAM = {
  ADMIN: 'admin_id',
  'CO-ADMIN': 'co_admin_id',
  AGENCY: 'agency_id',
} as const satisfies Partial<Record<Role, string>>;

export type ParentRole = keyof typeof PARENT_ID_PARAM;
export const PARENT_ROLES = Object.keys(PARENT_ID_PARAM) as ParentRole[];

/** Session keys of the browser's auth record (spec section 3) for each role. */
export const SESSION_SLOT = {
  ADMIN: 'admin',
  'CO-ADMIN': 'co_admin',
  AGENCY: 'agency',
  ADVERTISER: 'advertiser',
} as const satisfies Record<Role, string>;

export const isAdminRole = (role: Role): boolean => role === 'ADMIN' || role === 'CO-ADMIN';
