// What each role may do, as data both sides read: every route of the API declares the one permission
// it needs (`config: { access: 'campaign.read' }`, as immich's endpoints do), the server lets a
// caller through when its role is listed here, and the console can hide what a role may not do.
// Whose objects a caller reaches is a separate, per-object check (the access table of the API).
import type { Role } from './roles.ts';

const EVERYONE = ['ADMIN', 'CO-ADMIN', 'AGENCY', 'ADVERTISER'] as const satisfies readonly Role[];
const STAFF = ['ADMIN', 'CO-ADMIN'] as const satisfies readonly Role[];
/** The roles with users below them: they act as their children and move their money. */
const PARENTS = ['ADMIN', 'CO-ADMIN', 'AGENCY'] as const satisfies readonly Role[];
/** The roles that hold funds, API keys and postbacks. */
const ACCOUNT_HOLDERS = ['AGENCY', 'ADVERTISER'] as const satisfies readonly Role[];

/** `resource.action` -> the roles that may do it. */
export const PERMISSION_ROLES = {
  'profile.read': EVERYONE,
  'profile.update': EVERYONE,
  'session.manage': EVERYONE,
  'userSettings.read': EVERYONE,
  'user.read': STAFF,
  'user.create': ['ADMIN'],
  'user.update': STAFF,
  'user.setPassword': STAFF,
  'user.impersonate': PARENTS,
  'advertiser.read': ['AGENCY'],
  'advertiser.create': ['AGENCY'],
  'advertiser.update': ['AGENCY'],
  'agency.read': STAFF,
  'agency.update': STAFF,
  'apiKey.read': ACCOUNT_HOLDERS,
  'apiKey.create': ACCOUNT_HOLDERS,
  'apiKey.delete': ACCOUNT_HOLDERS,
  'postback.read': ACCOUNT_HOLDERS,
  'postback.update': ACCOUNT_HOLDERS,
  'balance.read': ['ADVERTISER'],
  'funds.read': EVERYONE,
  'funds.setAlert': ACCOUNT_HOLDERS,
  'funds.listAccounts': PARENTS,
  'funds.reverse': PARENTS,
  'funds.move': STAFF,
  'funds.audit': STAFF,
  'funds.allocate': ['AGENCY'],
  'cardTopUp.read': EVERYONE,
  'cardTopUp.create': ACCOUNT_HOLDERS,
  'advertiserDashboard.read': ['ADVERTISER'],
  'agencyDashboard.read': ['AGENCY'],
  'adminDashboard.read': STAFF,
  'metadata.read': EVERYONE,
  'exchange.read': STAFF,
  'exchange.create': STAFF,
  'exchange.update': STAFF,
  'deal.read': EVERYONE,
  'deal.manage': STAFF,
  'appCategory.read': STAFF,
  'appCategory.create': STAFF,
  'appCategory.update': STAFF,
  'appCategory.delete': STAFF,
  'userExchanges.update': STAFF,
  'campaign.read': EVERYONE,
  'campaign.create': EVERYONE,
  'campaign.update': EVERYONE,
  'forecast.read': EVERYONE,
  'exchangeApproval.read': STAFF,
  'exchangeApproval.decide': STAFF,
  'media.upload': EVERYONE,
  'creative.read': EVERYONE,
  'creative.create': EVERYONE,
  'creative.update': EVERYONE,
  'creative.assocMap': STAFF,
  'creativeApproval.read': STAFF,
  'creativeApproval.decide': STAFF,
  'dsp.read': ['ADMIN'],
  'dsp.create': ['ADMIN'],
  'dsp.update': ['ADMIN'],
  'dsp.test': ['ADMIN'],
  'inventoryList.read': EVERYONE,
  'inventoryList.create': EVERYONE,
  'inventoryList.update': EVERYONE,
  'inventoryList.delete': EVERYONE,
  'inventoryList.assocMap': STAFF,
  'listImport.read': EVERYONE,
  'audience.read': EVERYONE,
  'audience.create': EVERYONE,
  'audience.update': EVERYONE,
  'smartAppList.read': EVERYONE,
  'smartAppList.create': STAFF,
  'smartAppList.update': STAFF,
  'smartAppList.delete': STAFF,
  'smartAppList.readChanges': STAFF,
  'report.read': EVERYONE,
  'report.create': EVERYONE,
  'report.update': EVERYONE,
  'report.delete': EVERYONE,
  'report.generate': EVERYONE,
  'report.export': EVERYONE,
  'eventConfig.read': EVERYONE,
  'eventConfig.update': EVERYONE,
} as const satisfies Record<`${string}.${string}`, readonly Role[]>;

export type Permission = keyof typeof PERMISSION_ROLES;

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && Object.hasOwn(PERMISSION_ROLES, value);

export const mayDo = (role: Role, permission: Permission): boolean =>
  (PERMISSION_ROLES[permission] as readonly Role[]).includes(role);
