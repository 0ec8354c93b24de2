// White-label (spec sections 2 and 3): on the agency's own host
// (northwind.localhost, the demo agency's custom domain; Chromium resolves *.localhost to the
// loopback address) the console carries the agency's brand: document title, footer text, the
// primary colour as the --app-primary CSS variable on :root, the company config kept under
// `config`, and Help & Support in the advertiser menu as that config enables it (the agency's own
// menu has none, spec section 2). The default host shows the platform's brand, Trading Desk.
import { STORAGE_KEYS } from '@console/core/constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUser, useE2E } from '../support/browser.ts';
import { expectMenu, logoutThroughMenu, shownText, waitForPath } from '../support/console.ts';
import { expectedMenuPaths } from '../support/spec-menus.ts';

const e2e = useE2E();

const NORTHWIND_PRIMARY = '#2b8a3e';
const NORTHWIND_FOOTER = 'Northwind Media, powered by Trading Desk.';

const agencyOrigin = () => `http://northwind.localhost:${e2e.server.port}`;

const cssVariable = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

describe('white-label', () => {
  it('the agency host shows Northwind: title, footer, primary colour, stored config', async () => {
    const { page } = e2e;
    await page.goto(`${agencyOrigin()}/login`);
    await page.getByRole('button', { name: /^sign in$/i }).waitFor();
    await expect.poll(() => page.title()).toContain('Northwind');
    const footer = page.getByTestId('public-footer');
    await expect.poll(() => shownText(footer)).toContain(NORTHWIND_FOOTER);
    expect(await shownText(footer)).toMatch(/^© 2025(–\d{4})? Northwind Media, powered by Trading Desk\.$/);

    const primary = (await cssVariable(page, '--app-primary')).toLowerCase();
    // apps/web/src/lib/theme/white-label.ts: --app-primary is the agency's colour as configured
    // (the contrast-adjusted variants have their own variables).
    expect(primary).toBe(NORTHWIND_PRIMARY);

    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.config);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      company: { name: 'Northwind Media' },
      theme: { primaryColor: NORTHWIND_PRIMARY },
      footer: { text: NORTHWIND_FOOTER },
    });
  });

  it('signed in on the agency host: branded shell; the agency menu as the spec has it, and Help & Support for its advertiser (enabled by the agency config)', async () => {
    const { page } = e2e;
    const signIn = async (user: DemoUser) => {
      await page.goto(`${agencyOrigin()}/login`);
      await page.getByTestId('login-email').fill(user.email);
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await waitForPath(page, user.home);
      expect(new URL(page.url()).host).toBe(`northwind.localhost:${e2e.server.port}`);
    };
    await signIn(DEMO_USERS.agency);
    await expectMenu(
      page,
      expectedMenuPaths('AGENCY', { api_access: true, help_and_support: true }),
      'AGENCY',
    );
    await expect.poll(() => shownText(page.getByTestId('app-footer'))).toContain(NORTHWIND_FOOTER);
    await logoutThroughMenu(page);
    await waitForPath(page, '/login');

    await signIn(DEMO_USERS.adv1);
    await expectMenu(
      page,
      expectedMenuPaths('ADVERTISER', { api_access: false, help_and_support: true }),
      'ADVERTISER',
    );
    const help = page.locator('[data-testid="menu-item"][data-path="help_and_support_link"]');
    expect(await help.getAttribute('href')).toBe('https://example.com/support');
    expect(await help.getAttribute('target')).toBe('_blank');

    await expect.poll(() => shownText(page.getByTestId('app-footer'))).toContain(NORTHWIND_FOOTER);
    await expect.poll(() => page.title()).toContain('Northwind');
    expect((await cssVariable(page, '--app-primary')).toLowerCase()).toBe(NORTHWIND_PRIMARY);
  });

  it('the default host shows Trading Desk and not Northwind', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await page.getByRole('button', { name: /^sign in$/i }).waitFor();
    await expect.poll(() => page.title()).toContain('Trading Desk');
    expect(await page.title()).not.toContain('Northwind');
    const footer = page.getByTestId('public-footer');
    await expect.poll(() => shownText(footer)).toContain('Trading Desk');
    expect(await shownText(footer)).not.toContain('Northwind');
    expect((await cssVariable(page, '--app-primary')).toLowerCase()).not.toBe(NORTHWIND_PRIMARY);
  });
});
