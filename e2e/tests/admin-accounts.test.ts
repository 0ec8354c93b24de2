// The admin's accounts story in Chromium: the admin creates an agency user, brands it in the
// white-label editor (logo upload, colours with a live preview and a contrast warning, custom
// domain), and the brand shows on the agency's own host name; the admin moves adv2 to the new
// agency, then lists, edits, configures, annotates and deactivates a user and finds each change in
// its change log; the co-admin has no "Add user".
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { checkA11yAtRest, expectToast } from '../support/console.ts';
import { makeSolidPng } from '../support/media-fixtures.ts';

const e2e = useE2E();

const BRAND = {
  email: 'brand-e2e@demo.test',
  company: 'Brand E2E Agency',
  title: 'Brand E2E Console',
  footer: 'Brand E2E footer text',
  domain: 'brand-e2e.localhost',
  primary: '#2f9e44',
  goodText: '#1f2937',
  badText: '#dddddd',
};

/** State handed from one test to the next (the tests run in order, one context each). */
const story = { agencyId: 0, adv2Id: 0 };

/** Types a colour into a Mantine ColorInput and leaves the field (closing its picker). */
const setColor = async (page: Page, field: string, value: string) => {
  const input = page.getByTestId(`brand-color-${field}`);
  await input.fill(value);
  await input.press('Escape');
  await input.press('Tab');
};

const previewStyle = (page: Page, testId: string, property: string) =>
  page
    .getByTestId(testId)
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** Opens a row's action menu in a DataTable and picks an action. */
const rowAction = async (page: Page, tableId: string, rowId: number, action: string) => {
  await page.getByTestId(`${tableId}-actions-${rowId}`).click();
  await page.getByTestId(`row-action-${action}`).click();
};

describe('admin accounts', () => {
  it('the admin creates an agency user and brands it in the white-label editor', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/users');
    await page.getByTestId('users-table').waitFor();
    await checkA11yAtRest(page);

    await page.getByTestId('add-user').click();
    await page.waitForURL('**/admin/addUser');
    await page.getByTestId('add-user-role').selectOption('AGENCY');
    await expect.poll(() => page.getByTestId('add-user-agency').count()).toBe(0); // advertisers only
    await page.getByTestId('add-user-first-name').fill('Bea');
    await page.getByTestId('add-user-last-name').fill('Brand');
    await page.getByTestId('add-user-company').fill(BRAND.company);
    await page.getByTestId('add-user-email').fill(BRAND.email);
    // The password rule of core's passwordSchema is checked before sending.
    await page.getByTestId('add-user-password').fill('short');
    await page.getByTestId('add-user-submit').click();
    await expect.poll(() => page.getByText(/at least one upper-case letter/).count()).toBeGreaterThan(1);
    await page.getByTestId('add-user-password').fill('Brand-pass-1');
    await page.getByTestId('add-user-submit').click();
    await page.waitForURL(/\/admin\/editUser\/\d+$/);
    await expectToast(page);
    story.agencyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(story.agencyId).toBeGreaterThan(0);

    await page.goto(`/admin/editAgency/${story.agencyId}`);
    await page.getByTestId('brand-preview').waitFor();
    await page.getByTestId('brand-name').fill(BRAND.company);
    await page.getByTestId('brand-title').fill(BRAND.title);

    // A file the server refuses shows its message; a real PNG uploads and shows.
    await page.getByTestId('brand-logo-input').setInputFiles({
      name: 'not-an-image.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image'),
    });
    await page.getByTestId('brand-logo-error').waitFor();
    await page.getByTestId('brand-logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: makeSolidPng(24, 24, [47, 158, 68]),
    });
    // A new agency starts with the platform's logo; the upload replaces it with a stored file.
    await expect.poll(() => page.getByTestId('brand-logo-image').getAttribute('src')).toMatch(/^\/media\//);
    await expect.poll(() => page.getByTestId('brand-logo-error').count()).toBe(0);
    const logoSrc = await page.getByTestId('brand-logo-image').getAttribute('src');
    await page.getByTestId('preview-logo').waitFor();

    // Colours: the preview follows, and a text colour that cannot be read on the card is flagged.
    await setColor(page, 'primaryColor', BRAND.primary);
    await expect.poll(() => previewStyle(page, 'preview-link', 'color')).toBe('rgb(47, 158, 68)');
    await setColor(page, 'textAgencyColor', BRAND.badText);
    await expect.poll(() => previewStyle(page, 'preview-text', 'color')).toBe('rgb(221, 221, 221)');
    await page.getByTestId('contrast-warning-textOnCard').waitFor();
    await page.getByTestId('contrast-warning-textAgencyColor').waitFor();
    await page.getByTestId('contrast-summary').waitFor();
    await checkA11yAtRest(page, { exclude: ['[data-testid="brand-preview"]'] });
    await setColor(page, 'textAgencyColor', BRAND.goodText);
    await page.getByTestId('contrast-ok-textOnCard').waitFor();

    await page.getByTestId('brand-footer-text').fill(BRAND.footer);
    await page.getByTestId('brand-domain').fill('https://bad domain/');
    await page.getByTestId('brand-save').click();
    await page.getByText('Enter a host name like console.example.com (no http:// and no path).').waitFor();
    await page.getByTestId('brand-domain').fill(BRAND.domain);
    // Saved when the company config's PUT answers (an earlier toast may still be on screen).
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && /\/api\/admin\/agencies\/\d+\/company$/.test(response.url()),
    );
    await page.getByTestId('brand-save').click();
    expect((await saved).status()).toBe(200);
    await expectToast(page);

    // Saved: a reload shows the stored brand.
    await page.reload();
    await expect.poll(() => page.getByTestId('brand-domain').inputValue()).toBe(BRAND.domain);
    expect(await page.getByTestId('brand-color-primaryColor').inputValue()).toBe(BRAND.primary);
    expect(await page.getByTestId('brand-logo-image').getAttribute('src')).toBe(logoSrc);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  }, 120_000);

  it('the agency’s own host name shows its brand on /login', async () => {
    const { page } = e2e;
    expect(story.agencyId).toBeGreaterThan(0);
    await page.goto(`http://${BRAND.domain}:${e2e.server.port}/login`);
    await page.getByTestId('public-footer').waitFor();
    await expect.poll(() => page.getByTestId('public-footer').textContent()).toContain(BRAND.footer);
    await page.getByRole('img', { name: BRAND.company }).waitFor();
    await expect.poll(() => page.title()).toContain(BRAND.title);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--app-primary').trim(),
    );
    expect(primary).toBe(BRAND.primary);

    // The platform's own host keeps the platform's brand.
    await page.goto('/login');
    await page.getByTestId('public-footer').waitFor();
    expect(await page.getByTestId('public-footer').textContent()).not.toContain(BRAND.footer);
  });

  it('the admin assigns adv2 to the new agency', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/agencies');
    await page.getByTestId(`agencies-row-${story.agencyId}`).waitFor();
    await checkA11yAtRest(page);
    await page.getByTestId('assign-advertiser-link').click();
    await page.waitForURL('**/admin/assignAdvertiser');

    await page.getByTestId('assign-advertiser').click();
    await page.getByTestId('assign-advertiser').fill('adv2');
    await page.getByRole('option', { name: /adv2@demo\.test/ }).click();
    await expect.poll(() => page.getByTestId('assign-current').textContent()).toContain('Northwind Media');
    await page.getByTestId('assign-agency').click();
    await page.getByRole('option', { name: new RegExp(BRAND.company) }).click();
    await checkA11yAtRest(page);
    await page.getByTestId('assign-submit').click();
    await page.getByTestId('confirm-assign-confirm').click();
    await expectToast(page);
    await expect.poll(() => page.getByTestId('assign-current').textContent()).toContain(BRAND.company);

    // The agency list counts it, and "view advertisers" lists it.
    await page.goto('/admin/agencies');
    const row = page.getByTestId(`agencies-row-${story.agencyId}`);
    await expect.poll(() => row.textContent()).toContain(BRAND.domain);
    await rowAction(page, 'agencies', story.agencyId, 'advertisers');
    await page.waitForURL(/role=ADVERTISER&agency=\d+/);
    await expect.poll(() => page.getByTestId('users-table').textContent()).toContain('adv2@demo.test');
    expect(await page.locator('[data-testid^="users-row-"]').count()).toBe(1);
  });

  it('the admin filters, edits, configures, annotates and deactivates a user, and reads the change log', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/users');
    await page.getByTestId('users-filter-role').selectOption('ADVERTISER');
    await page.waitForURL(/role=ADVERTISER/);
    await expect.poll(() => page.locator('[data-testid^="users-row-"]').count()).toBe(3);
    const roles = await page.locator('[data-testid^="users-row-"]').allTextContents();
    expect(roles.every((text) => text.includes('Advertiser'))).toBe(true);

    const adv2Row = page.locator('[data-testid^="users-row-"]', { hasText: 'adv2@demo.test' });
    story.adv2Id = Number((await adv2Row.getAttribute('data-testid'))?.replace('users-row-', ''));
    expect(await adv2Row.textContent()).toContain(BRAND.company);

    // Search narrows the list (debounced, kept in the URL).
    await page.getByTestId('users-search').fill('adv2');
    await page.waitForURL(/q=adv2/);
    await expect.poll(() => page.locator('[data-testid^="users-row-"]').count()).toBe(1);

    // The advertiser's ledger: balance on top, entries below.
    await rowAction(page, 'users', story.adv2Id, 'payments');
    await page.waitForURL(`**/admin/CampaignList/payment-list/${story.adv2Id}`);
    await expect.poll(() => page.getByTestId('funds-balance').textContent()).toMatch(/\$\d/);
    await page.getByTestId('funds-history-table').waitFor();
    await checkA11yAtRest(page);
    await page.goBack();

    // Edit
    await rowAction(page, 'users', story.adv2Id, 'edit');
    await page.waitForURL(`**/admin/editUser/${story.adv2Id}`);
    await page.getByTestId('edit-user-last-name').fill('Secondly');
    await page.getByTestId('edit-user-submit').click();
    await expectToast(page);

    // Note
    await page.getByTestId('note-input').fill('Called about the March invoice.');
    await page.getByTestId('note-submit').click();
    await expect
      .poll(() => page.getByTestId('notes-list').textContent())
      .toContain('Called about the March invoice.');
    expect(await page.getByTestId('notes-list').textContent()).toContain('admin@demo.test');
    await checkA11yAtRest(page);

    // Config: api_access on
    await page.getByTestId('user-actions').click();
    await page.getByTestId('row-action-config').click();
    await page.waitForURL(`**/admin/user-config/${story.adv2Id}`);
    const apiAccess = page.getByTestId('config-api-access');
    await apiAccess.waitFor({ state: 'attached' });
    expect(await apiAccess.isChecked()).toBe(false);
    await apiAccess.check({ force: true });
    await page.getByTestId('config-margin').fill('12.5');
    await page.getByTestId('config-submit').click();
    await expectToast(page);
    await checkA11yAtRest(page);

    // Deactivate, confirmed
    await page.getByTestId('user-actions').click();
    await page.getByTestId('row-action-toggle-status').click();
    await page.getByTestId('confirm-status-confirm').click();
    await expectToast(page);
    await expect
      .poll(() => page.getByTestId('user-summary').getByTestId('status-badge').getAttribute('data-status'))
      .toBe('INACTIVE');

    // Every change in the change log, field by field
    await page.getByTestId('user-actions').click();
    await page.getByTestId('row-action-change-log').click();
    await page.waitForURL(`**/admin/user/change-log/${story.adv2Id}`);
    const log = page.getByTestId('user-change-log-table');
    await expect
      .poll(() => log.locator('[data-testid^="user-change-log-row-"]').count())
      .toBeGreaterThanOrEqual(4);
    const text = (await log.textContent()) ?? '';
    expect(text).toContain('Status changed');
    expect(text).toContain('Config changed');
    expect(text).toContain('API access');
    expect(text).toContain('12.50%');
    expect(text).toContain('Updated');
    expect(text).toContain('Secondly');
    expect(text).toContain('Agency changed');
    expect(text).toContain('admin@demo.test');
    await checkA11yAtRest(page);

    // Filter by action
    await page.getByTestId('user-change-log-action-filter').selectOption('status');
    await expect.poll(() => log.locator('[data-testid^="user-change-log-row-"]').count()).toBe(1);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  }, 120_000);

  it('the co-admin lists users but has no "Add user"', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.coAdmin);
    await page.goto('/co-admin/users');
    await page.locator('[data-testid^="users-row-"]').first().waitFor();
    expect(await page.getByTestId('add-user').count()).toBe(0);
    // The co-admin manages agencies and advertisers, and may sign in as them.
    const agencyRow = page.locator('[data-testid^="users-row-"]', { hasText: 'agency@demo.test' }).first();
    const agencyId = Number((await agencyRow.getAttribute('data-testid'))?.replace('users-row-', ''));
    await page.getByTestId(`users-actions-${agencyId}`).click();
    await page.getByTestId('row-action-sign-in-as').waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/co-admin/addUser');
    await page.waitForURL('**/co-admin/dashboard');
  });
});
