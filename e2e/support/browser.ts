// Chromium (Debian's, through playwright-core) for the e2e suite: launch, one fresh context per test,
// login through the form, axe-core check, screenshots into test-output/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.ts';
import { repoRoot, type ServerHandle, type StartServerOptions, startServer } from './start-server.ts';

export const DEMO_PASSWORD = 'Demo-pass-1';

export const DEMO_USERS = {
  admin: { email: 'admin@demo.test', role: 'ADMIN', home: '/admin/dashboard' },
  coAdmin: { email: 'coadmin@demo.test', role: 'CO-ADMIN', home: '/co-admin/dashboard' },
  agency: { email: 'agency@demo.test', role: 'AGENCY', home: '/agency/dashboard' },
  advertiser: { email: 'advertiser@demo.test', role: 'ADVERTISER', home: '/dashboard' },
  adv1: { email: 'adv1@demo.test', role: 'ADVERTISER', home: '/dashboard' },
  adv2: { email: 'adv2@demo.test', role: 'ADVERTISER', home: '/dashboard' },
} as const;

export type DemoUser = (typeof DEMO_USERS)[keyof typeof DEMO_USERS];

export { CHROMIUM_ARGS };

export const screenshotDir = join(repoRoot, 'test-output', 'screenshots');

/** Launches headless Chromium at CHROME_PATH (`npm test` sets it; see scripts/find-chromium.mjs). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH;
  if (!executablePath) {
    throw new Error(
      'CHROME_PATH is not set: run the browser tests through `npm test`, or set CHROME_PATH=$(node scripts/find-chromium.mjs)',
    );
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/** A fresh context (empty storage) with baseURL set, so `page.goto('/login')` works. */
export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 1366, height: 850 },
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

/** Opens /login and signs in through the form, found by its labels. Does not wait for the landing page. */
export async function login(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page
    .getByLabel(/e-?mail/i)
    .first()
    .fill(email);
  await page
    .getByLabel(/^password/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
}

/** Logs in and waits until the browser is on the user's home path. */
export async function loginAs(page: Page, user: DemoUser, password: string = DEMO_PASSWORD): Promise<void> {
  await login(page, user.email, password);
  await page.waitForURL((url) => url.pathname === user.home);
}

/** Runs axe-core on the current page and throws, listing them, when there is a serious or critical violation. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length === 0) return;
  const lines = serious.map((v) => {
    const targets = v.nodes
      .slice(0, 5)
      .map((n) => n.target.join(' '))
      .join(' | ');
    return `- [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s): ${targets}) ${v.helpUrl}`;
  });
  throw new Error(
    `axe-core found ${serious.length} serious/critical violation(s) on ${page.url()}:\n${lines.join('\n')}`,
  );
}

/** Saves a full-page PNG under test-output/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = join(screenshotDir, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export type E2E = {
  server: ServerHandle;
  browser: Browser;
  /** Fresh for each test. */
  context: BrowserContext;
  /** Fresh for each test. */
  page: Page;
  /** Uncaught errors thrown in the page during the current test. */
  pageErrors: Error[];
};

/**
 * Registers the hooks of a browser test file: one server and one Chromium for the file, a new
 * context and page per test (closed after it; a screenshot `FAILED-<test>` when it fails).
 * Read the fields inside tests and hooks only.
 */
export function useE2E(options: StartServerOptions = {}): E2E {
  const state = { pageErrors: [] as Error[] } as E2E;
  beforeAll(async () => {
    state.server = await startServer(options);
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  beforeEach(async () => {
    state.pageErrors = [];
    state.context = await newContext(state.browser, state.server.baseURL);
    state.page = await state.context.newPage();
    state.page.on('pageerror', (err) => state.pageErrors.push(err));
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && state.page && !state.page.isClosed()) {
      await screenshot(state.page, `FAILED-${ctx.task.name}`).catch(() => undefined);
    }
    await state.context?.close();
  });
  return state;
}
