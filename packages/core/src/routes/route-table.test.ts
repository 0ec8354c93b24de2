import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import { ADMIN_ROUTES } from './admin-routes.ts';
import { ADVERTISER_ROUTES } from './advertiser-routes.ts';
import { AGENCY_ROUTES } from './agency-routes.ts';
import { CO_ADMIN_ROUTES } from './co-admin-routes.ts';
import { HOME_PATH, MENUS, PROFILE_PATH, SETTINGS_PATH } from './menus.ts';
import { ROUTE_TABLES } from './route-tables.ts';

const pathsOf = (routes: readonly { path: string }[]) => routes.map((route) => route.path);

describe('route tables (spec section 2)', () => {
  it('hold the number of routes the spec lists for each role', () => {
    expect(ADVERTISER_ROUTES).toHaveLength(29);
    expect(AGENCY_ROUTES).toHaveLength(32);
    expect(ADMIN_ROUTES).toHaveLength(54);
    // The admin area without addUser, dsplist and the four DSP pages, plus three shared paths.
    expect(CO_ADMIN_ROUTES).toHaveLength(54 - 6 + 3);
  });

  it.each(ROLES)('%s: no duplicate path, even ignoring case', (role) => {
    const paths = pathsOf(ROUTE_TABLES[role]).map((path) => path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(ROLES)('%s: every internal menu entry is a route of the role', (role) => {
    const paths = new Set(pathsOf(ROUTE_TABLES[role]));
    const internal = MENUS[role]
      .filter((item) => !('external' in item && item.external))
      .map((item) => item.path);
    expect(internal.filter((path) => !paths.has(path))).toEqual([]);
  });

  it.each(ROLES)('%s: home and profile (and settings) are routes of the role', (role) => {
    const paths = new Set(pathsOf(ROUTE_TABLES[role]));
    expect(paths.has(HOME_PATH[role])).toBe(true);
    expect(paths.has(PROFILE_PATH[role])).toBe(true);
    const settings = (SETTINGS_PATH as Partial<Record<string, string>>)[role];
    if (settings) expect(paths.has(settings)).toBe(true);
  });

  it.each(ROLES)(
    '%s: every route has a feature, a title key and a breadcrumb ending on its title',
    (role) => {
      for (const route of ROUTE_TABLES[role]) {
        expect(route.path.startsWith('/')).toBe(true);
        expect(route.feature).toMatch(/^\w+\.\w+$/);
        expect(route.titleKey).toMatch(/^titles\.\w+\.\w+$/);
        expect(route.breadcrumb.at(-1)).toEqual({ labelKey: route.titleKey });
        for (const crumb of route.breadcrumb.slice(0, -1))
          expect(pathsOf(ROUTE_TABLES[role])).toContain(crumb.path);
      }
    },
  );

  it('names params as the spec does', () => {
    expect(pathsOf(ADVERTISER_ROUTES)).toEqual(
      expect.arrayContaining([
        '/campaign/:id',
        '/campaignEditForm/:id',
        '/inventory-list/edit/:applist_id',
        '/audience/changeLog/:audience_id',
        '/report/create/:report_type',
        '/report/view/:report_id',
      ]),
    );
    expect(pathsOf(AGENCY_ROUTES)).toEqual(
      expect.arrayContaining([
        '/agency/inventory-list/edit/:applist_id',
        '/agency/CampaignList/creativeList/:id',
      ]),
    );
    expect(pathsOf(ADMIN_ROUTES)).toEqual(
      expect.arrayContaining([
        '/admin/inventory-list/changelog/:applist_id',
        '/admin/audience/view/:audience_id',
        '/admin/report/create/multi-dimensional',
        '/admin/smart-apps/edit/:list_id',
        '/admin/editdsp/:id',
      ]),
    );
  });

  it('keeps the co-admin out of addUser and the DSP pages, with the shared paths', () => {
    const paths = pathsOf(CO_ADMIN_ROUTES);
    for (const page of ['addUser', 'dsplist', 'createdsp', 'editdsp/:id', 'viewdsp/:id', 'newdsp']) {
      expect(paths).not.toContain(`/co-admin/${page}`);
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        '/co-admin/assignAdvertiser',
        '/co-admin/editAgency/:id',
        '/co-admin/exchange-approval',
        '/creative/bulk-creative-edit',
        '/admin/editUser/:id',
        '/admin/metadata',
      ]),
    );
    expect(CO_ADMIN_ROUTES.filter((route) => route.shared).map((route) => route.path)).toHaveLength(3);
  });

  it('marks the editing pages of every role for the idle modal', () => {
    const guarded = (routes: typeof ADMIN_ROUTES) =>
      routes.filter((route) => route.idleGuard).map((route) => route.path);
    expect(guarded(ADVERTISER_ROUTES).sort()).toEqual(
      [
        '/bulk-campaign-edit',
        '/campaignClone/:id',
        '/campaignEditForm/:id',
        '/inventory-list/edit/:applist_id',
      ].sort(),
    );
    expect(guarded(AGENCY_ROUTES).sort()).toEqual(
      ['/agency/campaignEditForm/:id', '/agency/inventory-list/edit/:applist_id'].sort(),
    );
    expect(guarded(ADMIN_ROUTES).sort()).toEqual(
      ['/admin/campaignEditForm/:id', '/admin/inventory-list/edit/:applist_id'].sort(),
    );
    expect(guarded(CO_ADMIN_ROUTES).sort()).toEqual(
      ['/co-admin/campaignEditForm/:id', '/co-admin/inventory-list/edit/:applist_id'].sort(),
    );
  });
});
