// Exchange settings and late billing in Chromium: an exchange posts the OpenRTB specification's simple
// banner and a demo campaign bids; the admin opens OpenX's settings on /admin/metadata, is refused a
// window under a minute, sets a one-minute window and Google's example price keys (shown afterwards
// only as "keys set" with their fingerprint, the key fields empty), then clears the keys with the
// keyboard after a confirmation. The exchange's win notice comes after that minute: it is billed
// late, and the admin sees it on the campaign list (a badge with the cost and impressions) and on the
// campaign's page.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi } from '../support/campaign-api.ts';
import { checkA11yAtRest, expectToast, shownText } from '../support/console.ts';
import { PRICE_MACRO, wonBid } from '../support/openrtb.ts';

const e2e = useE2E({ ownSeed: true });
const { api, tokenOf } = campaignApi(e2e);

// Google's example keys ("Decrypt price confirmations", Authorized Buyers RTB guide).
const E_KEY = 'skU7Ax_NL5pPAFyKdkfZjZz2-VhIN8bjj1rVFOaJ_5o=';
const I_KEY = 'arO23ykdNqUQ5LEoQ0FVmPkBd7xB5CO89PDZlSjpFxo=';
const FINGERPRINT = createHash('sha256')
  .update(Buffer.from(E_KEY, 'base64url'))
  .update(Buffer.from(I_KEY, 'base64url'))
  .digest('hex')
  .slice(0, 8);

const openSettings = async (page: Page, exchangeId: number) => {
  await page.getByTestId(`metadata-exchanges-actions-${exchangeId}`).click();
  await page.getByTestId('row-action-settings').click();
  await page.getByTestId('exchange-settings-window').waitFor();
};

describe('exchange settings and late billing', () => {
  it('sets and clears an exchange settings, and shows a late-billed win on the list and the page', async () => {
    const bid = await wonBid(e2e.server.baseURL, `e2e-late-${Date.now()}`);
    const bidAt = Date.now();

    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/metadata');
    await page.getByTestId('metadata-exchanges-search').fill('openx');
    const row = page.locator('[data-testid^="metadata-exchanges-row-"]', { hasText: 'OpenX' });
    await row.waitFor();
    const exchangeId = Number(
      (await row.getAttribute('data-testid'))!.replace('metadata-exchanges-row-', ''),
    );

    // The default: 15 minutes, plain prices. A window under a minute is refused on its field.
    await openSettings(page, exchangeId);
    const dialog = page.getByTestId('exchange-settings');
    expect(await page.getByTestId('exchange-settings-window').inputValue()).toBe('900');
    expect(await shownText(page.getByTestId('exchange-settings-window-as'))).toBe('That is 15 minutes.');
    expect(await shownText(page.getByTestId('exchange-settings-keys-state'))).toBe('No keys set.');
    await page.getByTestId('exchange-settings-window').fill('59');
    await page.getByTestId('exchange-settings-save').click();
    await dialog
      .getByText('The notice window is a whole number of seconds from 60 (1 minute) to 86400 (24 hours).')
      .waitFor();

    // One minute, and Google's keys (the integrity key in hex, as Google's guide also writes it).
    await page.getByTestId('exchange-settings-window').fill('60');
    await page.getByTestId('exchange-settings-encryption').selectOption('GOOGLE');
    await page.getByTestId('exchange-settings-e-key').fill(E_KEY);
    expect(await page.getByTestId('exchange-settings-e-key').getAttribute('type')).toBe('password');
    await page.getByTestId('exchange-settings-i-key').fill(Buffer.from(I_KEY, 'base64url').toString('hex'));
    await checkA11yAtRest(page);
    await page.getByTestId('exchange-settings-save').click();
    await expectToast(page);
    await page.getByTestId('exchange-settings-window').waitFor({ state: 'detached' });

    // Opened again: the keys are only "set", with their fingerprint; the fields are empty.
    await openSettings(page, exchangeId);
    expect(await page.getByTestId('exchange-settings-window').inputValue()).toBe('60');
    expect(await shownText(page.getByTestId('exchange-settings-keys-state'))).toBe(
      `Keys set (fingerprint ${FINGERPRINT})`,
    );
    expect(await page.getByTestId('exchange-settings-e-key').inputValue()).toBe('');
    expect(await page.getByTestId('exchange-settings-i-key').inputValue()).toBe('');
    expect(await dialog.innerHTML()).not.toContain(E_KEY.slice(0, 12));

    // Cleared with the keyboard, after a question whose safe answer has the focus.
    await page.getByTestId('exchange-settings-clear').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('exchange-settings-clear-confirm').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'exchange-settings-clear-cancel',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectToast(page);
    await page.getByTestId('exchange-settings-window').waitFor({ state: 'detached' });
    await openSettings(page, exchangeId);
    expect(await shownText(page.getByTestId('exchange-settings-keys-state'))).toBe('No keys set.');
    expect(await page.getByTestId('exchange-settings-window').inputValue()).toBe('60');
    await page.keyboard.press('Escape');

    // The win notice comes after the exchange's minute: billed, and late.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, bidAt + 62_000 - Date.now())));
    expect((await fetch(bid.nurl.replace(PRICE_MACRO, '2.40'))).status).toBe(204);

    const campaign = await api<{ campaign_id: number; name: string }>(
      'GET',
      `/api/campaigns/${bid.cid}`,
      await tokenOf(DEMO_USERS.admin.email),
    );
    await page.goto('/admin/campaign');
    await page.getByTestId('campaigns-search').fill(campaign.name);
    await page.getByTestId('campaigns-search').press('Enter');
    const campaignRow = page.getByTestId(`campaigns-row-${campaign.campaign_id}`);
    await campaignRow.getByTestId('campaign-row-billed-late').waitFor();
    expect(await shownText(campaignRow.getByTestId('campaign-row-billed-late'))).toBe(
      '$0.0024 billed late · 1 impression',
    );
    await checkA11yAtRest(page);

    await campaignRow.getByTestId('campaign-row-name').click();
    await page.getByTestId('campaign-billed-late').waitFor();
    expect(await shownText(page.getByTestId('campaign-billed-late'))).toBe('$0.0024');
    expect(await shownText(page.getByTestId('campaign-billed-late-range'))).toBe(
      '1 impression after the notice window',
    );
  }, 240_000);
});
