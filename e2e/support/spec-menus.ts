// The main menus of spec section 2, copied from the spec by hand, not derived from
// packages/core/src/routes/menus.ts: the browser tests compare the drawn menu with these lists, so a
// wrong menu table fails them instead of agreeing with itself.
import type { Role } from '@console/core/roles';

const SPEC_MENUS: Record<Role, string[]> = {
  ADVERTISER: ['/dashboard', '/campaign', '/creatives', '/funds', '/audience', '/inventory-list', '/report'],
  AGENCY: [
    '/agency/dashboard',
    '/agency/advertiser',
    '/agency/campaign',
    '/agency/creative',
    '/agency/funds',
    '/agency/audience',
    '/agency/inventory-list',
    '/agency/report',
  ],
  ADMIN: [
    '/admin/dashboard',
    '/admin/users',
    '/admin/campaign',
    '/admin/creative',
    '/admin/funds',
    '/admin/audience',
    '/admin/inventory-list',
    '/admin/smart-apps',
    '/admin/dsplist',
    '/admin/newdsp',
    '/admin/agencies',
    '/admin/report',
    '/admin/exchange-approval',
  ],
  'CO-ADMIN': [
    '/co-admin/dashboard',
    '/co-admin/users',
    '/co-admin/campaign',
    '/co-admin/creative',
    '/co-admin/funds',
    '/co-admin/audience',
    '/co-admin/inventory-list',
    '/co-admin/smart-apps',
    '/co-admin/agencies',
    '/co-admin/report',
    '/co-admin/exchange-approval',
  ],
};

/**
 * The menu's paths for a role: the spec's list; then API Docs (/docs) for advertisers and agencies
 * whose settings have api_access; then, for advertisers, Help & Support (drawn with the data-path
 * `help_and_support_link`) when the company config enables it.
 */
export const expectedMenuPaths = (
  role: Role,
  { api_access, help_and_support }: { api_access: boolean; help_and_support: boolean },
): string[] => [
  ...SPEC_MENUS[role],
  ...(api_access && (role === 'ADVERTISER' || role === 'AGENCY') ? ['/docs'] : []),
  ...(help_and_support && role === 'ADVERTISER' ? ['help_and_support_link'] : []),
];
