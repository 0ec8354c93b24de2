// Lighthouse on /login and on signed-in pages (the advertiser's dashboard, funds and a report view;
// the admin's campaign list), desktop and mobile presets, on the production server (built web app,
// embedded database with the demo data). Each page is audited --runs times (default 3) and the
// median run (by Performance) is reported, with the load average while it ran: figures taken on a
// busy machine say so.
//   node --import tsx scripts/bench/lighthouse.ts [--runs=3] [--pages=/dashboard,/admin/campaign] [--presets=mobile]
// Lighthouse comes from the npm registry through npx (it is not a dependency: CI never runs it).
// The session lives in the browser's storage, so the browser is a persistent Chromium profile with
// a debugging port: the script signs in there, and Lighthouse audits in the same profile without
// resetting its storage. Prints Performance, LCP, TBT, CLS and the scripts requested; writes test-output/bench-lighthouse.json.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium.ts';
import { repoRoot, startServer } from '../../e2e/support/start-server.ts';
import { findChromium } from '../find-chromium.mjs';
import { createDemoReport, signInThroughForm } from './sign-in.ts';

const PORT = 9333;
const LIGHTHOUSE = 'lighthouse@12';
const runsOption = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = Math.max(1, Number(runsOption?.slice('--runs='.length) ?? 3));
// --pages=/admin/campaign,/funds audits only the pages whose path starts with one of these.
const pagesOption = process.argv.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length);
const wanted = (path: string) =>
  pagesOption === undefined || pagesOption.split(',').some((prefix) => path.startsWith(prefix));
// --presets=mobile audits only that preset (default both).
const presetsOption = process.argv.find((arg) => arg.startsWith('--presets='))?.slice('--presets='.length);
const PRESETS = (['desktop', 'mobile'] as const).filter(
  (preset) => presetsOption === undefined || presetsOption.split(',').includes(preset),
);

type Audit = {
  page: string;
  preset: 'desktop' | 'mobile';
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scripts the page requested (steadier than the timings on a busy machine). */
  scripts: number;
  /** The 1-minute load average when the run ended. */
  load: number;
};

/** Attempts at one audit before a lost trace ends the bench. */
const TRIES = 4;

/** The middle run by Performance (the lower middle of an even count), with every run's score. */
const median = (runs: Audit[]): Audit & { scores: number[] } => {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, scores: runs.map((run) => run.performance) };
};

/** Audits a page RUNS times and keeps the median run. */
const auditRuns = async (url: string, preset: 'desktop' | 'mobile', page: string) => {
  const runs: Audit[] = [];
  // Lighthouse sometimes loses its trace (NO_NAVSTART), on a quiet machine too: such a run is tried
  // again, up to TRIES times in all, before the bench gives up.
  const auditOnce = async (): Promise<Audit> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await audit(url, preset, page);
      } catch (error) {
        if (attempt >= TRIES) throw error;
        console.log(`${page} ${preset}: run failed (${String(error).split('\n')[1] ?? error}), trying again`);
      }
    }
  };
  for (let run = 0; run < RUNS; run++) runs.push(await auditOnce());
  const middle = median(runs);
  // As it comes, so a long run shows its progress.
  console.log(
    `${page} ${preset}: Performance ${middle.scores.join(' ')} (median ${middle.performance}), CLS ${middle.cls.toFixed(3)}`,
  );
  return middle;
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
    audits: Record<string, { numericValue: number; details?: { items?: { resourceType?: string }[] } }>;
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
    scripts: (report.audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script',
    ).length,
    load: loadavg()[0]!,
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
  const audits: (Audit & { scores: number[] })[] = [];
  try {
    const base = server.baseURL;
    if (wanted('/login'))
      for (const preset of PRESETS) audits.push(await auditRuns(`${base}/login`, preset, '/login'));
    const page = context.pages()[0] ?? (await context.newPage());
    // Each user's pages in turn: signing in as the next one replaces the stored session.
    const advertiser = 'advertiser@demo.test';
    const report = await createDemoReport(base, advertiser);
    const signedIn: { email: string; paths: string[] }[] = [
      { email: advertiser, paths: ['/dashboard', '/funds', `/report/view/${report}`] },
      { email: 'admin@demo.test', paths: ['/admin/campaign'] },
    ];
    for (const { email, paths } of signedIn) {
      if (!paths.some(wanted)) continue;
      await signInThroughForm(page, base, email);
      for (const path of paths.filter(wanted))
        for (const preset of PRESETS)
          audits.push(await auditRuns(`${base}${path}`, preset, `${path} (signed in)`));
    }
  } finally {
    await context.close();
    await server.stop();
  }
  console.log(
    `\nLighthouse, median of ${RUNS} run(s) by Performance; load = 1-minute load average at its end.`,
  );
  console.log('\n| page | preset | Performance | runs | LCP ms | TBT ms | CLS | scripts | load |');
  console.log('| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const a of audits)
    console.log(
      `| ${a.page} | ${a.preset} | ${a.performance} | ${a.scores.join(' ')} | ${a.lcpMs.toFixed(0)} | ${a.tbtMs.toFixed(0)} | ${a.cls.toFixed(3)} | ${a.scripts} | ${a.load.toFixed(1)} |`,
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
