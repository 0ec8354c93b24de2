// The session's clock in the browser, with Playwright's fake clock (spec sections 4 and 9):
// the token (2-hour life) is refreshed once 90% of its life has passed and, with no
// activity at all, by the timer 1% to 10% of the lifetime before expiry, and the stored expiry
// moves on; on an editing page 5 minutes without mouse, key or scroll activity bring the modal
// 'This tab was inactive for some time!' with a single Refresh button that reloads the page; a
// non-editing page never shows it; activity postpones it.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { readStoredAuth, shownText, waitForPath } from '../support/console.ts';

const e2e = useE2E();

const TWO_HOURS = 7_200_000;
const FIVE_MINUTES = 300_000;
const IDLE_TEXT = 'This tab was inactive for some time!';

const isRefresh = (request: Request) =>
  new URL(request.url()).pathname === '/api/auth/refresh-token' && request.method() === 'GET';

/** Counts the refresh-token calls the page makes. */
const countRefreshes = (page: Page): { count: number } => {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (isRefresh(request)) counter.count += 1;
  });
  return counter;
};

const idleDialog = (page: Page) => page.getByRole('dialog', { name: IDLE_TEXT });

/** Opens a page of the console by URL and waits for its frame (title) to be on screen. */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForPath(page, path);
  await page.locator('#page-title').waitFor();
  // Let the page's effects (the idle timer among them) start before the clock is moved.
  await page.waitForTimeout(300);
}

describe('token refresh (fake clock)', () => {
  it('past 90% of the lifetime the next API call refreshes the token; the stored expiry moves later', async () => {
    const { page } = e2e;
    await page.clock.install();
    const refreshes = countRefreshes(page);
    await loginAs(page, DEMO_USERS.admin);
    await page.getByTestId('act-as-select').waitFor();
    const before = await readStoredAuth(page);
    expect(before).not.toBeNull();
    expect(before!.expiry_at - before!.issued_at).toBe(TWO_HOURS);

    // At 80% nothing happens, even with API activity.
    await page.clock.fastForward(0.8 * TWO_HOURS);
    await page.getByTestId('act-as-select').click();
    await page.getByTestId('act-as-select').fill('adv');
    await page.waitForTimeout(1_000);
    await page.keyboard.press('Escape');
    expect(refreshes.count).toBe(0);

    // Past 90%: the user's next call (opening the Act-as list searches users) refreshes first.
    const refresh = page.waitForRequest(isRefresh, { timeout: 15_000 });
    await page.clock.fastForward(0.11 * TWO_HOURS);
    await page.getByTestId('act-as-select').fill('agency');
    await refresh;
    await expect
      .poll(async () => (await readStoredAuth(page))?.expiry_at ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(before!.expiry_at);
    const after = await readStoredAuth(page);
    expect(after!.user.token).not.toBe(before!.user.token);
    expect(after!.expiry_at - after!.issued_at).toBe(TWO_HOURS);
    expect(after!.issued_at - before!.issued_at).toBeGreaterThanOrEqual(0.9 * TWO_HOURS);
    // Still signed in, and the new token works.
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
  });

  it('with no activity at all, the timer refreshes the token before expiry (1% to 10% before the end)', async () => {
    const { page } = e2e;
    await page.clock.install();
    const refreshes = countRefreshes(page);
    await loginAs(page, DEMO_USERS.advertiser);
    await page.locator('nav[data-testid="main-menu"]').waitFor();
    const before = await readStoredAuth(page);
    expect(before).not.toBeNull();

    // Before the earliest point of the timer (10% before the end) there is no refresh.
    await page.clock.fastForward(0.89 * TWO_HOURS);
    await page.waitForTimeout(500);
    expect(refreshes.count).toBe(0);

    // By 1% before the end it must have fired.
    const refresh = page.waitForRequest(isRefresh, { timeout: 15_000 });
    await page.clock.fastForward(0.1 * TWO_HOURS + 1_000);
    await refresh;
    await expect
      .poll(async () => (await readStoredAuth(page))?.expiry_at ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(before!.expiry_at);
    expect(new URL(page.url()).pathname).toBe(DEMO_USERS.advertiser.home);
  });
});

describe('idle tab (fake clock)', () => {
  it('on an editing page (/campaignEditForm/1) 5 idle minutes bring the modal with a single Refresh button, which reloads the page', async () => {
    const { page } = e2e;
    await page.clock.install();
    await loginAs(page, DEMO_USERS.advertiser);
    await openPage(page, '/campaignEditForm/1');

    await page.clock.fastForward(FIVE_MINUTES - 5_000);
    await page.waitForTimeout(300);
    expect(await idleDialog(page).count()).toBe(0);

    await page.clock.fastForward(6_000);
    const dialog = idleDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByText(IDLE_TEXT, { exact: true }).count()).toBeGreaterThan(0);
    const buttons = dialog.getByRole('button');
    expect(await buttons.count()).toBe(1);
    expect(await shownText(buttons.first())).toBe('Refresh');

    // Refresh reloads the page: a marker set on this document is gone afterwards.
    await page.evaluate(() => {
      (window as unknown as { __beforeReload?: boolean }).__beforeReload = true;
    });
    await Promise.all([page.waitForEvent('load'), buttons.first().click()]);
    await page.locator('#page-title').waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload),
    ).toBe(undefined);
    expect(new URL(page.url()).pathname).toBe('/campaignEditForm/1');
    expect(await idleDialog(page).count()).toBe(0);
  });

  it('on a non-editing page (/dashboard) there is no idle modal, even after 15 minutes', async () => {
    const { page } = e2e;
    await page.clock.install();
    await loginAs(page, DEMO_USERS.advertiser);
    await openPage(page, '/dashboard');
    await page.clock.fastForward(FIVE_MINUTES + 1_000);
    await page.waitForTimeout(500);
    expect(await idleDialog(page).count()).toBe(0);
    await page.clock.fastForward(2 * FIVE_MINUTES);
    await page.waitForTimeout(500);
    expect(await idleDialog(page).count()).toBe(0);
    expect(await page.getByText(IDLE_TEXT).count()).toBe(0);
  });

  it('mouse activity before 5 minutes postpones the modal', async () => {
    const { page } = e2e;
    await page.clock.install();
    await loginAs(page, DEMO_USERS.advertiser);
    await openPage(page, '/campaignEditForm/1');

    await page.clock.fastForward(4 * 60_000);
    await page.mouse.move(300, 300);
    await page.mouse.move(320, 340);
    await page.waitForTimeout(100);
    // 8 minutes after the page opened, but only 4 after the last activity: no modal.
    await page.clock.fastForward(4 * 60_000);
    await page.waitForTimeout(300);
    expect(await idleDialog(page).count()).toBe(0);
    // 5 minutes after the last activity: the modal.
    await page.clock.fastForward(61_000);
    await idleDialog(page).waitFor();
  });
});
