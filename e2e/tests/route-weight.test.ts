// The weight of every signed-in page (budget in docs/measuring.md: 250 kB gzip of JS and CSS a page): each page
// of the bench's list (scripts/bench/route-weight.ts), opened on its own with a cold cache as a user
// opens it, loads at most its ceiling: the budget, or for a page still over it what it weighs today,
// so no change makes a page heavier. Sizes, not times: the figure is the same on a busy machine.
import { describe, expect, it } from 'vitest';
import {
  measureRoutes,
  overCeiling,
  ROUTE_BUDGET_KB,
  staleCeilings,
} from '../../scripts/bench/route-weight.ts';
import { useE2E } from '../support/browser.ts';

const e2e = useE2E();

describe('signed-in page weight', () => {
  it('keeps every measured page within its JS + CSS ceiling', async () => {
    const rows = await measureRoutes(e2e.browser, e2e.server.baseURL);
    for (const row of rows)
      console.log(`${row.path}: ${(row.gzip / 1000).toFixed(1)} kB in ${row.files.length} files`);
    // Every page was measured.
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(rows.every((row) => row.files.some((file) => file.path.endsWith('.js')))).toBe(true);
    expect(overCeiling(rows)).toEqual([]);
    // The target is 250 kB a page; a page back within it loses its own ceiling.
    expect(ROUTE_BUDGET_KB).toBe(250);
    expect(staleCeilings(rows)).toEqual([]);
  }, 300_000);
});
