// Tabs of one browser (spec section 4): two pages of ONE context share localStorage;
// a login in one tab takes the other from /login to the home path, a logout or cleared storage in
// one logs the other out, an identity switch (act as) in one moves the other to the new home.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { actAsThroughSelect, waitForPath } from '../support/console.ts';

const e2e = useE2E();

describe('tabs follow each other', () => {
  it('a login in tab A takes tab B to the home path; a logout in tab A takes tab B to /login', async () => {
    const { context, page: tabA } = e2e;
    const tabB = await context.newPage();
    await tabB.goto('/login');
    await tabB.getByRole('button', { name: /^sign in$/i }).waitFor();

    // The acting tab in front (a background tab runs no animation frames: clicks would crawl).
    await tabA.bringToFront();
    await loginAs(tabA, DEMO_USERS.advertiser);
    await waitForPath(tabB, DEMO_USERS.advertiser.home);
    await tabB.locator('nav[data-testid="main-menu"]').waitFor();

    await tabA.getByTestId('user-menu').click();
    await tabA.getByTestId('logout').click();
    await waitForPath(tabA, '/login');
    await waitForPath(tabB, '/login');
    await tabB.getByRole('button', { name: /^sign in$/i }).waitFor();
    expect(await tabB.locator('nav[data-testid="main-menu"]').count()).toBe(0);
  });

  it('clearing localStorage in tab A logs tab B out', async () => {
    const { context, page: tabA } = e2e;
    await loginAs(tabA, DEMO_USERS.agency);
    const tabB = await context.newPage();
    await tabB.goto('/agency/campaign');
    await waitForPath(tabB, '/agency/campaign');
    await tabB.locator('nav[data-testid="main-menu"]').waitFor();

    await tabA.bringToFront();
    await tabA.evaluate(() => localStorage.clear());
    await waitForPath(tabB, '/login');
    await tabB.getByRole('button', { name: /^sign in$/i }).waitFor();
  });

  it('an identity switch in tab A (admin acts as the agency) moves tab B to the agency’s home', async () => {
    const { context, page: tabA } = e2e;
    await loginAs(tabA, DEMO_USERS.admin);
    const tabB = await context.newPage();
    await tabB.goto('/admin/users');
    await waitForPath(tabB, '/admin/users');
    await tabB.locator('nav[data-testid="main-menu"]').waitFor();

    await tabA.bringToFront();
    await actAsThroughSelect(tabA, 'agency', 3);
    await waitForPath(tabA, '/agency/dashboard');
    await waitForPath(tabB, '/agency/dashboard');
    await tabB.getByTestId('back-to-admin').waitFor();
  });
});
