// Each role's menu, in the spec's order (section 2). Guards and navigation are generated from
// these tables; labelKey is an i18n key of the web app's `layout` namespace.
import type { Role } from '../roles.ts';

// The role paths live apart (paths.ts), so that the web app's entry chunk does not carry the menus.
export { HOME_PATH, PROFILE_PATH, SETTINGS_PATH } from './paths.ts';

export type MenuCondition = 'api_access' | 'help_and_support';

export type MenuItem = {
  /** Internal route, or '/docs' for the API reference (served by the API server). */
  path: string;
  labelKey: string;
  /** A name from the web app's icon set. */
  icon: string;
  /** Opens in a new tab (API Docs, Help & Support). */
  external?: boolean;
  /** Shown only when the user's settings (api_access) or the company config (help_and_support) allow. */
  requires?: MenuCondition;
};

const apiDocs: MenuItem = {
  path: '/docs',
  labelKey: 'menu.apiDocs',
  icon: 'api',
  external: true,
  requires: 'api_access',
};
/**
 * The target of Help & Support is the company config's help_and_support_link. The spec (section 2)
 * puts it in the advertiser menu only.
 */
const helpAndSupport: MenuItem = {
  path: 'help_and_support_link',
  labelKey: 'menu.helpAndSupport',
  icon: 'help',
  external: true,
  requires: 'help_and_support',
};

export const MENUS = {
  ADVERTISER: [
    { path: '/dashboard', labelKey: 'menu.dashboard', icon: 'dashboard' },
    { path: '/campaign', labelKey: 'menu.campaigns', icon: 'campaign' },
    { path: '/creatives', labelKey: 'menu.creatives', icon: 'creative' },
    { path: '/funds', labelKey: 'menu.funds', icon: 'funds' },
    { path: '/audience', labelKey: 'menu.audiences', icon: 'audience' },
    { path: '/inventory-list', labelKey: 'menu.inventoryLists', icon: 'inventory' },
    { path: '/report', labelKey: 'menu.reports', icon: 'report' },
    apiDocs,
    helpAndSupport,
  ],
  AGENCY: [
    { path: '/agency/dashboard', labelKey: 'menu.dashboard', icon: 'dashboard' },
    { path: '/agency/advertiser', labelKey: 'menu.advertisers', icon: 'users' },
    { path: '/agency/campaign', labelKey: 'menu.campaigns', icon: 'campaign' },
    { path: '/agency/creative', labelKey: 'menu.creatives', icon: 'creative' },
    { path: '/agency/funds', labelKey: 'menu.funds', icon: 'funds' },
    { path: '/agency/audience', labelKey: 'menu.audiences', icon: 'audience' },
    { path: '/agency/inventory-list', labelKey: 'menu.inventoryLists', icon: 'inventory' },
    { path: '/agency/report', labelKey: 'menu.reports', icon: 'report' },
    apiDocs,
  ],
  ADMIN: [
    { path: '/admin/dashboard', labelKey: 'menu.dashboard', icon: 'dashboard' },
    { path: '/admin/users', labelKey: 'menu.users', icon: 'users' },
    { path: '/admin/campaign', labelKey: 'menu.campaigns', icon: 'campaign' },
    { path: '/admin/creative', labelKey: 'menu.creatives', icon: 'creative' },
    { path: '/admin/funds', labelKey: 'menu.funds', icon: 'funds' },
    { path: '/admin/audience', labelKey: 'menu.audiences', icon: 'audience' },
    { path: '/admin/inventory-list', labelKey: 'menu.inventoryLists', icon: 'inventory' },
    { path: '/admin/smart-apps', labelKey: 'menu.smartApps', icon: 'apps' },
    { path: '/admin/dsplist', labelKey: 'menu.dsps', icon: 'dsp' },
    { path: '/admin/newdsp', labelKey: 'menu.newDsp', icon: 'dspNew' },
    { path: '/admin/agencies', labelKey: 'menu.agencies', icon: 'agency' },
    { path: '/admin/report', labelKey: 'menu.reports', icon: 'report' },
    { path: '/admin/exchange-approval', labelKey: 'menu.exchangeApproval', icon: 'approval' },
  ],
  'CO-ADMIN': [
    { path: '/co-admin/dashboard', labelKey: 'menu.dashboard', icon: 'dashboard' },
    { path: '/co-admin/users', labelKey: 'menu.users', icon: 'users' },
    { path: '/co-admin/campaign', labelKey: 'menu.campaigns', icon: 'campaign' },
    { path: '/co-admin/creative', labelKey: 'menu.creatives', icon: 'creative' },
    { path: '/co-admin/funds', labelKey: 'menu.funds', icon: 'funds' },
    { path: '/co-admin/audience', labelKey: 'menu.audiences', icon: 'audience' },
    { path: '/co-admin/inventory-list', labelKey: 'menu.inventoryLists', icon: 'inventory' },
    { path: '/co-admin/smart-apps', labelKey: 'menu.smartApps', icon: 'apps' },
    { path: '/co-admin/agencies', labelKey: 'menu.agencies', icon: 'agency' },
    { path: '/co-admin/report', labelKey: 'menu.reports', icon: 'report' },
    { path: '/co-admin/exchange-approval', labelKey: 'menu.exchangeApproval', icon: 'approval' },
  ],
} as const satisfies Record<Role, readonly MenuItem[]>;

export type MenuContext = { api_access: boolean; help_and_support: boolean };

export const menuFor = (role: Role, context: MenuContext): MenuItem[] =>
  (MENUS[role] as readonly MenuItem[]).filter((item) => !item.requires || context[item.requires]);
