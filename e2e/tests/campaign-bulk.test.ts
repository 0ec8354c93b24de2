// Bulk campaign operations in Chromium: the advertiser opens the bulk edit with campaigns
// sent in `?ids=`, sets a new bid range (an empty or crossed range is refused on the form), reviews
// and applies it, and sees the result per campaign: the archived one is refused with the server's
// reason, the others show the new range on their page; the advertiser ticks campaigns on the bulk
// exchange page and adds an exchange, which starts pending approval; the admin moves campaigns'
// status in bulk: an approval (no reason) and a rejection, which asks for a reason first.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi, type Exchange, USD } from '../support/campaign-api.ts';
import { checkA11yAtRest, pathOf, shownText } from '../support/console.ts';

const e2e = useE2E();
const { api, tokenOf, createCampaign: postCampaign, supportedExchanges } = campaignApi(e2e);

type CampaignDetail = {
  campaign_id: number;
  status: string;
  rejection_reason: string | null;
  bid_micros: number;
  min_bid_micros: number;
  max_bid_micros: number;
  exchanges: { exchange_id: number; state: string }[];
};

const story = { advertiserToken: '', exchanges: [] as Exchange[] };

/** A campaign of the direct demo advertiser: a draft, or submitted on `exchanges`. */
const createCampaign = async (name: string, options: { exchanges?: Exchange[]; submit?: boolean } = {}) => {
  const campaign = await postCampaign(story.advertiserToken, name, {
    exchange_ids: (options.exchanges ?? []).map((exchange) => exchange.id),
    submit: options.submit ?? false,
  });
  return campaign.campaign_id;
};

const detailOf = (id: number) => api<CampaignDetail>('GET', `/api/campaigns/${id}`, story.advertiserToken);

/** Opens the review, checks what it says, confirms, and waits for the results. */
const reviewAndConfirm = async (page: Page, expected: RegExp) => {
  await page.getByTestId('bulk-review').click();
  await page.getByTestId('bulk-confirm-confirm').waitFor();
  expect(await shownText(page.getByTestId('bulk-confirm-summary'))).toMatch(expected);
  await page.getByTestId('bulk-confirm-confirm').click();
  await page.getByTestId('bulk-results').waitFor();
};

const resultOf = async (page: Page, id: number) => ({
  ok: await page.getByTestId(`bulk-result-${id}`).getAttribute('data-ok'),
  reason: await shownText(page.getByTestId(`bulk-result-reason-${id}`)),
});

beforeAll(async () => {
  story.advertiserToken = await tokenOf(DEMO_USERS.advertiser.email);
  story.exchanges = await supportedExchanges(story.advertiserToken);
  expect(story.exchanges.length).toBeGreaterThan(1);
});

describe('bulk campaign operations', () => {
  it('the advertiser changes the bid range of campaigns sent in ?ids= and sees each result', async () => {
    const { page } = e2e;
    const first = await createCampaign('Bulk Bid Alpha');
    const second = await createCampaign('Bulk Bid Beta');
    const archived = await createCampaign('Bulk Bid Gamma');
    await api('POST', `/api/campaigns/${archived}/status`, story.advertiserToken, { to: 'ARCHIVED' });

    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto(`/bulk-campaign-edit?ids=${first},${second},${archived}`);
    await page.getByTestId('bulk-campaigns-table').waitFor();
    await expect
      .poll(() => shownText(page.getByTestId('bulk-selection-count')))
      .toMatch(/^3 campaigns selected/);
    await expect.poll(() => shownText(page.getByTestId(`bulk-selected-${second}`))).toBe('Bulk Bid Beta');
    await checkA11yAtRest(page);

    // The form checks the range with core's rules before anything is sent.
    await page.getByTestId('bulk-review').click();
    await page.getByText('Enter an amount.').first().waitFor();
    await page.getByTestId('bulk-min-bid').fill('9');
    await page.getByTestId('bulk-max-bid').fill('1');
    await page.getByTestId('bulk-review').click();
    await page.getByText('The minimum bid cannot be higher than the maximum bid.').waitFor();
    expect(await page.getByTestId('bulk-confirm-confirm').isVisible()).toBe(false);

    await page.getByTestId('bulk-min-bid').fill('1.25');
    await page.getByTestId('bulk-max-bid').fill('9');
    await page.getByTestId('bulk-with-bid').check();
    await page.getByTestId('bulk-bid').fill('4');
    await page.getByTestId('bulk-review').click();
    await page.getByTestId('bulk-confirm-confirm').waitFor();
    const summary = await shownText(page.getByTestId('bulk-confirm-summary'));
    expect(summary).toMatch(/3 campaigns will change/);
    expect(summary).toMatch(/Bid range: \$1\.25 to \$9\.00/);
    expect(summary).toMatch(/Bid: \$4\.00/);
    // The archived campaign is known not to be editable: the review says so before anything happens.
    expect(summary).toMatch(/1 selected campaign is completed or archived/);
    await page.getByTestId('bulk-confirm-confirm').click();

    await page.getByTestId('bulk-results').waitFor();
    const counts = page.getByTestId('bulk-results-summary');
    expect(await counts.getAttribute('data-succeeded')).toBe('2');
    expect(await counts.getAttribute('data-failed')).toBe('1');
    expect(await resultOf(page, first)).toEqual({ ok: 'true', reason: '—' });
    expect((await resultOf(page, second)).ok).toBe('true');
    const refused = await resultOf(page, archived);
    expect(refused.ok).toBe('false');
    expect(refused.reason).toMatch(/archived campaign cannot be edited/i);
    await checkA11yAtRest(page);

    const saved = await detailOf(second);
    expect([saved.min_bid_micros, saved.max_bid_micros, saved.bid_micros]).toEqual([
      1.25 * USD,
      9 * USD,
      4 * USD,
    ]);

    // Each campaign links to its page, which shows the new range.
    await page.getByTestId(`bulk-result-link-${first}`).click();
    await page.waitForURL((url) => url.pathname === `/campaign/${first}`);
    await page.getByText('$1.25 – $9.00').first().waitFor();
    // Back on the bulk page the selection is still there (the address keeps it), with the new values.
    await page.goBack();
    await expect.poll(() => shownText(page.getByTestId(`bulk-bid-range-${first}`))).toBe('$1.25 – $9.00');
    await expect
      .poll(() => shownText(page.getByTestId('bulk-selection-count')))
      .toMatch(/^3 campaigns selected/);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });

  it('the advertiser ticks campaigns on the bulk exchange page and adds an exchange (pending approval)', async () => {
    const { page } = e2e;
    const one = await createCampaign('Bulk Exch One');
    const two = await createCampaign('Bulk Exch Two');
    const exchange = story.exchanges[0]!;

    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/bulk-edit-exchanges');
    await page.getByTestId('bulk-campaigns-table').waitFor();
    await page.getByTestId('bulk-selection-none').waitFor();
    await page.getByTestId('bulk-campaigns-search').fill('Bulk Exch');
    await page.getByTestId('bulk-campaigns-search').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Bulk Exch');
    await page.getByTestId(`bulk-campaigns-row-${two}`).waitFor();
    await page.getByTestId(`bulk-campaigns-select-${one}`).check();
    await page.getByTestId(`bulk-campaigns-select-${two}`).check();
    await expect
      .poll(() => shownText(page.getByTestId('bulk-selection-count')))
      .toMatch(/^2 campaigns selected/);
    // The selection is in the address, so a reload keeps it.
    await expect.poll(() => new URL(page.url()).searchParams.get('ids')).toBe(`${one},${two}`);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Bulk Exch'); // the selection kept the search

    await page.getByTestId('bulk-review').click();
    await page.getByText('Choose at least one exchange.').waitFor();
    await page.getByTestId('bulk-exchanges-list').click();
    await page.getByRole('option', { name: exchange.name, exact: true }).click();
    await page.keyboard.press('Escape');
    expect(await shownText(page.getByTestId('bulk-exchanges-pending-note'))).toMatch(/pending approval/);
    await checkA11yAtRest(page);

    await reviewAndConfirm(page, new RegExp(`Add exchanges: ${exchange.name}[\\s\\S]*pending approval`));
    const counts = page.getByTestId('bulk-results-summary');
    expect(await counts.getAttribute('data-succeeded')).toBe('2');
    expect((await resultOf(page, one)).ok).toBe('true');
    for (const id of [one, two]) {
      const detail = await detailOf(id);
      expect(detail.exchanges.map((item) => [item.exchange_id, item.state])).toEqual([
        [exchange.id, 'PENDING'],
      ]);
    }
    await page.getByTestId('bulk-again').click();
    // Both are drafts, never submitted: nobody is asked to approve their exchanges yet.
    await expect
      .poll(() => page.getByTestId(`bulk-exchanges-${one}`).getAttribute('aria-label'))
      .toMatch(/0 approved, 1 not yet submitted for approval/i);
    expect(await page.getByTestId(`bulk-exchanges-${one}`).getAttribute('aria-label')).not.toMatch(
      /pending/i,
    );
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });

  it('the admin approves campaigns in bulk and rejects others with a reason', async () => {
    const { page } = e2e;
    const on = story.exchanges.slice(0, 1);
    const first = await createCampaign('Bulk Status One', { exchanges: on, submit: true });
    const second = await createCampaign('Bulk Status Two', { exchanges: on, submit: true });
    const third = await createCampaign('Bulk Status Three', { exchanges: on, submit: true });

    await loginAs(page, DEMO_USERS.admin);
    await page.goto(`/admin/bulk-campaign-status?ids=${first},${second}`);
    await page.getByTestId('bulk-campaigns-table').waitFor();
    await expect
      .poll(() => shownText(page.getByTestId('bulk-selection-count')))
      .toMatch(/^2 campaigns selected/);
    await page.getByRole('radio', { name: /Approve \/ Resume \(to Active\)/ }).check();
    await checkA11yAtRest(page);
    await reviewAndConfirm(page, /New status: Active/);
    expect(await page.getByTestId('bulk-results-summary').getAttribute('data-succeeded')).toBe('2');
    expect((await detailOf(first)).status).toBe('ACTIVE');
    expect((await detailOf(second)).status).toBe('ACTIVE');

    // A rejection needs a reason; the active campaign cannot be rejected and is reported.
    await page.goto(`/admin/bulk-campaign-status?ids=${first},${third}`);
    await expect
      .poll(() => shownText(page.getByTestId('bulk-selection-count')))
      .toMatch(/^2 campaigns selected/);
    await page.getByRole('radio', { name: /Reject \(to Rejected\)/ }).check();
    await page.getByTestId('bulk-review').click();
    await page.getByText('Give a reason for the rejection.').waitFor();
    await page.getByTestId('bulk-status-reason').fill('Landing page does not match the ad');
    await reviewAndConfirm(page, /Reason: Landing page does not match the ad/);
    const counts = page.getByTestId('bulk-results-summary');
    expect(await counts.getAttribute('data-succeeded')).toBe('1');
    expect(await counts.getAttribute('data-failed')).toBe('1');
    expect((await resultOf(page, third)).ok).toBe('true');
    expect((await resultOf(page, first)).reason).toMatch(/cannot go from active to rejected/i);
    const rejected = await detailOf(third);
    expect([rejected.status, rejected.rejection_reason]).toEqual([
      'REJECTED',
      'Landing page does not match the ad',
    ]);

    // "Select the failed campaign" goes back to the form with only that one selected.
    await page.getByTestId('bulk-retry-failed').click();
    await expect
      .poll(() => shownText(page.getByTestId('bulk-selection-count')))
      .toMatch(/^1 campaign selected/);
    expect(pathOf(page)).toBe('/admin/bulk-campaign-status');
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });
});
