// Logged out (spec section 2): protected paths of every role lead to /login;
// the public routes render their screens; the maintenance page reads exactly the spec's two texts.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, useE2E } from '../support/browser.ts';
import { pathOf, shownText, waitForPath } from '../support/console.ts';

const e2e = useE2E();

describe('logged out', () => {
  it('/dashboard, /admin/users, /agency/campaign, /co-admin/dashboard and / redirect to /login', async () => {
    const { page } = e2e;
    for (const path of ['/dashboard', '/admin/users', '/agency/campaign', '/co-admin/dashboard', '/']) {
      await page.goto(path);
      await waitForPath(page, '/login');
      await page.getByRole('button', { name: /^sign in$/i }).waitFor();
    }
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  it('brings a visitor back to the deep link she asked for once she has signed in', async () => {
    const { page } = e2e;
    await page.goto('/funds?page=1');
    await waitForPath(page, '/login');
    await page
      .getByLabel(/e-?mail/i)
      .first()
      .fill(DEMO_USERS.advertiser.email);
    await page
      .getByLabel(/^password/i)
      .first()
      .fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await waitForPath(page, '/funds');
    expect(new URL(page.url()).search).toBe('?page=1');
    await page.evaluate(() => localStorage.clear());
  });

  it('/maintenance shows exactly "Site is Under Maintenance" and "Please contact support team."', async () => {
    const { page } = e2e;
    await page.goto('/maintenance');
    const title = page.getByTestId('maintenance-title');
    await title.waitFor();
    // The spec's words, literally (not through the constants the app itself uses).
    expect(await shownText(title)).toBe('Site is Under Maintenance');
    expect(await shownText(page.getByTestId('maintenance-body'))).toBe('Please contact support team.');
    expect(await shownText(page.getByRole('heading', { level: 1 }))).toBe('Site is Under Maintenance');
    expect(pathOf(page)).toBe('/maintenance');
  });

  it('/register shows the registration form (advertiser or agency)', async () => {
    const { page } = e2e;
    await page.goto('/register');
    await page.getByTestId('register-submit').waitFor();
    await expect.poll(() => page.getByTestId('register-role-advertiser').count()).toBe(1);
    await expect.poll(() => page.getByTestId('register-role-agency').count()).toBe(1);
    expect(await page.getByLabel(/e-?mail/i).count()).toBeGreaterThan(0);
    expect(pathOf(page)).toBe('/register');
  });

  it('/forgot-password shows the e-mail step', async () => {
    const { page } = e2e;
    await page.goto('/forgot-password');
    await page.getByTestId('forgot-submit').waitFor();
    expect(await page.getByTestId('forgot-email').count()).toBe(1);
    expect(pathOf(page)).toBe('/forgot-password');
  });

  for (const path of ['/documentation/general', '/documentation/console']) {
    it(`${path} renders user documentation`, async () => {
      const { page } = e2e;
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect((await shownText(heading)).length).toBeGreaterThan(0);
      // Real documentation: several sections with text, not an empty frame.
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(1);
      expect((await shownText(page.locator('main'))).length).toBeGreaterThan(500);
      expect(pathOf(page)).toBe(path);
      expect(e2e.pageErrors.map((err) => err.message)).toEqual([]);
    });
  }

  it('the public links move between /login, /register and /forgot-password in place; Back and Forward follow', async () => {
    const { page } = e2e;
    await page.goto('/login');
    // A marker on the window: a full page load would lose it.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await waitForPath(page, '/register');
    await page.getByTestId('register-submit').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByTestId('forgot-submit').waitFor();
    await page.goBack();
    await waitForPath(page, '/login');
    await page.getByTestId('login-submit').waitFor();
    await page.goBack();
    await waitForPath(page, '/register');
    await page.getByTestId('register-submit').waitFor();
    await page.goForward();
    await waitForPath(page, '/login');
    await page.getByTestId('login-submit').waitFor();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expect(e2e.pageErrors.map((err) => err.message)).toEqual([]);
  });
});
