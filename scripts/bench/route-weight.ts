// The JS + CSS (gzip) that Chromium downloads for each signed-in page, opened on its own with a
// stored session and a cold HTTP cache (e2e/support/route-weight.ts). Budget: 250 kB a page. Beside
// it, when the frame (top bar and menu) was in the page, counted from the moment the entry script had
// arrived (budget 1 s on a quiet machine; that it paints before the page's data is
// e2e/tests/shell-before-data.test.ts).
//   node --import tsx scripts/bench/route-weight.ts [--files] [--check]   (run.ts runs it after the bundle figures)
// --files lists each page's files; --check exits 1 when a page is over the budget (e2e/tests/route-weight.test.ts
// checks the same in `npm test`); writes test-output/bench-route-weight.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium.ts';
import { describeWeight, measurePageWeight, type PageWeight } from '../../e2e/support/route-weight.ts';
import { repoRoot, startServer } from '../../e2e/support/start-server.ts';
import { findChromium } from '../find-chromium.mjs';
import { createDemoReport, signInThroughForm } from './sign-in.ts';

export const ROUTE_BUDGET_KB = 250;

/** The pages measured, by the demo user who opens them; `:report` is a report made for the run. */
export const MEASURED_ROUTES: { email: string; paths: string[] }[] = [
  {
    email: 'advertiser@demo.test',
    paths: ['/dashboard', '/campaign', '/creatives', '/funds', '/report', '/report/view/:report'],
  },
  { email: 'admin@demo.test', paths: ['/admin/dashboard', '/admin/campaign', '/admin/users'] },
];

export const SHELL_BUDGET_MS = 1000;

/** `route` is the template of MEASURED_ROUTES, `path` the address opened. */
export type RouteWeight = {
  email: string;
  route: string;
  path: string;
  shellMs: number | null;
  /** The 1-minute load average when the page was opened. */
  load: string;
} & PageWeight;

/**
 * Run in the page before its scripts: notes when the menu is first in the document
 * (window.__shellAt, performance.now()): the frame is painted with the next frame, a few ms later
 * (requestAnimationFrame itself does not run in a page opened behind another).
 */
const watchShell = () => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="main-menu"]')) return;
    (window as unknown as { __shellAt: number }).__shellAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
};

/** Milliseconds from the entry script's arrival (index-*.js, responseEnd) to the frame in the page. */
const shellAfterEntry = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as { __shellAt?: number }).__shellAt, null, {
      timeout: 30_000,
    })
    .then(() =>
      page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .find((timing) => /\/assets\/index-[^/]*\.js$/.test(timing.name)) as PerformanceResourceTiming;
        const painted = (window as unknown as { __shellAt: number }).__shellAt;
        return entry ? painted - entry.responseEnd : null;
      }),
    )
    .catch(() => null);

/** Placeholders of a page still loading: the frame's skeleton, load states, Mantine skeletons (the chart's). */
const PLACEHOLDERS = '[data-testid="page-skeleton"], [data-testid$="-loading"], .mantine-Skeleton-root';

/** The frame is there and no placeholder is left (what is still missing then is not waited for). */
const pageShown = async (page: Page) => {
  await page.locator('main#main-content').waitFor({ timeout: 60_000 });
  await page
    .waitForFunction((selector) => document.querySelectorAll(selector).length === 0, PLACEHOLDERS, {
      timeout: 30_000,
    })
    .catch(() => undefined);
};

/** Measures every page of MEASURED_ROUTES on a running console. */
export async function measureRoutes(browser: Browser, baseURL: string): Promise<RouteWeight[]> {
  const out: RouteWeight[] = [];
  for (const { email, paths } of MEASURED_ROUTES) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'en-US' });
    await context.addInitScript(watchShell);
    try {
      const page = await context.newPage();
      await signInThroughForm(page, baseURL, email);
      const report = paths.some((p) => p.includes(':report')) ? await createDemoReport(baseURL, email) : 0;
      for (const template of paths) {
        const path = template.replace(':report', String(report));
        const fresh = await context.newPage();
        const weight = await measurePageWeight(fresh, `${baseURL}${path}`, pageShown);
        if (new URL(fresh.url()).pathname !== path) throw new Error(`${path} ended at ${fresh.url()}`);
        out.push({
          email,
          route: template,
          path,
          shellMs: await shellAfterEntry(fresh),
          load: loadavg()[0]!.toFixed(1),
          ...weight,
        });
        await fresh.close();
      }
    } finally {
      await context.close();
    }
  }
  return out;
}

export function printRouteWeights(rows: RouteWeight[]): void {
  console.log(
    `\n## Signed-in pages: JS + CSS a cold visit downloads (gzip level 9; budget ${ROUTE_BUDGET_KB} kB)\n`,
  );
  console.log(
    `| user | page | files | kB gzip | budget | frame shown, ms after the entry script arrived (budget ${SHELL_BUDGET_MS}) | load average |`,
  );
  console.log('| --- | --- | ---: | ---: | --- | ---: | ---: |');
  for (const row of rows)
    console.log(
      `| ${row.email} | ${row.path} | ${row.files.length} | ${(row.gzip / 1000).toFixed(1)} | ${
        row.gzip > ROUTE_BUDGET_KB * 1000 ? 'OVER' : 'within'
      } | ${row.shellMs === null ? 'not seen' : row.shellMs.toFixed(0)} | ${row.load} |`,
    );
}

/** The pages heavier than the budget, each with its files (largest first). */
export const overBudget = (rows: readonly RouteWeight[]): string[] =>
  rows
    .filter((row) => row.gzip > ROUTE_BUDGET_KB * 1000)
    .map(
      (row) =>
        `${row.path}: ${(row.gzip / 1000).toFixed(1)} kB > ${ROUTE_BUDGET_KB} kB\n${describeWeight(row)}`,
    );

/** Launches Chromium, measures MEASURED_ROUTES on the console at `baseURL`, and closes it. */
export async function measureSignedInRoutes(baseURL: string): Promise<RouteWeight[]> {
  const executablePath = process.env.CHROME_PATH || findChromium({ install: false, log: () => undefined });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    return await measureRoutes(browser, baseURL);
  } finally {
    await browser.close();
  }
}

async function main() {
  const server = await startServer({ env: { LOG_LEVEL: 'warn' }, ensureBuilt: true });
  try {
    const rows = await measureSignedInRoutes(server.baseURL);
    printRouteWeights(rows);
    if (process.argv.includes('--files'))
      for (const row of rows) console.log(`\n${row.path}\n${describeWeight(row)}`);
    mkdirSync(join(repoRoot, 'test-output'), { recursive: true });
    writeFileSync(join(repoRoot, 'test-output', 'bench-route-weight.json'), JSON.stringify(rows, null, 2));
    const over = overBudget(rows);
    if (process.argv.includes('--check') && over.length > 0) {
      console.error(`\nOver the budget:\n${over.join('\n\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('route-weight.ts'))
  main()
    .then(() => process.exit(process.exitCode ?? 0))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
