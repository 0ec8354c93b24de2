// The signed-in frame (top bar and menu) paints before any page data arrives: a reload of the
// dashboard and of the campaign list with every data call of the API held back shows the top bar and
// the role's menu, with the page's own placeholder in the frame rather than one spinner for the whole
// window; once the calls go through, the page fills in.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, type DemoUser, loginAs, useE2E } from '../support/browser.ts';

const e2e = useE2E();

/** Holds every /api call except sign-in and session ones until `release` is called. */
const holdDataCalls = async (page: Page) => {
  const held: Route[] = [];
  let isHolding = true;
  await page.route('**/api/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (!isHolding || pathname.startsWith('/api/auth/')) return route.continue();
    held.push(route);
  });
  return {
    held,
    release: async () => {
      isHolding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
};

const frameBeforeData = async (page: Page, user: DemoUser, path: string, dataTestId: string) => {
  await loginAs(page, user);
  const hold = await holdDataCalls(page);
  await page.goto(path);
  const menu = page.getByTestId('main-menu');
  await menu.waitFor({ timeout: 20_000 });
  // The page has asked for its data, and nothing of it came back yet.
  await expect.poll(() => hold.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  // The frame is there while the page's data calls are held.
  expect(await menu.isVisible()).toBe(true);
  expect(await menu.getByTestId('menu-item').count()).toBeGreaterThan(2);
  expect(await page.locator('header').first().isVisible()).toBe(true);
  expect(await page.getByTestId('shell-spinner').count()).toBe(0);
  expect(await page.getByTestId(dataTestId).count()).toBe(0);
  await hold.release();
  await page.getByTestId(dataTestId).waitFor({ timeout: 30_000 });
  await page.unroute('**/api/**');
};

describe('the frame before the data', () => {
  it('shows the dashboard’s top bar and menu while its data calls are held', async () => {
    await frameBeforeData(e2e.page, DEMO_USERS.advertiser, '/dashboard', 'time-chart');
  }, 90_000);

  it('shows the campaign list’s top bar and menu while its data calls are held', async () => {
    await frameBeforeData(e2e.page, DEMO_USERS.admin, '/admin/campaign', 'campaigns-row-1');
  }, 90_000);
});
