// The weight of /login (its budget: docs/measuring.md): the JavaScript and CSS a logged-out visitor's
// browser fetches to show the sign-in form, gzip-compressed, stays at or under 120 KB. Every script
// and stylesheet requested until the form is shown and the network is quiet counts, lazy chunks and
// the active locale included, so the budget holds for what a user really downloads.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/browser.ts';

const e2e = useE2E();

const BUDGET_BYTES = 120 * 1000;

describe('/login weight', () => {
  it('loads at most 120 KB gzip of JavaScript and CSS', async () => {
    const { page } = e2e;
    const bodies = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!/\.(m?js|css)$/.test(url.pathname) || bodies.has(url.pathname)) return;
      bodies.set(
        url.pathname,
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    });
    await page.goto('/login');
    await page.getByRole('button', { name: /^sign in$/i }).waitFor();
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    const sizes = await Promise.all([...bodies].map(async ([path, size]) => ({ path, gzip: await size })));
    const total = sizes.reduce((sum, file) => sum + file.gzip, 0);
    const list = sizes
      .sort((a, b) => b.gzip - a.gzip)
      .map((file) => `${file.path} ${(file.gzip / 1000).toFixed(1)} KB`)
      .join('\n');
    console.log(`/login: ${(total / 1000).toFixed(1)} KB gzip JS+CSS in ${sizes.length} files\n${list}`);
    // Something was measured: the app's entry script at least.
    expect(sizes.some((file) => file.path.endsWith('.js'))).toBe(true);
    expect(total, list).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  }, 60_000);
});
