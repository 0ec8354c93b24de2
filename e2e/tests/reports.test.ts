// Reports in Chromium: after a won bid and a click on a fresh `npm start`, the advertiser creates a
// performance report for today, generates it (progress, then rows), views it, edits it (its old
// result is dropped and it is generated again), downloads it as CSV with the spec's toasts word for
// word, exports the running apps as RunningApps.csv, and deletes the report after confirming.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { checkA11yAtRest, shownText, waitForPath } from '../support/console.ts';
import { PRICE_MACRO, wonBid } from '../support/openrtb.ts';

const e2e = useE2E({ ownSeed: true, ownBrowser: true });
const SLOW = { timeout: 20_000 };

/** An exchange's won bid on a demo campaign of advertiser@demo.test, and a click on the ad. */
const winAndClick = async (baseURL: string) => {
  const bid = await wonBid(baseURL, `e2e-report-${Date.now()}`);
  expect((await fetch(bid.nurl.replace(PRICE_MACRO, '2.40'))).status).toBe(204);
  const click = bid.adm.match(/href="([^"]*\/t\/click\/[^"]*)"/)![1]!;
  expect((await fetch(click, { redirect: 'manual' })).status).toBe(302);
};

const toastText = (page: Page, kind: 'info' | 'success' | 'error') =>
  shownText(page.locator(`[data-testid="toast-${kind}"]`).last());

const today = () => new Date().toISOString().slice(0, 10);
/** A day as the English console writes it in its date fields: 11/30/2026. */
const shownDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

describe('reports', () => {
  it('an advertiser creates, generates, views, edits, downloads and deletes a report', async () => {
    await winAndClick(e2e.server.baseURL);
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/report');
    await page.getByTestId('report-add').waitFor();
    expect(await page.getByText('not available yet').count()).toBe(0);
    await checkA11yAtRest(page);

    // Create: a performance report of today by day and campaign, with the default metrics.
    await page.getByTestId('report-add').click();
    await page.getByTestId('report-add-performance').click();
    await waitForPath(page, '/report/create/performance');
    await page.getByTestId('report-name').fill('E2E performance');
    // By default the dashboard's window (the last 30 days up to today) in the user's time zone.
    // Written as the console's language writes days, not the browser's own date input.
    expect(await page.getByTestId('report-to').inputValue()).toBe(shownDay(today()));
    expect(await page.getByTestId('report-from').getAttribute('placeholder')).toBe('mm/dd/yyyy');
    expect(await page.getByTestId('report-time-zone').inputValue()).toContain('UTC');
    // The days are the report's zone's, not always UTC: the fields do not say "(UTC)".
    const labelOf = (testId: string) =>
      page.getByTestId(testId).evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
    expect(await labelOf('report-from')).toMatch(/^From\b/);
    expect(await labelOf('report-from')).not.toContain('UTC');
    await page.getByTestId('report-from').fill(today());
    await page.getByTestId('report-to').fill(today());
    await checkA11yAtRest(page);
    await page.getByTestId('report-save').click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toMatch(/^\/report\/view\/\d+$/);
    await page.getByTestId('report-draft').waitFor();
    expect(await shownText(page.getByTestId('report-range'))).toBe(`${today()} – ${today()} (UTC)`);
    expect(await shownText(page.getByTestId('report-generated-at'))).toBe('Not yet');

    // Generate: progress while it runs, then the rows.
    await page.getByTestId('report-generate').click();
    await page.getByTestId('report-rows').waitFor(SLOW);
    const header = await shownText(page.getByTestId('report-rows').locator('thead'));
    expect(header).toContain('Impressions');
    expect(header).toContain('Clicks');
    const firstRow = page.getByTestId('report-rows').locator('tbody tr').first();
    const cells = await firstRow.locator('td').allInnerTexts();
    expect(cells[0]).toBe(today());
    expect(cells.slice(2, 4)).toEqual(['1', '1']);
    // The badge shows it in capitals (CSS); the text is the translated status.
    expect((await page.getByTestId('report-status').textContent())?.trim()).toBe('Ready');
    // When it was generated, and no newer delivery since.
    await expect.poll(() => shownText(page.getByTestId('report-generated-at')), SLOW).not.toBe('Not yet');
    expect(await page.getByTestId('report-stale').count()).toBe(0);
    await checkA11yAtRest(page);

    // Edit: a new name; the result is dropped until it is generated again.
    await page.getByTestId('report-edit').click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toMatch(/^\/report\/edit\/\d+$/);
    await expect.poll(() => page.getByTestId('report-name').inputValue(), SLOW).toBe('E2E performance');
    await page.getByTestId('report-name').fill('E2E edited');
    await page.getByTestId('report-save').click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toMatch(/^\/report\/view\/\d+$/);
    await page.getByTestId('report-draft').waitFor();
    expect(await shownText(page.getByTestId('report-details'))).toContain('E2E edited');
    await page.getByTestId('report-generate').click();
    await page.getByTestId('report-rows').waitFor(SLOW);

    // Download the CSV: 'Starting download', the file, then 'Download successful'.
    const download = page.waitForEvent('download');
    await page.getByTestId('report-download').click();
    const file = await download;
    // The file is named with when the report was generated (in the user's zone).
    const fileName = file.suggestedFilename();
    expect(fileName).toMatch(/^E2E edited \d{4}-\d{2}-\d{2} \d{4}\.csv$/);
    await expect.poll(() => toastText(page, 'success'), SLOW).toBe(`Download successful: ${fileName}`);
    expect(await toastText(page, 'info')).toBe('Starting download: E2E edited.csv');
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split(/\r?\n/)[0]).toBe(
      'Day (UTC),Campaign,Impressions,Clicks,CTR %,Conversions,Spend (USD),eCPM (USD)',
    );

    // The list shows the range with the report's time zone; back to the report from its name.
    await page.goto('/report');
    expect(await shownText(page.getByTestId('report-row-range').first())).toBe(
      `${today()} – ${today()} (UTC)`,
    );
    await page.getByTestId('report-row-name').first().click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toMatch(/^\/report\/view\/\d+$/);

    // Delete after confirming: back on the list, which no longer shows it.
    await page.getByTestId('report-delete-open').click();
    await page.getByTestId('report-delete-confirm').click();
    await waitForPath(page, '/report');
    await expect.poll(() => page.getByTestId('report-row-name').count(), SLOW).toBe(0);
  });

  it('exports the running apps of the days chosen as RunningApps.csv, spend exact, with the download toasts', async () => {
    await winAndClick(e2e.server.baseURL);
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/report');
    await page.getByTestId('running-apps-export').click();
    // UTC days, and the fields say so.
    expect(
      await page
        .getByTestId('running-apps-from')
        .evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent),
    ).toContain('From (UTC)');
    // The last 30 days by default; the end before the start is refused with the server's message.
    expect(await page.getByTestId('running-apps-to').inputValue()).toBe(shownDay(today()));
    await page.getByTestId('running-apps-from').fill(today());
    await page.getByTestId('running-apps-to').fill('2020-01-01');
    await page.getByTestId('running-apps-download').click();
    await expect.poll(() => page.getByText('The end date is before the start date.').count(), SLOW).toBe(1);
    await page.getByTestId('running-apps-to').fill(today());
    const download = page.waitForEvent('download');
    await page.getByTestId('running-apps-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('RunningApps.csv');
    await expect.poll(() => toastText(page, 'success'), SLOW).toBe('Download successful: RunningApps.csv');
    expect(await toastText(page, 'info')).toBe('Starting download: RunningApps.csv');
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv).toContain('Campaign,Exchange,Inventory,App or site,Impressions');
    // The site the won bid ran on, by its domain; spend to the micro-unit (a cent would round it away).
    expect(csv).toMatch(/,Site,www\.foobar\.com,\d+,\d+,[\d.]+,\d+,\d+\.\d{6}\r?\n/);
  });

  it("the admin's multi-dimensional report covers every advertiser", async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/report');
    await page.getByTestId('report-add').click();
    await page.getByTestId('report-add-multi-dimensional').click();
    await waitForPath(page, '/admin/report/create/multi-dimensional');
    await page.getByTestId('report-name').fill('Everything today');
    await page.getByTestId('report-from').fill(today());
    await page.getByTestId('report-to').fill(today());
    await page.getByTestId('report-save').click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toMatch(/^\/admin\/report\/view\/\d+$/);
    await page.getByTestId('report-generate').click();
    await page.getByTestId('report-rows').waitFor(SLOW);
    const header = await shownText(page.getByTestId('report-rows').locator('thead'));
    expect(header).toContain('Advertiser');
    expect(await shownText(page.getByTestId('report-rows').locator('tbody'))).toContain('#6)');
    await checkA11yAtRest(page);
  });
});
