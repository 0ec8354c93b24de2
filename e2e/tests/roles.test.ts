// Each role in Chromium (spec sections 2 and 4): login lands on the role's
// home; the main menu is exactly the spec's, in order (the literal lists of support/spec-menus.ts:
// API Docs only with api_access, no Help & Support under the platform default config);
// unknown paths, / and other roles' paths lead home; logout clears all of localStorage and lands on
// /login, after which a protected path leads to /login; the stored `auth` holds no readable token.
import { STORAGE_KEYS } from '@console/core/constants';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, type DemoUser, useE2E } from '../support/browser.ts';
import {
  expectMenu,
  localStorageKeys,
  loginCapturingSession,
  logoutThroughMenu,
  pathOf,
  readRawAuth,
  readStoredAuth,
  waitForPath,
} from '../support/console.ts';
import { expectedMenuPaths } from '../support/spec-menus.ts';

const e2e = useE2E();

type RoleCase = {
  user: DemoUser;
  /** The user's settings as seeded (admins have none). */
  apiAccess: boolean;
  /** A path of another role, which this user must not get. */
  foreignPath: string;
};

const CASES: RoleCase[] = [
  { user: DEMO_USERS.admin, apiAccess: false, foreignPath: '/agency/campaign' },
  { user: DEMO_USERS.coAdmin, apiAccess: false, foreignPath: '/admin/users' },
  { user: DEMO_USERS.agency, apiAccess: true, foreignPath: '/admin/users' },
  { user: DEMO_USERS.advertiser, apiAccess: true, foreignPath: '/admin/users' },
  { user: DEMO_USERS.adv1, apiAccess: false, foreignPath: '/agency/dashboard' },
];

describe('roles: landing, menu, redirects, logout', () => {
  for (const { user, apiAccess, foreignPath } of CASES) {
    it(`${user.email} (${user.role}): lands on ${user.home}, sees exactly its menu, is sent home from unknown and foreign paths, and logs out cleanly`, async () => {
      const { page } = e2e;
      const session = await loginCapturingSession(page, user);
      expect(pathOf(page)).toBe(user.home);

      // The menu: the spec's items in order, for this user's settings, on the default host.
      const expected = expectedMenuPaths(user.role, { api_access: apiAccess, help_and_support: false });
      await expectMenu(page, expected, user.role);
      const activeItem = page.locator('[data-testid="menu-item"][aria-current="page"]');
      await expect.poll(() => activeItem.getAttribute('data-path')).toBe(user.home);
      if (apiAccess) {
        const apiDocs = page.locator('[data-testid="menu-item"][data-path="/docs"]');
        expect(await apiDocs.getAttribute('href')).toBe('/docs');
        expect(await apiDocs.getAttribute('target')).toBe('_blank');
      }

      // The session in storage: sealed, no token (nor any JWT-looking text) readable.
      const raw = await readRawAuth(page);
      expect(raw).toBeTruthy();
      expect(raw).not.toContain(session.token);
      // A JWT's shape (header.payload. in base64url), not just "eyJ": random sealed text holds those
      // three letters about once in 150 sessions.
      expect(raw).not.toMatch(/eyJ[\w-]*\.eyJ[\w-]*\./);
      expect(raw).not.toContain(user.email);
      const stored = await readStoredAuth(page);
      expect(stored?.user.token).toBe(session.token);
      expect(stored?.role).toBe(user.role);

      // Unknown paths, / and another role's path lead to the role's home.
      for (const path of ['/no/such/page', '/', foreignPath]) {
        await page.goto(path);
        await waitForPath(page, user.home);
        await page.locator('nav[data-testid="main-menu"]').waitFor();
      }

      // Logout clears all local storage and lands on /login.
      expect(await localStorageKeys(page)).toEqual(expect.arrayContaining([STORAGE_KEYS.auth]));
      await logoutThroughMenu(page);
      await waitForPath(page, '/login');
      await page.getByRole('button', { name: /^sign in$/i }).waitFor();
      expect(await localStorageKeys(page)).toEqual([]);

      // Logged out now: the role's home and another protected path lead to /login.
      for (const path of [user.home, '/campaign']) {
        await page.goto(path);
        await waitForPath(page, '/login');
      }
      expect(e2e.pageErrors.map((err) => err.message)).toEqual([]);
    });
  }
});
