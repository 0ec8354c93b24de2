// The production server answers: the console's HTML at /login, /api/health, the API reference at
// /docs; Chromium renders /login without an uncaught error, and the signed-in pages load without a
// Content-Security-Policy violation (no eval probe from zod, no inline script or style refused).
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';

const e2e = useE2E();

describe('smoke', () => {
  it('GET /api/health answers {success: true, data: {status: "ok"}}', async () => {
    const res = await fetch(`${e2e.server.baseURL}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { success?: boolean; data?: { status?: string } };
    expect(body.success).toBe(true);
    expect(body.data?.status).toBe('ok');
  });

  it('GET /login serves the console HTML with a root element', async () => {
    const res = await fetch(`${e2e.server.baseURL}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<div[^>]*\bid=["']root["']/);
    expect(html).toMatch(/<script[^>]*type=["']module["'][^>]*src=["'][^"']+\.js["']/);
  });

  it('GET /docs answers with the interactive API reference and /docs/openapi.json with OpenAPI 3.1', async () => {
    const page = await fetch(`${e2e.server.baseURL}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const spec = await fetch(`${e2e.server.baseURL}/docs/openapi.json`);
    expect(spec.status).toBe(200);
    const doc = (await spec.json()) as { openapi?: string; paths?: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths ?? {})).toContain('/api/health');
  });

  it('Chromium renders /login without an uncaught error', async () => {
    const { page } = e2e;
    const response = await page.goto('/login');
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(e2e.pageErrors.map((e) => e.message)).toEqual([]);
  });

  it('loads the signed-in pages without a Content-Security-Policy violation', async () => {
    const { page } = e2e;
    // Listening from the first script on: a violation during start-up counts too.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    const consoleReports: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) consoleReports.push(message.text());
    });
    const violations = async () =>
      page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

    const seen: string[] = [];
    await loginAs(page, DEMO_USERS.advertiser);
    // Pages whose data is checked by zod schemas, each opened afresh (a new document, a new probe).
    for (const path of ['/dashboard', '/campaign', '/funds']) {
      await page.goto(path);
      await page.locator('main#main-content').waitFor();
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      seen.push(...(await violations()).map((violation) => `${path}: ${violation}`));
    }
    expect([...seen, ...consoleReports]).toEqual([]);
    expect(e2e.pageErrors.map((e) => e.message)).toEqual([]);
  }, 120_000);
});
