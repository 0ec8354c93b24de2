// Delivery in Chromium: an exchange posts the OpenRTB 2.6 specification's simple banner to the
// built-in bidder of a fresh `npm start`, a demo campaign bids, the exchange calls the win notice
// with the clearing price and the user clicks the ad; the advertiser then sees the impression, the
// click, the CTR, the spend and the pacing state on the campaign list and on the campaign's page.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi } from '../support/campaign-api.ts';
import { checkA11yAtRest, shownText } from '../support/console.ts';
import { PRICE_MACRO, wonBid } from '../support/openrtb.ts';

const e2e = useE2E({ ownSeed: true });
const { api, tokenOf } = campaignApi(e2e);

describe('delivery on the campaign screens', () => {
  it('shows the impression, click and spend of a won bid on the list and the view', async () => {
    const bid = await wonBid(e2e.server.baseURL, `e2e-${Date.now()}`);
    expect((await fetch(bid.nurl.replace(PRICE_MACRO, '2.40'))).status).toBe(204);
    const click = bid.adm.match(/href="([^"]*\/t\/click\/[^"]*)"/)![1]!;
    expect((await fetch(click, { redirect: 'manual' })).status).toBe(302);

    const token = await tokenOf(DEMO_USERS.advertiser.email);
    const campaign = await api<{ campaign_id: number; name: string }>(
      'GET',
      `/api/campaigns/${bid.cid}`,
      token,
    );

    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/campaign');
    await page.getByTestId('campaigns-table').waitFor();
    await page.getByTestId('campaigns-search').fill(campaign.name);
    await page.getByTestId('campaigns-search').press('Enter');
    const row = page.getByTestId(`campaigns-row-${campaign.campaign_id}`);
    await row.waitFor();
    expect(await shownText(row.getByTestId('campaign-row-impressions'))).toBe('1');
    expect(await shownText(row.getByTestId('campaign-row-clicks'))).toBe('1 click · 100.00% CTR');
    expect(await shownText(row.getByTestId('campaign-row-spend-today'))).toBe('$0.0024 today');
    expect(await shownText(row.getByTestId('campaign-row-spend-total'))).toBe('$0.0024 in total');
    const state = await row.getByTestId('campaign-pacing-state').getAttribute('data-state');
    expect(['ON_TRACK', 'BEHIND']).toContain(state);
    await checkA11yAtRest(page);

    await page.goto(`/campaign/${campaign.campaign_id}`);
    await page.getByTestId('campaign-delivery').waitFor();
    expect(await shownText(page.getByTestId('campaign-impressions'))).toBe('1');
    expect(await shownText(page.getByTestId('campaign-clicks'))).toBe('1');
    expect(await shownText(page.getByTestId('campaign-ctr'))).toBe('100.00%');
    expect(await shownText(page.getByTestId('campaign-spend-total'))).toBe('$0.0024');
    expect(
      await page
        .getByTestId('campaign-delivery')
        .getByTestId('campaign-pacing-state')
        .getAttribute('data-state'),
    ).toBe(state);
    await checkA11yAtRest(page);
  });
});
