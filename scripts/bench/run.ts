// `npm run bench`: prints figures, never asserts on time.
//   (a) gzip size of the initial JS + CSS of /login (budget 120 kB) and of the largest other chunk,
//       and the JS + CSS Chromium downloads for each signed-in page (route-weight.ts, budget 250 kB);
//   (b) throughput and latency of GET /api/health, POST /api/auth/login, GET /api/auth/refresh-token
//       and the demo's lists, details, dashboards and reports on the production server: on PGlite
//       (fresh DATA_DIR) as `npm start` seeds it, with the demo's 30 days of delivery history, and
//       again without history, and, when one is reachable, on a fresh PostgreSQL database;
//   (c) the campaign list at 100,000 campaigns (campaigns.ts) and inventory lists at 1,000,000 entries
//       (lists.ts), each on its own fresh PostgreSQL database.
//   (d) the built-in bidder (scripts/bench/bidder.ts): pacing accuracy over a simulated day, decision
//       time and bid requests per second with 1,000 active campaigns, the saturation rate and late
//       answers at twice it, win and billing notices at 2,000/s with the ledger's exactly-once check.
//       Run one of them alone: `node --import tsx scripts/bench/bidder.ts --only=notices` (or
//       pacing, bids, saturation; see that file's header).
//   (e) the time to read a balance with 1,000,000 ledger entries (scripts/bench/funds.ts).
//   (f) campaign forecasts over 7 days of demo request samples (scripts/bench/forecast.ts).
//   (g) insight at desk size: 10,000,000 events over 90 days, every dashboard query, a 30-day report
//       and the dashboard's first paint (scripts/bench/insight.ts; PostgreSQL).
//   (h) Lighthouse on /login and signed-in pages (dashboard, admin campaign list, a report view, funds),
//       desktop and mobile, median of 3 runs (scripts/bench/lighthouse.ts).
//
// Options: --skip-build (use the existing apps/web/dist), --only=web|api|api-load (api-load: (b) only),
//          --duration=<s> (default 5),
//          --concurrency=<n> (default 8), --databases=history,empty,postgres (which servers (b) measures;
//          default all three), --scenarios=<word>,<word> ((b) measures health and the scenarios whose
//          endpoint contains one of the words, e.g. --scenarios=campaigns,dashboard). PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
//          postgres://postgres@127.0.0.1:5432/postgres; BENCH_DATABASE_URL=off skips it.
//          --profile=<dir>: the embedded-history server writes a CPU profile (node --cpu-prof) there.
// Also writes the figures as JSON to test-output/bench.json.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium.ts';
import { repoRoot, type ServerHandle, startServer, webDist } from '../../e2e/support/start-server.ts';
import { findChromium } from '../find-chromium.mjs';
import { assetOf, type BundleReport, measureBundle } from './bundle.ts';
import { type LoadResult, runLoad, type Worker } from './load.ts';
import { cpuMeter } from './process-cpu.ts';
import { measureSignedInRoutes, printRouteWeights } from './route-weight.ts';

const LOGIN_BUDGET_KB = 120;
const DEMO_EMAILS = [
  'admin@demo.test',
  'coadmin@demo.test',
  'agency@demo.test',
  'advertiser@demo.test',
  'adv1@demo.test',
  'adv2@demo.test',
];
const DEMO_PASSWORD = 'Demo-pass-1'; // start-server never passes DEMO_PASSWORD on

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string) =>
  argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
  (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const only = option('only');
const wantsWeb = only === undefined || only === 'web';
const wantsApiLoad = only !== 'web';
/** The benches after the API load, (c) to (g). */
const wantsRest = only === undefined || only === 'api';
const durationMs = Number(option('duration') ?? 5) * 1000;
const concurrency = Number(option('concurrency') ?? 8);
const warmupMs = 1000;
const databases = (option('databases') ?? 'history,empty,postgres').split(',');
const scenarioWords = option('scenarios')?.split(',');
/** --profile=<dir>: the embedded-history server writes a CPU profile (node --cpu-prof) there when it stops. */
const profileDir = option('profile');
const maxRequests = 200_000;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '-');
const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const section = (title: string) => console.log(`\n## ${title}\n`);

// ---------------------------------------------------------------------------------------------------
// (a) Web bundle

type LoadedLogin = { files: string[]; gzip: number } | { skipped: string };

function buildWeb(): void {
  if (flag('skip-build') && existsSync(join(webDist, 'index.html'))) {
    console.log('Using the existing apps/web/dist (--skip-build).');
    return;
  }
  console.log('Building the web app (npm run build)...');
  const t0 = performance.now();
  const res = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error(`npm run build failed (exit ${res.status ?? res.signal})`);
  console.log(`Built in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
}

function printBundle(report: BundleReport, loaded: LoadedLogin | undefined): void {
  section('Web bundle (apps/web/dist; gzip at zlib default level; 1 kB = 1000 bytes)');
  const over = report.initialGzip > LOGIN_BUDGET_KB * 1000;
  console.log(
    `/login initial JS + CSS (index.html: entry, modulepreload, stylesheets): ${kB(report.initialGzip)} gzip` +
      ` -- budget ${LOGIN_BUDGET_KB} kB: ${over ? 'OVER BUDGET' : 'within'}`,
  );
  for (const a of report.initial)
    console.log(`    ${a.file.padEnd(48)} ${kB(a.gzip).padStart(10)} (${kB(a.bytes)} raw)`);
  if (loaded && 'files' in loaded) {
    const overLoaded = loaded.gzip > LOGIN_BUDGET_KB * 1000;
    console.log(
      `/login as Chromium loads it (every JS + CSS file until the network is idle): ${kB(loaded.gzip)} gzip` +
        ` -- budget ${LOGIN_BUDGET_KB} kB: ${overLoaded ? 'OVER BUDGET' : 'within'}`,
    );
    for (const f of loaded.files.filter((f) => !report.initial.some((a) => a.file === f))) {
      console.log(`    + ${f} (loaded after start)`);
    }
  } else if (loaded) {
    console.log(`/login as Chromium loads it: not measured (${loaded.skipped})`);
  }
  const largest = report.otherJs[0];
  console.log(
    largest
      ? `Largest other JS chunk: ${largest.file} ${kB(largest.gzip)} gzip (${kB(largest.bytes)} raw)`
      : 'Largest other JS chunk: none (everything is in the initial load)',
  );
  for (const a of report.otherJs.slice(1, 5))
    console.log(`    next: ${a.file.padEnd(42)} ${kB(a.gzip).padStart(10)}`);
  console.log(
    `All JS + CSS: ${kB(report.totalJsCssGzip)} gzip in ${report.otherJs.length + report.initial.length} files`,
  );
}

/** Opens /login in Chromium (when one is installed) and sums the gzip sizes of the JS and CSS it fetched. */
async function measureLoadedLogin(baseURL: string): Promise<LoadedLogin> {
  let executablePath: string;
  try {
    executablePath = process.env.CHROME_PATH || findChromium({ install: false, log: () => undefined });
  } catch {
    return { skipped: 'no Chromium installed; `node scripts/find-chromium.mjs` installs it' };
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const files: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin === baseURL && /\.(m?js|css)$/.test(url.pathname)) {
        const file = url.pathname.replace(/^\//, '');
        if (!files.includes(file)) files.push(file);
      }
    });
    await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
    const present = files.filter((f) => existsSync(join(webDist, f)));
    return { files: present, gzip: present.reduce((s, f) => s + assetOf(webDist, f).gzip, 0) };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// (b) API load

type Row = { database: string; endpoint: string; serverCpuMs: number; loadavg: number } & LoadResult;

async function api<T>(
  baseURL: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T | undefined }> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: T | undefined;
  try {
    body = text ? (JSON.parse(text) as T) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

type Session = { data?: { token?: string } };

async function loginToken(baseURL: string, email: string): Promise<string> {
  const { status, body } = await api<Session>(baseURL, '/api/auth/login', {
    method: 'POST',
    body: { email, password: DEMO_PASSWORD },
  });
  const token = body?.data?.token;
  if (status !== 200 || !token)
    throw new Error(`login as ${email} failed: HTTP ${status} ${JSON.stringify(body)}`);
  return token;
}

const HEALTH_AGAIN = 'GET /api/health (again, last)';
const isHealth = (endpoint: string) => endpoint === 'GET /api/health' || endpoint === HEALTH_AGAIN;

async function benchServer(database: string, server: ServerHandle): Promise<Row[]> {
  const { baseURL } = server;
  // Fail early and clearly when the demo users are not there.
  await loginToken(baseURL, DEMO_EMAILS[0]!);

  const scenarios: { endpoint: string; makeWorker: (i: number) => Promise<Worker> }[] = [
    {
      endpoint: 'GET /api/health',
      makeWorker: async () => ({
        step: async () => (await api(baseURL, '/api/health')).status === 200,
      }),
    },
    {
      endpoint: 'POST /api/auth/login',
      makeWorker: async (i) => {
        const email = DEMO_EMAILS[i % DEMO_EMAILS.length]!;
        return {
          step: async () => {
            const { status, body } = await api<Session>(baseURL, '/api/auth/login', {
              method: 'POST',
              body: { email, password: DEMO_PASSWORD },
            });
            return status === 200 && typeof body?.data?.token === 'string';
          },
        };
      },
    },
    {
      endpoint: 'GET /api/auth/refresh-token',
      makeWorker: async (i) => {
        // Refresh rotates the token: each worker chains its own session, always using the newest token.
        const email = DEMO_EMAILS[i % DEMO_EMAILS.length]!;
        let token = await loginToken(baseURL, email);
        return {
          step: async () => {
            const { status, body } = await api<Session>(baseURL, '/api/auth/refresh-token', { token });
            const next = body?.data?.token;
            if (status !== 200 || !next) return false;
            token = next;
            return true;
          },
          recover: async () => {
            token = await loginToken(baseURL, email);
          },
        };
      },
    },
  ];

  // The demo's lists and details, as an admin and as an advertiser (budget, docs/measuring.md: at least 15% of
  // health's throughput in the same run on the embedded default).
  const tokens = {
    admin: await loginToken(baseURL, 'admin@demo.test'),
    advertiser: await loginToken(baseURL, 'advertiser@demo.test'),
  };
  const firstId = async (path: string, field: string) => {
    const { body } = await api<{ data?: { items?: Record<string, unknown>[] } }>(baseURL, path, {
      token: tokens.admin,
    });
    const id = body?.data?.items?.[0]?.[field];
    if (typeof id !== 'number') throw new Error(`${path}: no ${field} in the first item`);
    return id;
  };
  const campaignId = await firstId('/api/campaigns', 'campaign_id');
  const reportId = await generatedReport(baseURL, tokens.admin);
  const creativeId = await firstId('/api/creatives', 'creative_primary_id');
  const read = (endpoint: string, path: string, token?: string) => ({
    endpoint,
    makeWorker: async () => ({ step: async () => (await api(baseURL, path, { token })).status === 200 }),
  });
  scenarios.push(
    read('GET /api/auth/agency-config', '/api/auth/agency-config'),
    read('GET /api/campaigns (admin)', '/api/campaigns', tokens.admin),
    read('GET /api/campaigns (advertiser)', '/api/campaigns', tokens.advertiser),
    read('GET /api/campaigns/:id', `/api/campaigns/${campaignId}`, tokens.admin),
    read('GET /api/creatives (admin)', '/api/creatives', tokens.admin),
    read('GET /api/creatives (advertiser)', '/api/creatives', tokens.advertiser),
    read('GET /api/creatives/:id', `/api/creatives/${creativeId}`, tokens.admin),
  );
  // The dashboards over the last 30 days (the demo's history when it has one) and the reports.
  const range = `from=${dayOf(-29)}&to=${dayOf(0)}&tz=UTC`;
  for (const [who, prefix, token] of [
    ['admin', '/api/admin/dashboard', tokens.admin],
    ['advertiser', '/api/dashboard', tokens.advertiser],
  ] as const)
    scenarios.push(
      read(`GET ${prefix}/overview (${who}, 30 days)`, `${prefix}/overview?${range}&compare=true`, token),
      read(`GET ${prefix}/chart (${who}, 30 days by day)`, `${prefix}/chart?${range}&granularity=day`, token),
      read(`GET ${prefix}/performance/campaign (${who})`, `${prefix}/performance/campaign?${range}`, token),
    );
  scenarios.push(
    read('GET /api/report/get (admin)', '/api/report/get', tokens.admin),
    read('GET /api/report/getSingle/:id', `/api/report/getSingle/${reportId}`, tokens.admin),
    read('GET /api/report/rows/:id', `/api/report/rows/${reportId}`, tokens.admin),
  );

  // Health again after the rest, the server's code warm by then: the share is taken of the higher
  // of its two figures (a cold first figure alone made every share look larger).
  scenarios.push({ ...scenarios[0]!, endpoint: HEALTH_AGAIN });

  const meter = cpuMeter(server.pid);
  const rows: Row[] = [];
  const wanted = (endpoint: string) =>
    isHealth(endpoint) || !scenarioWords || scenarioWords.some((w) => endpoint.includes(w));
  for (const s of scenarios.filter((s) => wanted(s.endpoint))) {
    process.stdout.write(`  ${database}: ${s.endpoint} ... `);
    const before = await meter.sample();
    const result = await runLoad({
      concurrency,
      warmupMs,
      durationMs,
      maxRequests,
      makeWorker: s.makeWorker,
    });
    const serverCpuMs = meter.spent(before, await meter.sample()).server / result.sent;
    console.log(
      `${result.rps.toFixed(0)} req/s, p99 ${ms(result.p99)} ms${result.errors ? `, ${result.errors} errors` : ''}`,
    );
    rows.push({ database, endpoint: s.endpoint, ...result, serverCpuMs, loadavg: loadavg()[0]! });
  }
  await meter.close();
  return rows;
}

function printRows(rows: Row[]): void {
  section(
    `API load (${concurrency} workers, ${warmupMs / 1000} s warm-up + ${durationMs / 1000} s each; Node fetch over 127.0.0.1; ` +
      'load generator and server share the machine)',
  );
  const header = [
    'database',
    'endpoint',
    'req/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'requests',
    'errors',
    'share of health',
    'server CPU ms/req',
    'load avg',
  ];
  const healthOf = (database: string) =>
    Math.max(...rows.filter((r) => r.database === database && isHealth(r.endpoint)).map((r) => r.rps));
  const table = rows.map((r) => [
    r.database,
    r.endpoint,
    r.rps.toFixed(0),
    ms(r.p50),
    ms(r.p90),
    ms(r.p99),
    ms(r.max),
    String(r.requests),
    String(r.errors),
    `${((100 * r.rps) / healthOf(r.database)).toFixed(1)}%`,
    ms(r.serverCpuMs),
    r.loadavg.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of table) console.log(line(row));
}

const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A saved report of the last 30 days by day and campaign, generated (its id). */
async function generatedReport(baseURL: string, token: string): Promise<number> {
  const created = await api<{ data?: { report_id?: number } }>(baseURL, '/api/report/create', {
    method: 'POST',
    token,
    body: {
      name: 'Bench 30 days',
      report_type: 'multi-dimensional',
      dimensions: ['day', 'campaign'],
      metrics: ['impressions', 'clicks', 'spend'],
      date_from: dayOf(-29),
      date_to: dayOf(0),
    },
  });
  const id = created.body?.data?.report_id;
  if (typeof id !== 'number') throw new Error(`report create: HTTP ${created.status}`);
  await api(baseURL, `/api/report/generate/${id}`, { method: 'POST', token });
  for (let tries = 0; tries < 600; tries++) {
    const { body } = await api<{ data?: { status?: string } }>(baseURL, `/api/report/getSingle/${id}`, {
      token,
    });
    if (body?.data?.status === 'FAILED') throw new Error('report generation failed');
    if (body?.data?.status === 'READY') return id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('report generation did not finish in a minute');
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL: a fresh database per run

async function freshPostgresDatabase(): Promise<
  { url: string; drop: () => Promise<void> } | { skipped: string }
> {
  const candidate =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  if (candidate === 'off') return { skipped: 'BENCH_DATABASE_URL=off' };
  const admin = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  admin.on('error', () => undefined); // an idle admin connection dropping must not end the bench
  try {
    await admin.connect();
  } catch (err) {
    return { skipped: `no PostgreSQL at ${candidate} (${err instanceof Error ? err.message : String(err)})` };
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(candidate);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `# npm run bench (${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores, load average ${loadText()})`,
  );
  const out: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    loadavg: loadavg(),
  };

  let bundle: BundleReport | undefined;
  if (wantsWeb) {
    buildWeb();
    bundle = measureBundle(webDist);
    out.bundle = bundle;
  }

  const rows: Row[] = [];
  if ((wantsApiLoad && databases.includes('history')) || bundle) {
    // What `npm start` gives a new user: the embedded database with the demo's 30 days of history.
    const server = await startServer({
      ensureBuilt: false,
      env: { DEMO_HISTORY_DAYS: '30' },
      ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    });
    try {
      if (bundle) {
        const loaded = await measureLoadedLogin(server.baseURL);
        out.loginAsLoaded = loaded;
        printBundle(bundle, loaded);
        if ('files' in loaded) {
          const routes = await measureSignedInRoutes(server.baseURL);
          out.signedInRoutes = routes.map(({ email, path, gzip, files }) => ({
            email,
            path,
            gzip,
            files: files.length,
          }));
          printRouteWeights(routes);
        }
      }
      if (wantsApiLoad && databases.includes('history')) {
        section('API load: running');
        rows.push(...(await benchServer('PGlite, demo + 30 days', server)));
      }
    } finally {
      await server.stop();
    }
  }
  if (wantsApiLoad && databases.includes('empty')) {
    // Beside it, the same demo without delivery history (as the e2e servers run).
    const server = await startServer({ ensureBuilt: false });
    try {
      rows.push(...(await benchServer('PGlite, no history', server)));
    } finally {
      await server.stop();
    }
  }

  if (wantsApiLoad) {
    const pgdb = databases.includes('postgres')
      ? await freshPostgresDatabase()
      : { skipped: '--databases leaves it out' };
    if ('skipped' in pgdb) {
      console.log(`\n(PostgreSQL not measured: ${pgdb.skipped})`);
    } else {
      try {
        const server = await startServer({
          env: { DATABASE_URL: pgdb.url },
          args: ['--demo'],
          ensureBuilt: false,
        });
        try {
          rows.push(...(await benchServer('PostgreSQL', server)));
        } finally {
          await server.stop();
        }
      } finally {
        await pgdb.drop();
      }
    }
    printRows(rows);
    out.api = rows;
  }

  // The campaign list at 100,000 campaigns on PostgreSQL (its own database and seeding; prints its table).
  if (wantsRest && process.env.BENCH_DATABASE_URL !== 'off') {
    const args = [
      '--import',
      'tsx',
      'scripts/bench/campaigns.ts',
      `--duration=${durationMs / 1000}`,
      `--concurrency=${concurrency}`,
    ];
    spawnSync('node', args, { cwd: repoRoot, stdio: 'inherit' });
    // Inventory lists: a 1,000,000-line upload, pages and searches of it, in-memory membership.
    spawnSync(
      'node',
      [
        '--import',
        'tsx',
        'scripts/bench/lists.ts',
        `--duration=${durationMs / 1000}`,
        `--concurrency=${concurrency}`,
      ],
      { cwd: repoRoot, stdio: 'inherit' },
    );
  }

  // The built-in bidder: pacing accuracy, decision time and load with 1,000 campaigns (prints its tables).
  if (wantsRest) {
    spawnSync(
      'node',
      ['--import', 'tsx', 'scripts/bench/bidder.ts', `--duration=${Math.max(5, durationMs / 1000)}`],
      {
        cwd: repoRoot,
        stdio: 'inherit',
      },
    );
  }

  // Reading a balance with 1,000,000 ledger entries on PostgreSQL (its own database; prints its figures).
  if (wantsRest && process.env.BENCH_DATABASE_URL !== 'off') {
    spawnSync('node', ['--import', 'tsx', 'scripts/bench/funds.ts'], { cwd: repoRoot, stdio: 'inherit' });
  }

  // Campaign forecasts at demo scale on PGlite (its own server; prints its table).
  if (wantsRest) {
    spawnSync('node', ['--import', 'tsx', 'scripts/bench/forecast.ts'], { cwd: repoRoot, stdio: 'inherit' });
  }

  // Dashboards and reports over 10,000,000 events on PostgreSQL (its own database; prints its tables).
  if (wantsRest && process.env.BENCH_DATABASE_URL !== 'off') {
    spawnSync('node', ['--import', 'tsx', 'scripts/bench/insight.ts'], { cwd: repoRoot, stdio: 'inherit' });
  }

  // Lighthouse: /login and signed-in pages (Lighthouse from the npm registry; prints its table).
  if (wantsWeb) {
    spawnSync('node', ['--import', 'tsx', 'scripts/bench/lighthouse.ts'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
  }

  mkdirSync(join(repoRoot, 'test-output'), { recursive: true });
  writeFileSync(join(repoRoot, 'test-output', 'bench.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nLoad average at the end: ${loadText()}`);
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(0)} s; figures also in test-output/bench.json.`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
