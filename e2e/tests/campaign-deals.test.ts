// Deals and brand safety in Chromium: the admin records a private-marketplace deal on /admin/metadata
// (Deals tab); the advertiser's campaign form offers it among its exchange's deals, excludes a
// content category and sets a minimum viewability; saved, the campaign page shows all three.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi } from '../support/campaign-api.ts';
import { pick, shownText } from '../support/console.ts';

const e2e = useE2E();
const { tokenOf, createCampaign, supportedExchanges } = campaignApi(e2e);

const DEAL_ID = 'E2E-PMP-0001';

describe('deals and brand safety', () => {
  it('the admin records a deal; the advertiser targets it, excludes a category, sets viewability', async () => {
    const { page } = e2e;
    const token = await tokenOf(DEMO_USERS.advertiser.email);
    const [exchange] = await supportedExchanges(token);
    const draft = await createCampaign(token, 'Premium travel deal', { exchange_ids: [exchange!.id] });

    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/metadata?tab=deals');
    await page.getByTestId('deal-add').click();
    await page.getByTestId('deal-form-exchange').selectOption(String(exchange!.id));
    await page.getByTestId('deal-form-deal-id').fill(DEAL_ID);
    await page.getByTestId('deal-form-name').fill('Premium travel PMP');
    await page.getByTestId('deal-form-floor').fill('2.75');
    await page.getByTestId('deal-form-seats').fill('console');
    await page.getByTestId('deal-form-seats').press('Enter');
    await page.getByTestId('deal-form-save').click();
    const row = page.getByTestId(`deal-row-${DEAL_ID}`);
    await row.waitFor();
    const rowText = await shownText(row);
    expect(rowText).toContain('Premium travel PMP');
    expect(rowText).toContain('$2.75');
    expect(rowText).toContain(exchange!.name);
    expect(rowText).toContain('console');

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto(`/campaignEditForm/${draft.campaign_id}`);
    await page.getByTestId('campaign-step-targeting').click();
    await pick(page, 'targeting-deals', DEAL_ID, /Premium travel PMP/);
    // Bought only through the deal unless unchecked.
    expect(await page.getByTestId('targeting-deals-only').isChecked()).toBe(true);
    await pick(page, 'targeting-excluded-content', 'Non-Standard', /^IAB25 Non-Standard Content$/);
    await page.getByTestId('targeting-min-viewability').fill('70');
    await page.getByTestId('campaign-save').click();
    await page.waitForURL(new RegExp(`/campaign/${draft.campaign_id}$`));

    await page.getByTestId('campaign-targeting').waitFor();
    await page.getByTestId('targeting-deals').getByText(DEAL_ID).waitFor();
    expect(await shownText(page.getByTestId('targeting-deals'))).toBe(DEAL_ID);
    expect(await shownText(page.getByTestId('targeting-deals-only'))).toBe('Only through these deals');
    expect(await shownText(page.getByTestId('targeting-excluded-content'))).toBe(
      'IAB25 Non-Standard Content',
    );
    expect(await shownText(page.getByTestId('targeting-min-viewability'))).toBe('70% predicted viewable');
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });
});
