// Accounts in Chromium: the agency adds an advertiser, edits it, reads
// the edit in its change log, signs in as it with one click and goes Back To Agency; an advertiser
// with api_access creates an API key (shown once) that authenticates GET /api/auth/profile as that
// user until it is revoked; the admin connects a DSP through the guided /admin/newdsp against a
// tiny bidder started here (a failing test first, then a passing one) and finds it in the DSP
// list; the advertiser changes its name and its password. axe-core finds no serious or critical
// violation on the pages on the way.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  expectNoSeriousA11yViolations,
  loginAs,
  useE2E,
} from '../support/browser.ts';
import { pathOf, shownText, waitForPath } from '../support/console.ts';

const BIDDER_TOKEN = 'e2e-bidder-token-9f2a';

// A stand-in OpenRTB bidder: "no bid" (204) for its own Bearer token, 401 for any other. It listens
// on loopback, which a DSP test may reach only when its address and port are allowed, so it starts
// before the console does.
const bidder: Server = createServer((request, response) => {
  request.resume();
  response.statusCode = request.headers.authorization === `Bearer ${BIDDER_TOKEN}` ? 204 : 401;
  response.end();
});
bidder.listen(0, '127.0.0.1');
await once(bidder, 'listening');
const bidderPort = (bidder.address() as AddressInfo).port;
const bidderUrl = `http://127.0.0.1:${bidderPort}/openrtb2/bid`;

const e2e = useE2E({ env: { DSP_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${bidderPort}` } });

afterAll(async () => {
  bidder.close();
});

/** GET /api/auth/profile with an API key, as a script of the key's owner would call it. */
const profileWithKey = async (key: string) => {
  const response = await fetch(`${e2e.server.baseURL}/api/auth/profile`, {
    headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
  });
  const body = (await response.json()) as { data?: { email?: string } };
  return { status: response.status, email: body.data?.email };
};

const rowOf = (text: string) => e2e.page.locator('tbody tr', { hasText: text });

describe('agency advertisers, API keys, DSP onboarding, profile', () => {
  it('the agency adds an advertiser, edits it, reads the change log, signs in as it and comes back', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.agency);
    await page.goto('/agency/advertiser');
    await rowOf('adv1@demo.test').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Add: the form checks with the API's schema before sending.
    await page.getByTestId('advertiser-add').click();
    await waitForPath(page, '/agency/addAdvertiser');
    await page.getByTestId('advertiser-submit').click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    const email = `nora.${Date.now()}@demo.test`;
    await page.getByTestId('advertiser-email').fill(email);
    await page.getByTestId('advertiser-password').fill(DEMO_PASSWORD);
    await page.getByTestId('advertiser-password-confirm').fill(DEMO_PASSWORD);
    await page.getByTestId('advertiser-first-name').fill('Nora');
    await page.getByTestId('advertiser-last-name').fill('North');
    await page.getByTestId('advertiser-company').fill('Northwind Toys');
    await page.getByTestId('advertiser-submit').click();
    await waitForPath(page, '/agency/advertiser');
    await rowOf(email).waitFor();

    // Edit through the row menu.
    await rowOf(email)
      .getByRole('button', { name: `Actions for ${email}` })
      .click();
    await page.getByTestId('row-action-edit').click();
    await page.waitForURL(/\/agency\/editAdvertiser\/\d+$/);
    await expect.poll(() => page.getByTestId('advertiser-company').inputValue()).toBe('Northwind Toys');
    await page.getByTestId('advertiser-company').fill('Northwind Games');
    await page.getByTestId('advertiser-submit').click();
    await waitForPath(page, '/agency/advertiser');
    await expect.poll(() => shownText(rowOf(email))).toContain('Northwind Games');

    // The change log shows the edit, field by field.
    await rowOf(email)
      .getByRole('button', { name: `Actions for ${email}` })
      .click();
    await page.getByTestId('row-action-changelog').click();
    await page.waitForURL(/\/agency\/changeLog\/\d+$/);
    const updated = page.locator('tbody tr', { hasText: 'Updated' });
    await updated.waitFor();
    expect(await shownText(updated)).toMatch(/Northwind Toys[\s\S]*Northwind Games/);
    await expectNoSeriousA11yViolations(page);

    // One click signs in as the advertiser; Back To Agency returns to the list.
    await page.goto('/agency/advertiser');
    await rowOf(email).getByTestId('advertiser-sign-in-as').click();
    await waitForPath(page, '/dashboard');
    await page.getByTestId('back-to-agency').waitFor();
    await page.getByTestId('user-menu').click();
    expect(await shownText(page.getByTestId('user-menu-email'))).toBe(email);
    await page.keyboard.press('Escape');
    await page.getByTestId('back-to-agency').click();
    await waitForPath(page, '/agency/advertiser');
    await rowOf(email).waitFor();
    expect(await page.getByTestId('back-to-agency').count()).toBe(0);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });

  it('an advertiser creates an API key, sees it once, calls the API with it, then revokes it', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/advertiser-settings');

    // Postback: a macro chip inserts at the cursor; the example shows sample values.
    const template = page.getByTestId('postback-url');
    await template.fill('https://tracker.example.com/pb?c=');
    await page.getByTestId('postback-macro-click_id').click();
    await page.keyboard.type('&p=');
    await page.getByTestId('postback-macro-payout').click();
    expect(await template.inputValue()).toBe('https://tracker.example.com/pb?c={click_id}&p={payout}');
    expect(await shownText(page.getByTestId('postback-example'))).toBe(
      'https://tracker.example.com/pb?c=9f2a7c41e0b3&p=1.25',
    );
    await page.getByTestId('postback-save').click();
    await page.getByTestId('toast-success').first().waitFor();

    // A new key: shown once, in a dialog that says so.
    await page.getByTestId('api-key-name').fill('Reporting server');
    await page.getByTestId('api-key-create').click();
    const dialog = page.getByTestId('api-key-created');
    await dialog.getByText(/will not see it again/i).waitFor();
    const key = await page.getByTestId('api-key-value').inputValue();
    expect(key.length).toBeGreaterThan(20);
    // axe measures colours: wait until the dialog has faded in.
    await expect
      .poll(() => page.locator('.mantine-Modal-content').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('1');
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('api-key-done').click();
    await dialog.waitFor({ state: 'hidden' });
    // axe measures colours: wait until the fading dialog has left the page.
    await expect.poll(() => page.locator('.mantine-Modal-content').count()).toBe(0);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Reporting server' });
    await row.waitFor();
    expect(await page.content()).not.toContain(key);
    await expectNoSeriousA11yViolations(page);

    // The key authenticates the API as its owner.
    expect(await profileWithKey(key)).toEqual({ status: 200, email: DEMO_USERS.advertiser.email });

    // Revoked (after a confirmation), it no longer does.
    await row.getByTestId('api-key-revoke').click();
    await page.getByTestId('api-key-revoke-confirm-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect((await profileWithKey(key)).status).toBe(401);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });

  it('the admin connects a DSP through the guided onboarding and finds it in the DSP list', async () => {
    const { page } = e2e;
    const name = `E2E bidder ${Date.now()}`;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/newdsp');
    await page.getByTestId('dsp-onboarding').waitFor();
    await expectNoSeriousA11yViolations(page);

    // 1 type, 2 connection (with a wrong token first).
    await page.getByTestId('dsp-type-OPENRTB').click();
    await page.getByTestId('dsp-step-next').click();
    await page.getByTestId('dsp-name').fill(name);
    await page.getByTestId('dsp-endpoint').fill(bidderUrl);
    await page.getByTestId('dsp-credential-bearer_token').fill('wrong-token');
    await page.getByTestId('dsp-step-next').click();

    // 3 the test fails; go back, fix the token, test again.
    await page.getByTestId('dsp-run-test').click();
    await page.getByTestId('dsp-test-failed').waitFor();
    expect(await shownText(page.getByTestId('dsp-test-failed'))).toMatch(
      /refused the credentials \(HTTP 401\)/,
    );
    await page.getByTestId('dsp-fix-connection').click();
    await page.getByTestId('dsp-credential-bearer_token').fill(BIDDER_TOKEN);
    await page.getByTestId('dsp-step-next').click();
    await page.getByTestId('dsp-run-test').click();
    const ok = page.getByTestId('dsp-test-ok');
    await ok.waitFor();
    expect(await shownText(ok)).toMatch(/no bid[\s\S]*\d+ ms/);
    await expectNoSeriousA11yViolations(page);

    // 4 exchanges and QPS, 5 review: create is enabled by the passing test.
    await page.getByTestId('dsp-step-next').click();
    // Exchanges are picked from the exchanges table, not typed freely.
    const exchanges = page.getByTestId('dsp-exchanges');
    await exchanges.click();
    await exchanges.fill('openx');
    await page.getByRole('option', { name: 'OpenX' }).click();
    await exchanges.fill('made-up exchange');
    await page.getByText('No exchange by that name.').waitFor();
    await exchanges.fill('');
    await exchanges.press('Escape');
    await page.getByTestId('dsp-step-next').click();
    expect(await shownText(page.getByTestId('dsp-review-test'))).toMatch(/connected/i);
    expect(await page.getByTestId('dsp-create').isEnabled()).toBe(true);
    expect(await page.getByTestId('dsp-create-override').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('dsp-create').click();
    await page.waitForURL(/\/admin\/viewdsp\/\d+$/);
    expect(await shownText(page.getByTestId('dsp-view-name'))).toBe(name);
    expect(await shownText(page.getByTestId('dsp-hint-bearer_token'))).toBe('••••9f2a');

    await page.goto('/admin/dsplist');
    const listed = rowOf(name);
    await listed.waitFor();
    expect(await shownText(listed)).toMatch(/OpenRTB 2\.6 bidder[\s\S]*Active/i);
    await expectNoSeriousA11yViolations(page);
    expect(pathOf(page)).toBe('/admin/dsplist');
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });

  it('the advertiser changes its name and its password; this tab stays signed in', async () => {
    const { page } = e2e;
    const newPassword = 'Demo-pass-2';
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/profile');
    await page.getByTestId('profile-first-name').waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('profile-first-name').fill('Danielle');
    await page.getByTestId('profile-save').click();
    await page.getByTestId('toast-success').first().waitFor();
    await expect.poll(() => page.getByTestId('user-menu').getAttribute('aria-label')).toMatch(/^Danielle /);

    await page.getByTestId('profile-current-password').fill(DEMO_PASSWORD);
    await page.getByTestId('profile-new-password').fill(newPassword);
    await page.getByTestId('profile-confirm-password').fill(newPassword);
    await page.getByTestId('profile-password-save').click();
    await page
      .getByText(/your password is changed/i)
      .first()
      .waitFor();

    // The tab adopted the new session: a reload keeps it signed in and the data loads.
    await page.reload();
    await waitForPath(page, '/profile');
    await expect.poll(() => page.getByTestId('profile-first-name').inputValue()).toBe('Danielle');

    // The new password signs in; the old one no longer does.
    const login = (password: string) =>
      fetch(`${e2e.server.baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: DEMO_USERS.advertiser.email, password }),
      }).then((response) => response.status);
    expect(await login(newPassword)).toBe(200);
    expect(await login(DEMO_PASSWORD)).not.toBe(200);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });
});
