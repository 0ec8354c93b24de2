// Chromium (Debian's, through playwright-core) for the e2e suite: launch, or connect to the run's
// (global-setup.ts); one fresh context per test, login through the form, axe-core check,
// screenshots into test-output/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { AxeResults, RunOptions } from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
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

/** The private parts of AxeBuilder (@axe-core/playwright 4.x) that axeOn reads or replaces. */
type AxeBuilderInternals = {
  option: RunOptions;
  script: () => string;
  axeConfigure: () => Promise<string>;
  finishRun: (partials: unknown) => Promise<AxeResults>;
};

/** A blank page per browser connection, kept for every check: see axeOn. */
const finishers = new WeakMap<Browser, Promise<Page>>();

/**
 * An AxeBuilder on `page` that merges the frames' partial results (axe.finishRun) on one blank page
 * of the file's browser, kept for every check, instead of opening a blank page in the test's
 * context and injecting axe-core into it at each check (about 1 s a check on a busy 2-core
 * machine). The same axe-core source, configuration and options as AxeBuilder's own finishRun:
 * the same results.
 */
function axeOn(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page });
  const internals = builder as unknown as AxeBuilderInternals;
  internals.finishRun = async (partials) => {
    const browser = page.context().browser();
    if (!browser) throw new Error('axe-core: the page has no browser');
    let finisher = finishers.get(browser);
    if (!finisher) {
      finisher = browser.newContext().then((context) => context.newPage());
      finishers.set(browser, finisher);
    }
    const blank = await finisher;
    if (!(await blank.evaluate(() => 'axe' in window))) {
      await blank.evaluate(internals.script());
      await blank.evaluate(await internals.axeConfigure());
    }
    return blank.evaluate(
      ({ json, options }) =>
        (
          window as unknown as { axe: { finishRun: (p: unknown, o: unknown) => Promise<AxeResults> } }
        ).axe.finishRun(JSON.parse(json), options),
      { json: JSON.stringify(partials), options: internals.option },
    );
  };
  return builder;
}

/** Runs axe-core on the current page and throws, listing them, when there is a serious or critical violation. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<void> {
  let builder = axeOn(page);
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

/**
 * Opens the select or multi-select whose input is `testId` and clicks its option `name` (exactly).
 * On a busy machine a click on the input can leave it focused with its list closed (seen in CI
 * under load): the input is clicked again while no list shows, never while one does (a click
 * there would close it).
 */
export async function chooseOption(page: Page, testId: string, name: string): Promise<void> {
  const option = page.getByRole('option', { name, exact: true });
  for (let attempt = 1; ; attempt++) {
    const listShown = await page.getByRole('listbox').filter({ visible: true }).count();
    if (listShown === 0) await page.getByTestId(testId).click();
    try {
      await option.waitFor({ state: 'visible', timeout: 4_000 });
      break;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
  await option.click();
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
 * The file's server: its own process and database. A server with the default seed starts from a
 * copy of the run's seeded template (global-setup.ts) rather than seeding again; one that seeds
 * differently (DEMO_HISTORY_DAYS, another database, arguments) seeds its own.
 */
const startFileServer = ({
  ownSeed: wantsOwnSeed,
  ownBrowser: _,
  ...options
}: E2EOptions): Promise<ServerHandle> => {
  const seeded = inject('e2eSeededDataDir');
  const ownSeed =
    wantsOwnSeed ||
    !seeded ||
    options.args?.length ||
    options.dataDir ||
    options.copyDataDirFrom ||
    options.env?.DEMO_HISTORY_DAYS !== undefined ||
    options.env?.DATABASE_URL !== undefined;
  return startServer(ownSeed ? options : { ...options, copyDataDirFrom: seeded });
};

/** The run's Chromium (global-setup.ts), connected to; a Chromium of its own when there is none or the file asks. */
const fileBrowser = (options: E2EOptions): Promise<Browser> => {
  const endpoint = inject('e2eBrowserEndpoint');
  return endpoint && !options.ownBrowser ? chromium.connect(endpoint) : launchBrowser();
};

export type E2EOptions = StartServerOptions & {
  /**
   * Seed the file's server itself instead of starting from a copy of the run's seeded template.
   * For the files that bid: a server started on a seeded copy answered the reports' test bid with
   * no bid (204), but so did, once, a server that seeded itself on a machine at load 5-10 (the
   * bidder sheds bids when it lags), so the copy may not be the cause; not yet told apart.
   */
  ownSeed?: boolean;
  /** Launch a Chromium of the file's own: download.path() is not available on a connected one. */
  ownBrowser?: boolean;
};

/**
 * Registers the hooks of a browser test file: one server (its own, see startFileServer) and one
 * connection to Chromium for the file, a new context and page per test (closed after it; a
 * screenshot `FAILED-<test>` when it fails). Read the fields inside tests and hooks only.
 */
export function useE2E(options: E2EOptions = {}): E2E {
  const state = { pageErrors: [] as Error[] } as E2E;
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startFileServer(options), fileBrowser(options)]);
    if (server.status === 'fulfilled') state.server = server.value;
    if (browser.status === 'fulfilled') state.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
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
