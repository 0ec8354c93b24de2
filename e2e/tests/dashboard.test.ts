// The advertiser's dashboard story in Chromium: on a console seeded with demo delivery
// history she opens the dashboard and sees spend, impressions and the rest; she picks the last 7
// days, compares with the week before, filters one campaign and shows the chart as bars; after a
// reload every choice is still there; she switches to Insight360 (announced by dashboardViewChanged),
// finds it again after a reload, and switches back.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseOption, DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { checkA11yAtRest, shownText, waitForPath } from '../support/console.ts';

const e2e = useE2E({ env: { DEMO_HISTORY_DAYS: '14' } });
/** The machine may be busy: give the console time to answer. */
const SLOW = { timeout: 20_000 };

const tileValue = (page: Page, metric: string) => shownText(page.getByTestId(`tile-${metric}-value`));

describe('dashboard', () => {
  it('shows the history, keeps the chosen range, compare, filter and chart after a reload, and switches to Insight360 and back', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await waitForPath(page, '/dashboard');
    await page.getByTestId('dashboard-classic').waitFor(SLOW);
    expect(await page.getByText('not available yet').count()).toBe(0);

    // Numbers from the demo history (the last 30 days by default).
    await expect.poll(() => tileValue(page, 'spend'), SLOW).toMatch(/^\$\d/);
    expect(await tileValue(page, 'spend')).not.toBe('$0.00');
    expect(await tileValue(page, 'impressions')).not.toBe('0');
    await page.getByTestId('time-chart').waitFor(SLOW);
    // The chart is one tab stop: the arrow keys walk its days and the tooltip reads the day's spend.
    const chart = page.getByRole('application', { name: 'Spend over time' });
    await chart.focus();
    await page.keyboard.press('Home');
    const tooltip = page.getByTestId('time-chart-tooltip');
    await expect.poll(() => shownText(tooltip)).toMatch(/^\d{2}-\d{2}\s+Spend\s+\$\d+\.\d{2}$/);
    const firstDay = await shownText(tooltip);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownText(tooltip)).not.toBe(firstDay);
    await expect
      .poll(() => page.getByTestId('performance-campaign').locator('tbody tr').count(), SLOW)
      .toBeGreaterThan(1);
    // The day table reads in date order, with exact counts (no "1.3K" where a buyer reconciles).
    const dayRows = page.getByTestId('performance-day').locator('tbody tr');
    await expect.poll(() => dayRows.count(), SLOW).toBeGreaterThan(2);
    const days = (await dayRows.allInnerTexts()).map((row) => row.split(/\s/)[0] ?? '');
    expect(days).toEqual([...days].sort());
    expect((await dayRows.allInnerTexts()).join(' ')).not.toMatch(/\d(\.\d)?K\b/);
    await checkA11yAtRest(page);

    // Last 7 days, compared with the week before, one campaign, bars.
    await chooseOption(page, 'dashboard-preset', 'Last 7 days');
    await page.getByLabel('Compare to previous period').check();
    await chooseOption(page, 'dashboard-filter-campaigns', 'Open Web Display');
    await page.keyboard.press('Escape');
    await page.getByTestId('dashboard-chart-type').getByText('Bar', { exact: true }).click();
    await expect.poll(() => page.getByTestId('tile-spend-delta').count(), SLOW).toBe(1);
    await expect
      .poll(() => page.getByTestId('performance-campaign').locator('tbody tr').allInnerTexts(), SLOW)
      .toEqual([expect.stringContaining('Open Web Display')]);
    expect(await page.getByTestId('time-chart').getAttribute('data-chart-type')).toBe('bar');
    await expect.poll(() => shownText(page.getByTestId('dashboard-period')), SLOW).toContain('compared with');
    const filteredSpend = await tileValue(page, 'spend');

    await page.reload();
    await page.getByTestId('dashboard-classic').waitFor(SLOW);
    expect(await page.getByTestId('dashboard-preset').inputValue()).toBe('Last 7 days');
    expect(await page.getByLabel('Compare to previous period').isChecked()).toBe(true);
    // The pill names the campaign once the campaign choices have loaded.
    await expect
      .poll(() => shownText(page.getByTestId('dashboard-filter-campaigns').locator('xpath=..')), SLOW)
      .toContain('Open Web Display');
    await expect.poll(() => page.getByTestId('time-chart').getAttribute('data-chart-type'), SLOW).toBe('bar');
    await expect.poll(() => tileValue(page, 'spend'), SLOW).toBe(filteredSpend);

    // Insight360, announced to the rest of the console.
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seenViews: unknown[] }).seenViews = seen;
      window.addEventListener('dashboardViewChanged', (event) => seen.push((event as CustomEvent).detail));
    });
    await page.getByTestId('dashboard-view-switch').getByText('Insight360', { exact: true }).click();
    await page.getByTestId('dashboard-insight360').waitFor(SLOW);
    expect(await page.evaluate(() => (window as unknown as { seenViews: unknown[] }).seenViews)).toEqual([
      'new',
    ]);
    await page.getByTestId('dashboard-dimensions').waitFor();
    await checkA11yAtRest(page);

    await page.reload();
    await page.getByTestId('dashboard-insight360').waitFor(SLOW);
    await page.getByTestId('dashboard-view-switch').getByText('Dashboard', { exact: true }).click();
    await page.getByTestId('dashboard-classic').waitFor(SLOW);
  });

  it("writes the figures with the reader's digits: in German $1.234,57 and 12,3K for $1,234.57 and 12.3K", async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await waitForPath(page, '/dashboard');
    await expect.poll(() => tileValue(page, 'spend'), SLOW).toMatch(/^\$\d/);
    const english = {
      spend: await tileValue(page, 'spend'),
      impressions: await tileValue(page, 'impressions'),
    };
    expect(english.spend).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await page.getByTestId('language-picker').selectOption('gr');
    await expect.poll(() => tileValue(page, 'spend'), SLOW).not.toBe(english.spend);
    const german = {
      spend: await tileValue(page, 'spend'),
      impressions: await tileValue(page, 'impressions'),
    };
    // The same amounts, the separators swapped: "." groups thousands, "," starts the cents.
    const swapped = (text: string) => text.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.'));
    expect(german.spend).toBe(swapped(english.spend));
    expect(german.impressions).toBe(swapped(english.impressions));
    await page.getByTestId('language-picker').selectOption('en');
  });

  it('shows an agency its advertisers together and one by one, and the admin everything', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.agency);
    await waitForPath(page, '/agency/dashboard');
    await page.getByTestId('dashboard-classic').waitFor(SLOW);
    await expect.poll(() => tileValue(page, 'impressions'), SLOW).not.toBe('0');
    expect(await shownText(page.getByTestId('tile-balance'))).toContain("Advertisers' balances");
    const together = await tileValue(page, 'spend');
    const picker = page.getByTestId('dashboard-advertiser');
    await picker.click();
    await page.getByRole('option', { name: /Fabrikam Shoes/ }).click();
    // adv2 has no funds, so no history: its own numbers are zero while the agency's are not.
    await expect.poll(() => tileValue(page, 'spend'), SLOW).toBe('$0.00');
    expect(together).not.toBe('$0.00');
    await checkA11yAtRest(page);

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await loginAs(page, DEMO_USERS.admin);
    await waitForPath(page, '/admin/dashboard');
    await expect.poll(() => tileValue(page, 'impressions'), SLOW).not.toBe('0');
    await expect
      .poll(() => page.getByTestId('performance-campaign').locator('tbody tr').count(), SLOW)
      .toBeGreaterThan(2);
  });
});
