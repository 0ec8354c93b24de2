// The campaign screens in Chromium: the advertiser sees only its own campaigns, and the
// status filter and the search change the rows; the agency sees its advertisers' campaigns and
// filters them by advertiser; the admin opens a campaign, reads the state of each exchange, pauses
// it from the view page after a confirmation (the badge changes) and finds the move in the
// campaign's change log. axe finds no serious violation on the list and the view.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi, type Exchange } from '../support/campaign-api.ts';
import { checkA11yAtRest, shownText } from '../support/console.ts';

const e2e = useE2E();
const { api, tokenOf, createCampaign: postCampaign, supportedExchanges } = campaignApi(e2e);

const PREFIX = 'Zeta E2E';
const story = {
  exchanges: [] as Exchange[],
  draftId: 0,
  liveId: 0,
  agencyId: 0,
  adv1: { id: 0, company: '' },
};

/** A campaign in New York time with a daily budget, `extra` on top. */
const createCampaign = (token: string, name: string, extra: Record<string, unknown> = {}) =>
  postCampaign(token, name, {
    time_zone: 'America/New_York',
    total_budget_micros: 2_500_000_000,
    daily_budget_micros: 100_000_000,
    bid_micros: 2_500_000,
    ...extra,
  });

/** The ids of the rows the table shows now. */
const rowIds = (page: Page, tableId = 'campaigns') =>
  page
    .locator(`[data-testid^="${tableId}-row-"]`)
    .evaluateAll(
      (rows, prefix) => rows.map((row) => row.getAttribute('data-testid')?.slice(prefix.length)),
      `${tableId}-row-`,
    );

const search = async (page: Page, text: string) => {
  await page.getByTestId('campaigns-search').fill(text);
  await page.getByTestId('campaigns-search').press('Enter');
};

beforeAll(async () => {
  const advertiser = await tokenOf(DEMO_USERS.advertiser.email);
  const agency = await tokenOf(DEMO_USERS.agency.email);
  const admin = await tokenOf(DEMO_USERS.admin.email);
  story.exchanges = (await supportedExchanges(advertiser)).slice(0, 2);
  expect(story.exchanges.length, 'the demo advertiser buys on at least 2 exchanges').toBe(2);
  const [a, b] = story.exchanges as [Exchange, Exchange];

  story.draftId = (await createCampaign(advertiser, `${PREFIX} Draft`)).campaign_id;
  story.liveId = (
    await createCampaign(advertiser, `${PREFIX} Live`, {
      exchange_ids: [a.id, b.id],
      frequency_cap: { count: 3, period: 'DAY' },
      targeting: { countries: ['DE'], languages: ['de'], geo_fence: '52.52,13.405,2|48.1351,11.582,1.5' },
      submit: true,
    })
  ).campaign_id;
  // The admin approves one exchange (the campaign becomes active) and rejects the other.
  await api('POST', '/api/admin/exchange-approval/decide', admin, {
    items: [{ campaign_id: story.liveId, exchange_id: a.id }],
    decision: 'APPROVED',
  });
  await api('POST', '/api/admin/exchange-approval/decide', admin, {
    items: [{ campaign_id: story.liveId, exchange_id: b.id }],
    decision: 'REJECTED',
    reason: 'Creative policy mismatch',
  });

  const advertisers = await api<{ items: { user_primary_id: number; email: string; companyName: string }[] }>(
    'GET',
    '/api/agency/advertisers?limit=100',
    agency,
  );
  const adv1 = advertisers.items.find((item) => item.email === DEMO_USERS.adv1.email);
  if (!adv1) throw new Error('adv1 is not an advertiser of the demo agency');
  story.adv1 = { id: adv1.user_primary_id, company: adv1.companyName };
  story.agencyId = (
    await createCampaign(agency, `${PREFIX} Agency`, { advertiser_id: adv1.user_primary_id })
  ).campaign_id;
});

describe('campaign screens', () => {
  it('the advertiser sees its own campaigns, filtered by status and search', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/campaign');
    await page.getByTestId('campaigns-table').waitFor();
    await search(page, PREFIX);
    await expect
      .poll(() => rowIds(page))
      .toEqual([String(story.liveId), String(story.draftId)].sort((x, y) => Number(y) - Number(x)));
    // No advertiser filter or column for an advertiser; the other advertisers' campaign is absent.
    expect(await page.getByTestId('campaigns-advertiser-filter').count()).toBe(0);
    const live = page.getByTestId(`campaigns-row-${story.liveId}`);
    expect(await live.getByTestId('campaign-status').getAttribute('data-status')).toBe('ACTIVE');
    expect(await shownText(live)).toContain('$2,500.00');
    expect(await shownText(live)).toContain('$2.50 CPM');
    await checkA11yAtRest(page);

    // Status filter: Active only.
    await chooseOption(page, 'campaigns-status-filter', 'Active');
    await page.keyboard.press('Escape');
    await expect.poll(() => rowIds(page)).toEqual([String(story.liveId)]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('ACTIVE');

    // Clearing the status and searching "Draft" leaves the draft.
    await page.goto('/campaign');
    await search(page, `${PREFIX} Draft`);
    await expect.poll(() => rowIds(page)).toEqual([String(story.draftId)]);
  });

  it("the agency sees its advertisers' campaigns and filters by advertiser", async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.agency);
    await page.goto('/agency/campaign');
    await page.getByTestId('campaigns-table').waitFor();
    await search(page, PREFIX);
    await expect.poll(() => rowIds(page)).toEqual([String(story.agencyId)]);
    expect(await shownText(page.getByTestId(`campaigns-row-${story.agencyId}`))).toContain(
      story.adv1.company,
    );

    // The advertiser filter narrows to adv1 (its campaign stays), and to adv2 (none).
    const picker = page.getByTestId('campaigns-advertiser-filter');
    await picker.click();
    await picker.fill(story.adv1.company);
    await page.getByRole('option', { name: new RegExp(DEMO_USERS.adv1.email) }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('advertiser_id'))
      .toBe(String(story.adv1.id));
    await expect.poll(() => rowIds(page)).toEqual([String(story.agencyId)]);
    await picker.click();
    await picker.fill('');
    await page.getByRole('option', { name: new RegExp(DEMO_USERS.adv2.email) }).click();
    await page.getByTestId('campaigns-empty').waitFor();

    // One advertiser's campaigns: the heading names it.
    await page.goto(`/agency/campaignList/${story.adv1.id}`);
    expect(await shownText(page.getByTestId('owner-name'))).toBe(`Campaigns of ${story.adv1.company}`);
    await page.getByTestId('owner-campaigns-search').fill(PREFIX);
    await page.getByTestId('owner-campaigns-search').press('Enter');
    await expect.poll(() => rowIds(page, 'owner-campaigns')).toEqual([String(story.agencyId)]);
  });

  it('the admin reads the exchange states, pauses the campaign and finds it in the change log', async () => {
    const { page } = e2e;
    const [a, b] = story.exchanges as [Exchange, Exchange];
    await loginAs(page, DEMO_USERS.admin);
    await page.goto(`/admin/campaign/viewCampaign/${story.liveId}`);
    await page.getByTestId('campaign-header').waitFor();
    expect(await shownText(page.getByTestId('campaign-name'))).toBe(`${PREFIX} Live`);
    const badge = page.getByTestId('campaign-header').getByTestId('campaign-status');
    expect(await badge.getAttribute('data-status')).toBe('ACTIVE');

    // Per-exchange approval: A approved, B rejected with the reason and who decided.
    const rowA = page.getByTestId(`campaign-exchange-${a.id}`);
    const rowB = page.getByTestId(`campaign-exchange-${b.id}`);
    expect(await rowA.getByTestId('exchange-state').getAttribute('data-state')).toBe('APPROVED');
    expect(await rowB.getByTestId('exchange-state').getAttribute('data-state')).toBe('REJECTED');
    expect(await shownText(rowB)).toContain('Creative policy mismatch');
    expect(await shownText(rowB)).toContain(DEMO_USERS.admin.email);
    // Settings at a glance: targeting names, geo-fences, the frequency cap, the zone.
    expect(await shownText(page.getByTestId('targeting-countries'))).toBe('Germany');
    expect(await shownText(page.getByTestId('targeting-geo-fence-count'))).toBe('2 geo-fences');
    expect(await shownText(page.getByTestId('campaign-frequency-cap'))).toBe(
      'At most 3 impressions per user per day',
    );
    expect(await shownText(page.getByTestId('campaign-time-zone'))).toBe('America/New_York');
    await checkA11yAtRest(page);

    // Pause, after a confirmation; cancelling first changes nothing.
    await page.getByTestId('campaign-move-pause').click();
    await page.getByTestId('campaign-status-confirm-cancel').click();
    expect(await badge.getAttribute('data-status')).toBe('ACTIVE');
    await page.getByTestId('campaign-move-pause').click();
    await page.getByTestId('campaign-status-confirm-confirm').click();
    await page.locator('[data-testid="toast-success"]').last().waitFor();
    await expect.poll(() => badge.getAttribute('data-status')).toBe('PAUSED');
    await page.getByTestId('campaign-move-resume').waitFor();

    // The change log has the move, newest first.
    await page.getByTestId('campaign-view-changelog').click();
    await page.waitForURL(`**/admin/campaign/changelog/${story.liveId}`);
    expect(await shownText(page.getByTestId('campaign-changelog-name'))).toBe(`Changes to ${PREFIX} Live`);
    const first = page.locator('[data-testid^="campaign-change-log-row-"]').first();
    await first.waitFor();
    expect(await shownText(first.getByTestId('change-log-action'))).toBe('Status changed');
    expect(await shownText(first)).toMatch(/Active[\s\S]*Paused/);
  });
});
