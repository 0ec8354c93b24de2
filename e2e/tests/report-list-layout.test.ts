// The report list at 1440 px, in Chromium: a report not yet generated shows its whole status badge
// ("NOT GENERATED", in German "NICHT ERSTELLT" or whatever the language says), never cut to
// "NOT GENERA…" by the columns beside it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi } from '../support/campaign-api.ts';
import { shownText } from '../support/console.ts';

const e2e = useE2E();
const { api, tokenOf } = campaignApi(e2e);

/** Whether every status badge shows its words whole (nothing clipped by an ellipsis). */
const badgesWhole = (page: Page) =>
  page.getByTestId('report-status').evaluateAll((badges) =>
    badges.map((badge) => {
      const label = badge.querySelector('span') ?? badge;
      return label.scrollWidth <= label.clientWidth + 1 && badge.scrollWidth <= badge.clientWidth + 1;
    }),
  );

describe('the report list at 1440 px', () => {
  it('shows a report not generated with its whole status badge, in each language', async () => {
    const token = await tokenOf(DEMO_USERS.advertiser.email);
    const day = new Date().toISOString().slice(0, 10);
    await api('POST', '/api/report/create', token, {
      name: 'A report with a rather long name to squeeze the other columns of the list',
      report_type: 'performance',
      dimensions: ['day', 'campaign'],
      metrics: ['impressions', 'clicks', 'spend'],
      date_from: day,
      date_to: day,
      time_zone: 'America/Argentina/Buenos_Aires',
    });
    const { page } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/report');
    const draft = page.getByTestId('report-status').filter({ hasText: 'Not generated' }).first();
    await draft.waitFor();
    expect(await shownText(draft)).toMatch(/^not generated$/i);
    expect(await badgesWhole(page)).not.toContain(false);
    for (const language of ['gr', 'rs', 'sp', 'it'] as const) {
      await page.getByTestId('language-picker').selectOption(language);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).not.toBe('en');
      await page.getByTestId('report-status').first().waitFor();
      expect(await badgesWhole(page), language).not.toContain(false);
    }
  });
});
