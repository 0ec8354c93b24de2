// The funds story in Chromium: the admin credits an advertiser $5,000 by wire with a bank
// reference and a note; the advertiser sees it at once in the top bar and in her history, and is told
// card payments are not available (no Stripe keys on this server); the agency allocates $1,000 to
// one advertiser and pulls back what another has not spent; the admin undoes the wire with a reversal
// that shows as such on both movements, and the ledger check says the ledger is sound.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { checkA11yAtRest, expectToast, shownText, waitForPath } from '../support/console.ts';

// Cards are off on this console; a bank account to pay into is set instead.
const BANK = 'Northwind Ads Ltd\\nIBAN DE89 3704 0044 0532 0130 00';
const e2e = useE2E({ env: { BANK_TRANSFER_INSTRUCTIONS: BANK } });
/** The machine may be busy: give the console time to answer. */
const SLOW = { timeout: 15_000 };

const ADVERTISER_ID = 6; // advertiser@demo.test, $5,000.00 of demo funds
const REFERENCE = 'WIRE-E2E-0042';
const NOTE = 'Q3 prepayment';

const historyRows = (page: Page) => page.locator('[data-testid^="funds-history-row-"]');

/** The history row whose reference cell shows `text` (the newest first). */
const rowWith = (page: Page, text: string) => historyRows(page).filter({ hasText: text });

const chooseOption = async (page: Page, testId: string, search: string, option: RegExp) => {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
};

describe('funds', () => {
  it('the admin credits $5,000 by wire with a reference and a note', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/funds');
    await page.getByTestId('funds-accounts-table').waitFor();
    await expect.poll(() => page.getByText('not available yet').count(), SLOW).toBe(0);
    await checkA11yAtRest(page);

    await page.getByTestId('funds-add').click();
    await waitForPath(page, '/admin/addfund');
    await chooseOption(page, 'add-fund-account', 'advertiser@demo', /advertiser@demo\.test/);
    await page.getByTestId('add-fund-method').selectOption('WIRE');
    await page.getByTestId('add-fund-amount').fill('5,000');
    await page.getByTestId('add-fund-reference').fill(REFERENCE);
    await page.getByTestId('add-fund-note').fill(NOTE);
    await checkA11yAtRest(page);
    await page.getByTestId('add-fund-submit').click();
    await expect.poll(() => shownText(page.getByTestId('add-fund-confirm')), SLOW).toContain('$5,000.00');
    await page.getByTestId('add-fund-confirm-confirm').click();
    await expectToast(page, 'success');
    await waitForPath(page, `/admin/CampaignList/payment-list/${ADVERTISER_ID}`);
    const row = rowWith(page, REFERENCE);
    await row.waitFor();
    expect(await shownText(row)).toContain('$5,000.00');
    expect(await shownText(row)).toContain(NOTE);
    expect(await shownText(row)).toContain('admin@demo.test');
    expect(await shownText(page.getByTestId('funds-balance'))).toBe('$10,000.00');
    await checkA11yAtRest(page);
  });

  it('the advertiser sees it at once in the top bar and her history; cards are not offered', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await expect.poll(() => shownText(page.getByTestId('advertiser-balance-value')), SLOW).toBe('$10,000.00');
    await page.goto('/funds');
    const row = rowWith(page, REFERENCE);
    await row.waitFor();
    expect(await shownText(row)).toContain('Wire transfer');
    expect(await shownText(row)).toContain(NOTE);
    expect(await shownText(page.getByTestId('funds-available'))).toBe('$10,000.00');
    expect(await shownText(page.getByTestId('funds-pending'))).toBe('$0.00');
    expect(await shownText(page.getByTestId('funds-card-unavailable'))).toContain(
      'Card payments are not available',
    );
    expect(await page.getByTestId('funds-top-up-submit').count()).toBe(0);
    // ... but the way to pay is there, with the line break the operator wrote (shown by pre-line).
    expect(await page.getByTestId('funds-bank-transfer-text').textContent()).toBe(
      'Northwind Ads Ltd\nIBAN DE89 3704 0044 0532 0130 00',
    );
    // An advertiser has no way to credit itself.
    expect(await page.getByTestId('funds-add').count()).toBe(0);
    await checkA11yAtRest(page);
  });

  it('the agency allocates $1,000 to one advertiser and pulls back what another has not spent', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.agency);
    await page.goto('/agency/funds');
    await page.getByTestId('funds-allocation').waitFor();
    await expect.poll(() => shownText(page.getByTestId('funds-balance')), SLOW).toBe('$10,000.00');
    // Whose money: the agency's own, not what its advertisers hold (the dashboard's tile).
    expect(await shownText(page.getByTestId('funds-balance').locator('xpath=..'))).toContain(
      'Agency balance (not yet allocated)',
    );
    await checkA11yAtRest(page);

    await page.getByTestId('funds-allocation-advertiser').click();
    await page
      .getByRole('option', { name: /Fabrikam/ })
      .first()
      .click();
    await page.getByTestId('funds-allocation-amount').fill('1000');
    await page.getByTestId('funds-allocation-note').fill('May budget');
    await page.getByTestId('funds-allocation-submit').click();
    await page.getByTestId('funds-allocation-confirm-confirm').click();
    await expectToast(page, 'success');
    await expect.poll(() => shownText(page.getByTestId('funds-balance')), SLOW).toBe('$9,000.00');

    await page.getByTestId('funds-allocation-direction').getByText('Pull back').click();
    await page.getByTestId('funds-allocation-advertiser').click();
    await page.getByRole('option', { name: /\$1,250\.50/ }).click();
    await page.getByTestId('funds-allocation-amount').fill('1,250.50');
    await page.getByTestId('funds-allocation-submit').click();
    await page.getByTestId('funds-allocation-confirm-confirm').click();
    await expectToast(page, 'success');
    await expect.poll(() => shownText(page.getByTestId('funds-balance')), SLOW).toBe('$10,250.50');

    // Pulling back more than is left is refused with a clear message, and nothing moves.
    const amount = page.getByTestId('funds-allocation-amount');
    await expect.poll(() => amount.inputValue(), SLOW).toBe(''); // the form cleared after the last one
    await amount.fill('1');
    await expect.poll(() => amount.inputValue(), SLOW).toBe('1');
    await page.getByTestId('funds-allocation-submit').click();
    await page.getByTestId('funds-allocation-confirm-confirm').click();
    await expect
      .poll(() => shownText(page.getByTestId('funds-allocation-error')), SLOW)
      .toMatch(/too little to pull this back/);
    expect(await shownText(page.getByTestId('funds-balance'))).toBe('$10,250.50');
    await expect.poll(() => historyRows(page).count(), SLOW).toBeGreaterThanOrEqual(3);
    expect(await shownText(historyRows(page).nth(0))).toMatch(/Pull-back/i);
    expect(await shownText(historyRows(page).nth(1))).toMatch(/Allocation/i);
    await checkA11yAtRest(page);
  });

  it('the admin undoes the wire with a reversal that shows as such; the ledger is sound', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto(`/admin/CampaignList/payment-list/${ADVERTISER_ID}`);
    const original = rowWith(page, REFERENCE).first();
    await original.waitFor();
    const rowId = (await original.getAttribute('data-testid'))?.replace('funds-history-row-', '');
    await page.getByTestId(`funds-history-actions-${rowId}`).click();
    await page.getByTestId('row-action-reverse').click();
    await page.getByTestId('funds-reverse-note').fill('Credited to the wrong advertiser');
    await page.getByTestId('funds-reverse-confirm').click();
    await expectToast(page, 'success');
    await expect.poll(() => shownText(page.getByTestId('funds-balance')), SLOW).toBe('$5,000.00');
    const reversal = historyRows(page).first();
    await expect.poll(() => shownText(reversal), SLOW).toMatch(/Reversal of #\d+/i);
    expect(await shownText(reversal)).toContain('-$5,000.00');
    expect(await shownText(reversal)).toContain('Credited to the wrong advertiser');
    await expect
      .poll(() => shownText(page.getByTestId(`funds-history-row-${rowId}`)), SLOW)
      .toMatch(/Reversed by #\d+/i);
    await checkA11yAtRest(page);

    await page.goto('/admin/funds');
    await page.getByTestId('funds-check-ledger').click();
    await expect
      .poll(() => shownText(page.getByTestId('funds-check-result')), SLOW)
      .toContain('The ledger is sound.');
  });
});
