// Setting another user's password in Chromium, through the one modal the admin's users list and the
// agency's advertisers list share: a short password and a different repetition are both refused on
// the form at once and nothing is sent; a password the server refuses (one of the most common ones)
// shows the server's reason on the field; a good one is saved with a toast, the modal closes, and
// the user signs in with it (and no longer with the old one).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { expectToast, shownText } from '../support/console.ts';

const e2e = useE2E();

const signInStatus = async (email: string, password: string) => {
  const response = await fetch(`${e2e.server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
};

/** Opens the set-password modal from the row menu of `email`; counts the password requests sent. */
const openModal = async (page: Page, email: string, actionKey: string, endpoint: RegExp) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && endpoint.test(request.url())) sent.push(request.url());
  });
  await page
    .locator('tbody tr', { hasText: email })
    .getByRole('button', { name: `Actions for ${email}` })
    .click();
  await page.getByTestId(`row-action-${actionKey}`).click();
  const modal = page.getByTestId('set-password-modal');
  await modal.getByTestId('set-password-new').waitFor();
  expect(await shownText(modal)).toContain(email);
  return { modal, sent };
};

const fill = async (page: Page, password: string, confirmation: string) => {
  await page.getByTestId('set-password-new').fill(password);
  await page.getByTestId('set-password-confirm').fill(confirmation);
  await page.getByTestId('set-password-submit').click();
};

describe('setting another user password', () => {
  it('the admin sets an advertiser password from the users list', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/users');
    const email = DEMO_USERS.adv1.email;
    const { modal, sent } = await openModal(page, email, 'set-password', /\/api\/auth\/userChangePassword$/);

    // Both problems at once, on the form; nothing goes to the server.
    await fill(page, 'short', 'other');
    await expect.poll(() => shownText(modal)).toContain('The passwords do not match.');
    expect(await shownText(modal)).toContain('Password must be 8 to 128 characters');
    expect(sent).toEqual([]);

    const newPassword = 'Fresh-pass-42';
    await fill(page, newPassword, newPassword);
    await expectToast(page);
    expect(await shownText(page.getByTestId('toast-success').last())).toContain(
      `The password of ${email} was changed.`,
    );
    await modal.waitFor({ state: 'hidden' });
    expect(sent).toHaveLength(1);
    expect(await signInStatus(email, newPassword)).toBe(200);
    expect(await signInStatus(email, DEMO_PASSWORD)).toBe(401);
  });

  it("the agency sets its advertiser's password; the server's refusal shows on the field", async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.agency);
    await page.goto('/agency/advertiser');
    const email = DEMO_USERS.adv2.email;
    const { modal, sent } = await openModal(
      page,
      email,
      'password',
      /\/api\/agency\/advertisers\/\d+\/password$/,
    );

    // Passes the form's rule, but the server refuses a common password: its reason on the field.
    await fill(page, 'Password1', 'Password1');
    await expect
      .poll(() => shownText(modal))
      .toContain('This password is one of the most common ones and easy to guess.');
    expect(sent).toHaveLength(1);

    const newPassword = 'Agency-set-77';
    await fill(page, newPassword, newPassword);
    await expectToast(page);
    await modal.waitFor({ state: 'hidden' });
    expect(await signInStatus(email, newPassword)).toBe(200);
  });
});
