// Lighthouse on /login and on the signed-in campaign list (issue 14 part 6), desktop and mobile
// presets, on the production server (built web app, embedded database with the demo data).
//   node --import tsx scripts/bench/lighthouse.ts
// Lighthouse comes from the npm registry through npx (it is not a dependency: CI never runs it).
// The session lives in the browser's storage, so the browser is a persistent Chromium profile with
// a debugging port: the script signs in there, and Lighthouse audits in the same profile without
// resetting its storage. Prints Performance, LCP, TBT and CLS; writes test-output/bench-lighthouse.json.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium.ts';
import { repoRoot, startServer } from '../../e2e/support/start-server.ts';
import { findChromium } from '../find-chromium.mjs';

const PORT = 9333;
const LIGHTHOUSE = 'lighthouse@12';

type Audit = {
  page: string;
  preset: 'desktop' | 'mobile';
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

// Not execFileSync: this process also serves Playwright's connection to the same browser.
const execFileAsync = promisify(execFile);

const audit = async (url: string, preset: 'desktop' | 'mobile', page: string): Promise<Audit> => {
  const out = join(mkdtempSync(join(tmpdir(), 'lighthouse-')), 'report.json');
  await execFileAsync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      `--port=${PORT}`,
      '--only-categories=performance',
      '--disable-storage-reset',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    finalDisplayedUrl: string;
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  // A lost session would audit the sign-in page instead: refuse to report that as the page.
  if (new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended at ${report.finalDisplayedUrl}`);
  return {
    page,
    preset,
    performance: Math.round(report.categories.performance.score * 100),
    lcpMs: report.audits['largest-contentful-paint']!.numericValue,
    tbtMs: report.audits['total-blocking-time']!.numericValue,
    cls: report.audits['cumulative-layout-shift']!.numericValue,
  };
};

async function main() {
  const executablePath = process.env.CHROME_PATH || findChromium({ install: false, log: () => undefined });
  process.env.CHROME_PATH = executablePath;
  const server = await startServer({ env: { LOG_LEVEL: 'warn' }, ensureBuilt: true });
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'lighthouse-profile-')), {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`],
  });
  const audits: Audit[] = [];
  try {
    const base = server.baseURL;
    for (const preset of ['desktop', 'mobile'] as const)
      audits.push(await audit(`${base}/login`, preset, '/login'));
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`);
    await page.getByTestId('login-email').fill('advertiser@demo.test');
    await page.getByTestId('login-password').fill('Demo-pass-1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    for (const preset of ['desktop', 'mobile'] as const)
      audits.push(await audit(`${base}/campaign`, preset, '/campaign (signed in)'));
  } finally {
    await context.close();
    await server.stop();
  }
  console.log('\n| page | preset | Performance | LCP ms | TBT ms | CLS |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const a of audits)
    console.log(
      `| ${a.page} | ${a.preset} | ${a.performance} | ${a.lcpMs.toFixed(0)} | ${a.tbtMs.toFixed(0)} | ${a.cls.toFixed(3)} |`,
    );
  mkdirSync(join(repoRoot, 'test-output'), { recursive: true });
  writeFileSync(join(repoRoot, 'test-output', 'bench-lighthouse.json'), JSON.stringify(audits, null, 2));
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
