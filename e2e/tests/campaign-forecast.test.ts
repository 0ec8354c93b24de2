// Campaign forecasts in Chromium: an exchange sends bid requests to the built-in bidder (here every one
// is sampled: BID_SAMPLE_RATE=1), the sampler writes them, and the advertiser sees the daily forecast
// of a demo campaign on its page and in the edit form's review step, with the API's figures.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi } from '../support/campaign-api.ts';
import { checkA11yAtRest, shownText } from '../support/console.ts';
import { openrtbFixture } from '../support/openrtb.ts';

const e2e = useE2E({ env: { BID_SAMPLE_RATE: '1' }, ownSeed: true });
const { api, tokenOf } = campaignApi(e2e);

const simpleBanner = openrtbFixture('simple-banner');

const REQUESTS = 30;
type Forecast = {
  sample_size: number;
  daily_impressions: number;
  daily_unique_users: number;
  limited_by: string;
};
/** The English sentences of what limits a forecast, as the console shows them. */
const limitSentences = (
  JSON.parse(
    readFileSync(new URL('../../apps/web/src/locales/en/campaigns.json', import.meta.url), 'utf8'),
  ) as { forecast: { limit: Record<string, string> } }
).forecast.limit;

describe('the campaign forecast', () => {
  it('shows the daily forecast from the sampled requests on the view and in the review step', async () => {
    // Every request that got a bid went through the auction, so it was sampled; a request a busy
    // machine answered 204 at the door (load shedding, tmax) was not, and may be missing.
    let bids = 0;
    for (let n = 0; n < REQUESTS; n++) {
      const response = await fetch(`${e2e.server.baseURL}/openrtb/2.6/openx`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-openrtb-version': '2.6' },
        body: JSON.stringify({
          ...simpleBanner,
          id: `forecast-${Date.now()}-${n}`,
          user: { id: `user-${n}` },
        }),
      });
      expect([200, 204]).toContain(response.status);
      if (response.status === 200) bids++;
      await response.arrayBuffer();
    }
    const token = await tokenOf(DEMO_USERS.advertiser.email);
    const campaigns = await api<{ items: { campaign_id: number; name: string }[] }>(
      'GET',
      '/api/campaigns?q=Open%20Web%20Display',
      token,
    );
    const id = campaigns.items.find((item) => item.name === 'Open Web Display')!.campaign_id;
    // The sampler writes every few seconds.
    let forecast: Forecast | null = null;
    expect(bids).toBeGreaterThan(REQUESTS / 2);
    await expect
      .poll(
        async () => {
          forecast = await api<Forecast>('GET', `/api/campaigns/${id}/forecast`, token);
          return forecast.sample_size >= bids;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    const figures = forecast as unknown as Forecast;
    expect(figures.sample_size).toBeLessThanOrEqual(REQUESTS);
    // Every request is a 300x250 on a site at a $0.03 floor: Open Web Display bids on all of them.
    expect(figures.daily_impressions).toBeGreaterThan(0);
    const count = (value: number) => new Intl.NumberFormat('en').format(value);

    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto(`/campaign/${id}`);
    await page.getByTestId('campaign-forecast').waitFor();
    await expect
      .poll(() => shownText(page.getByTestId('campaign-forecast-impressions')))
      .toBe(count(figures.daily_impressions));
    expect(await shownText(page.getByTestId('campaign-forecast-users'))).toBe(
      count(figures.daily_unique_users),
    );
    expect(await shownText(page.getByTestId('campaign-forecast-note'))).toContain(
      `From ${figures.sample_size} sampled bid requests`,
    );
    // What limits it, in the API's words: the campaign bids on every sampled request.
    expect(figures.limited_by).not.toBe('TARGETING');
    expect(await shownText(page.getByTestId('campaign-forecast-limit'))).toBe(
      `What limits it: ${limitSentences[figures.limited_by]}`,
    );
    await checkA11yAtRest(page);

    // The form's review step asks for the forecast of the settings as they are in the form.
    await page.goto(`/campaignEditForm/${id}`);
    await page.getByTestId('campaign-step-review').click();
    const review = page.getByTestId('review-forecast');
    await review.waitFor();
    await expect
      .poll(() => shownText(review.getByTestId('campaign-forecast-impressions')))
      .toBe(count(figures.daily_impressions));
    expect(await shownText(review.getByTestId('campaign-forecast-spend'))).toMatch(/^\$/);
    await checkA11yAtRest(page);
  });
});
