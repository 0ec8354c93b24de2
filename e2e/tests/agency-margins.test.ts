// Agency margins in Chromium: the agency sets an advertiser's margin within the range an admin set
// (the demo agency's: 0% to 25%), is told the range when it asks for more, and sees the margin in
// its advertiser list; media cost, margin and the platform's part are the admin's: report columns and
// dashboard tiles for the admin, not offered or shown to the agency, which sees its own margin.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { checkA11yAtRest, expectToast, shownText, waitForPath } from '../support/console.ts';

const e2e = useE2E({ env: { DEMO_HISTORY_DAYS: '2' } });
const SLOW = { timeout: 20_000 };
const OUT_OF_RANGE = 'Choose a margin from 0% to 25% (the range your agency may set).';
const money = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

describe('agency margins', () => {
  it('the agency sets an advertiser’s margin within its range and is told the range otherwise', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.agency);
    await page.goto('/agency/advertiser');
    const row = page.locator('tbody tr', { hasText: 'adv1@demo.test' });
    // The demo seeds adv1's margin at 15% (demo-seed.ts).
    expect(await shownText(row.getByTestId('advertiser-row-margin'))).toBe('15%');
    await row.getByRole('button', { name: 'Actions for adv1@demo.test' }).click();
    await page.getByTestId('row-action-edit').click();
    await page.waitForURL(/\/agency\/editAdvertiser\/\d+$/);
    const panel = page.getByTestId('advertiser-margin-panel');
    await panel.getByText('Your agency may set 0% to 25%.').waitFor();

    await page.getByTestId('advertiser-margin').fill('30');
    await page.getByTestId('advertiser-margin-save').click();
    await panel.getByText(OUT_OF_RANGE).waitFor();
    expect(await page.getByTestId('advertiser-margin').getAttribute('aria-invalid')).toBe('true');
    await checkA11yAtRest(page);

    await page.getByTestId('advertiser-margin').fill('12.5');
    await page.getByTestId('advertiser-margin-save').click();
    await expectToast(page, 'success');
    expect(await panel.getByText(OUT_OF_RANGE).count()).toBe(0);
    await page.goto('/agency/advertiser');
    await expect.poll(() => shownText(row.getByTestId('advertiser-row-margin')), SLOW).toBe('12.5%');

    // Media cost, margin and the platform's part are not the agency's: not offered in its report form,
    // not on its dashboard; its own margin is, on both.
    await page.goto('/agency/report/create/performance');
    await page.getByTestId('report-metric-spend').waitFor();
    await page.getByTestId('report-metric-agency_margin').waitFor();
    for (const metric of ['margin', 'media_cost', 'platform_margin'])
      expect(await page.getByTestId(`report-metric-${metric}`).count()).toBe(0);
    await page.goto('/agency/dashboard');
    await page.getByTestId('tile-balance-value').waitFor(SLOW);
    await page.getByTestId('tile-agency-margin-value').waitFor();
    expect(await shownText(page.getByTestId('tile-agency-margin'))).toContain('Agency margin');
    for (const tile of ['tile-margin', 'tile-media-cost', 'tile-platform-margin'])
      expect(await page.getByTestId(tile).count()).toBe(0);
  });

  it('the admin’s report shows media cost, margin and spend, which add up on every row', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/dashboard');
    await page.getByTestId('tile-media-cost-value').waitFor(SLOW);
    await page.getByTestId('tile-margin-value').waitFor();
    await page.getByTestId('tile-platform-margin-value').waitFor();
    await page.getByTestId('tile-agency-margin-value').waitFor();

    await page.goto('/admin/report');
    await page.getByTestId('report-add').click();
    await page.getByTestId('report-add-multi-dimensional').click();
    await waitForPath(page, '/admin/report/create/multi-dimensional');
    await page.getByTestId('report-name').fill('Costs and margins');
    for (const metric of ['media_cost', 'margin']) await page.getByTestId(`report-metric-${metric}`).check();
    await page.getByTestId('report-save').click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toMatch(/^\/admin\/report\/view\/\d+$/);
    await page.getByTestId('report-generate').click();
    await page.getByTestId('report-rows').waitFor(SLOW);
    const headers = await page.getByTestId('report-rows').locator('thead th').allInnerTexts();
    const column = (name: string) => headers.findIndex((header) => header.trim() === name);
    const [spend, media, margin] = [column('Spend'), column('Media cost'), column('Margin')];
    expect(Math.min(spend, media, margin)).toBeGreaterThanOrEqual(0);
    const rows = page.getByTestId('report-rows').locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    // Each cell is rounded to the cent on its own: the sum may differ from spend by that rounding.
    for (const cells of await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td, th')).map((cell) => cell.textContent ?? '')),
    ))
      expect(
        Math.abs(money(cells[media]!) + money(cells[margin]!) - money(cells[spend]!)),
      ).toBeLessThanOrEqual(1);
    await checkA11yAtRest(page);
  });
});
