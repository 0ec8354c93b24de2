// Campaign forecasts at demo scale (the budget: answered within 500 ms).
//   node --import tsx scripts/bench/forecast.ts [--rounds=20]
// Starts the production server on a fresh embedded database with DEMO_HISTORY_DAYS=7 (the demo seed writes the
// last 7 days of its simulated traffic, the history's, into the bidder's request sample), then times
// GET /api/campaigns/:id/forecast for every demo campaign of advertiser@demo.test and
// POST /api/campaigns/forecast for a draft, `rounds` times each, over HTTP. The first call reads the
// sample into memory (shown apart); the later ones read only what is new. Prints figures, never asserts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startServer } from '../../e2e/support/start-server.ts';

const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(option('rounds') ?? 20);
const BUDGET_MS = 500;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const main = async () => {
  const started = performance.now();
  const server = await startServer({ ensureBuilt: false, env: { DEMO_HISTORY_DAYS: '7' } });
  const startMs = performance.now() - started;
  try {
    const call = async <T>(method: string, path: string, token?: string, body?: unknown) => {
      const response = await fetch(`${server.baseURL}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as { data: T; message?: string };
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message ?? ''}`);
      return json.data;
    };
    const { token } = await call<{ token: string }>('POST', '/api/auth/login', undefined, {
      email: 'advertiser@demo.test',
      password: 'Demo-pass-1',
    });
    const list = await call<{ items: { campaign_id: number; name: string }[] }>(
      'GET',
      '/api/campaigns?limit=50',
      token,
    );
    const exchanges = await call<{ exchanges: { id: number }[] }>(
      'GET',
      '/api/meta-data/user-supported-exchanges',
      token,
    );
    const draft = {
      bid_micros: 2_500_000,
      min_bid_micros: 500_000,
      max_bid_micros: 5_000_000,
      daily_budget_micros: 200_000_000,
      exchange_ids: exchanges.exchanges.map((exchange) => exchange.id),
      targeting: { countries: ['US', 'GB', 'DE'], device_types: ['PHONE'] },
    };
    type Forecast = { sample_size: number; daily_impressions: number };
    const timed = async (run: () => Promise<Forecast>) => {
      const t0 = performance.now();
      const forecast = await run();
      return { ms: performance.now() - t0, forecast };
    };
    const first = await timed(() => call<Forecast>('POST', '/api/campaigns/forecast', token, draft));
    const scenarios: { name: string; run: () => Promise<Forecast> }[] = [
      ...list.items.map((campaign) => ({
        name: `GET forecast: ${campaign.name}`,
        run: () => call<Forecast>('GET', `/api/campaigns/${campaign.campaign_id}/forecast`, token),
      })),
      {
        name: 'POST forecast: draft',
        run: () => call<Forecast>('POST', '/api/campaigns/forecast', token, draft),
      },
    ];
    const seed = /Demo request samples: (\d+) \(7 days\) in (\d+) ms/.exec(server.output());
    console.log('\n## Campaign forecasts (PGlite, demo scale)\n');
    console.log(`Server start with the demo seed: ${(startMs / 1000).toFixed(1)} s`);
    if (seed) console.log(`Demo request samples: ${seed[1]} rows written in ${seed[2]} ms`);
    console.log(
      `First forecast (reads ${first.forecast.sample_size} samples into memory): ${first.ms.toFixed(1)} ms\n`,
    );
    console.log('| scenario | p50 ms | p95 ms | max ms | daily impressions |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    const results = [];
    for (const scenario of scenarios) {
      const times: number[] = [];
      let last: Forecast | null = null;
      for (let round = 0; round < rounds; round++) {
        const { ms, forecast } = await timed(scenario.run);
        times.push(ms);
        last = forecast;
      }
      times.sort((a, b) => a - b);
      const row = {
        name: scenario.name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times[times.length - 1]!,
        dailyImpressions: last?.daily_impressions ?? 0,
      };
      results.push(row);
      console.log(
        `| ${row.name} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.max.toFixed(1)} | ${row.dailyImpressions} |`,
      );
    }
    const worst = Math.max(...results.map((row) => row.max));
    console.log(
      `\nSlowest answer ${worst.toFixed(1)} ms (budget ${BUDGET_MS} ms: ${worst <= BUDGET_MS ? 'within' : 'OVER'}); load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    mkdirSync(join(repoRoot, 'test-output'), { recursive: true });
    writeFileSync(
      join(repoRoot, 'test-output', 'bench-forecast.json'),
      `${JSON.stringify({ startMs, firstMs: first.ms, sampleSize: first.forecast.sample_size, results }, null, 2)}\n`,
    );
  } finally {
    await server.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
