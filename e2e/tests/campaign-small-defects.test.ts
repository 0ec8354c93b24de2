// Small defects a new user ran into, on screen: the list's pacing-setting column
// says what it shows, and submitting a campaign whose budget is above the advertiser's balance
// goes through with a notice giving both amounts.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi, USD } from '../support/campaign-api.ts';
import { shownText } from '../support/console.ts';

const e2e = useE2E();
const { tokenOf, createCampaign, supportedExchanges } = campaignApi(e2e);

describe('campaign list and submission', () => {
  it('names the pacing-setting column "Pacing mode"', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/campaign');
    await page.getByTestId('campaigns-columns').click();
    const choice = page.getByRole('checkbox', { name: 'Pacing mode', exact: true });
    expect(await choice.getAttribute('data-testid')).toBe('campaigns-column-pacing');
    await choice.check();
    await page.getByRole('columnheader', { name: 'Pacing mode', exact: true }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Pacing', exact: true }).count()).toBe(0);
  });

  it('submits a campaign over the balance and says so with both amounts', async () => {
    const { page } = e2e;
    const token = await tokenOf(DEMO_USERS.advertiser.email);
    const [exchange] = await supportedExchanges(token);
    const draft = await createCampaign(token, 'Over the balance', {
      exchange_ids: [exchange!.id],
      total_budget_micros: 9_000_000 * USD,
    });
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto(`/campaign/${draft.campaign_id}`);
    await page.getByTestId('campaign-move-submit').click();
    await page.getByTestId('campaign-status-confirm-confirm').click();
    const notice = page.getByTestId('toast-info').filter({ hasText: '$9,000,000.00' });
    await notice.waitFor();
    const text = await shownText(notice);
    expect(text).toMatch(/balance of \$[\d,]+\.\d\d/);
    // Without a creative it cannot buy anything yet: said beside it, and on the page.
    await page.getByTestId('toast-info').filter({ hasText: 'It has no creative' }).waitFor();
    await page.getByTestId('campaign-cannot-deliver').waitFor();
    await expect
      .poll(() =>
        page.getByTestId('campaign-header').getByTestId('campaign-status').getAttribute('data-status'),
      )
      .toBe('PENDING_APPROVAL');
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });
});
