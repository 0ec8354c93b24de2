// The weight of every signed-in page (budget in docs/measuring.md: 250 kB gzip of JS and CSS a page): each page
// of the bench's list (scripts/bench/route-weight.ts), opened on its own with a cold cache as a user
// opens it, loads at most the budget. Sizes, not times: the figure is the same on a busy machine.
import { describe, expect, it } from 'vitest';
import { measureRoutes, overBudget, ROUTE_BUDGET_KB } from '../../scripts/bench/route-weight.ts';
import { useE2E } from '../support/browser.ts';

const e2e = useE2E();

describe('signed-in page weight', () => {
  it('keeps every measured page within 250 kB of JS + CSS', async () => {
    const rows = await measureRoutes(e2e.browser, e2e.server.baseURL);
    for (const row of rows)
      console.log(`${row.path}: ${(row.gzip / 1000).toFixed(1)} kB in ${row.files.length} files`);
    // Every page was measured.
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(rows.every((row) => row.files.some((file) => file.path.endsWith('.js')))).toBe(true);
    expect(ROUTE_BUDGET_KB).toBe(250);
    expect(overBudget(rows)).toEqual([]);
  }, 300_000);
});
