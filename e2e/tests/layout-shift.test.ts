// Cumulative layout shift of signed-in pages (target: at most 0.1, the "good" threshold): the
// admin's campaign list and the advertiser's dashboard, opened at a desktop width while their data
// loads. The list's placeholder rows once shared keys with the campaign rows, so the rows that
// arrived took over the placeholders' nodes and counted as moved (0.18).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, type DemoUser, loginAs, useE2E } from '../support/browser.ts';

const e2e = useE2E();

type Shift = { value: number; sources: string[] };

/** Sums the layout shifts (none after input) of opening `path` until the network is quiet. */
const layoutShiftOf = async (page: Page, user: DemoUser, path: string, testId: string) => {
  await page.setViewportSize({ width: 1350, height: 940 });
  await loginAs(page, user);
  await page.waitForURL(`**${user.home}`);
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: Shift[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            sources: entry.sources.map((source) => source.node?.nodeName ?? ''),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await page.getByTestId(testId).waitFor();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
};

describe('layout shift', () => {
  it('the campaign list moves at most 0.1 while its rows arrive', async () => {
    const { total, shifts } = await layoutShiftOf(
      e2e.page,
      DEMO_USERS.admin,
      '/admin/campaign',
      'campaigns-row-3',
    );
    expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.1);
  }, 60_000);

  it('the dashboard moves at most 0.1 while its tiles, chart and tables arrive', async () => {
    const { total, shifts } = await layoutShiftOf(
      e2e.page,
      DEMO_USERS.advertiser,
      '/dashboard',
      'time-chart',
    );
    expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.1);
  }, 60_000);
});
