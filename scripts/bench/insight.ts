// Insight at desk size, on PostgreSQL: 10,000,000 raw delivery events over 90 days
// and 1,000 campaigns, their hourly rollups rebuilt by the same code as `npm run rollups:rebuild`;
// then, on the production server:
//   - every dashboard query (overview, chart, each performance dimension) over the last 30 days as
//     admin (all advertisers), an agency (its ten) and an advertiser: p50/p99 under load;
//   - a 30-day report by day x campaign x exchange, generated in the background: the time from
//     "generate" to done, five times;
//   - the dashboard's first paint after login in Chromium: from pressing "Sign in" to the chart and
//     the tiles shown (when a Chromium is installed).
//   node --import tsx scripts/bench/insight.ts [--events=10000000] [--duration=5] [--concurrency=4] [--keep]
//        [--database=<url of a database kept before>]
// The campaigns come from the campaign list bench's seeding (campaigns.ts --seed-only --campaigns=N);
// the database is dropped afterwards. Prints; never asserts on time. Writes test-output/bench-insight.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { compactNextDays } from '../../apps/api/src/modules/delivery/compaction.ts';
import { rebuildRollups } from '../../apps/api/src/modules/delivery/rollups.ts';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium.ts';
import { repoRoot, startServer } from '../../e2e/support/start-server.ts';
import { findChromium } from '../find-chromium.mjs';
import { getWorker, type LoadResult, runLoad } from './load.ts';

const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const eventCount = Number(option('events') ?? 10_000_000);
const campaignCount = Number(option('campaigns') ?? 1000);
const durationMs = Number(option('duration') ?? 5) * 1000;
const concurrency = Number(option('concurrency') ?? 4);
const PASSWORD = 'Demo-pass-1';
const DAYS = 90;
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '-');
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

/** The campaign bench's users, exchanges and campaigns in a database it keeps: its URL. */
const seedCampaigns = (): string => {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/campaigns.ts', '--seed-only', `--campaigns=${campaignCount}`],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  const url = /Kept the database: (\S+)/.exec(out)?.[1];
  if (!url) throw new Error(`campaign seeding said: ${out}`);
  return url;
};

/**
 * The raw events, by set-based SQL in chunks of a million: per auction a BID; 40% of bids won, with
 * an impression and a billing at a clearing price under the bid; 2% of impressions clicked, 10% of
 * clicks converted. Spread over the last DAYS days, the campaigns, three exchanges, five countries,
 * three OSes, two device types and both traffic types.
 */
const insertEvents = async (client: pg.Client) => {
  const ids = (await client.query('select array_agg(id order by id) as ids from campaigns')).rows[0].ids;
  const exchangeIds = (await client.query('select array_agg(id order by id) as ids from exchanges')).rows[0]
    .ids;
  const campaigns = (
    await client.query('select id, advertiser_id from campaigns where id = any($1)', [ids])
  ).rows.map((row) => [Number(row.id), Number(row.advertiser_id)]);
  await client.query('create temp table bench_campaign (n int primary key, id bigint, advertiser_id bigint)');
  await client.query(
    `insert into bench_campaign select n - 1, id, adv from unnest($1::bigint[], $2::bigint[]) with ordinality as u(id, adv, n)`,
    [campaigns.map(([id]) => id), campaigns.map(([, adv]) => adv)],
  );
  // Events per auction on average: 1 bid + 0.4 x (win, impression, billing) + clicks and conversions.
  const perAuction = 1 + 0.4 * 3 + 0.4 * 0.02 * 1.1;
  const auctions = Math.round(eventCount / perAuction);
  const chunk = 1_000_000;
  const spanSeconds = DAYS * 86_400;
  for (let from = 0; from < auctions; from += chunk) {
    const to = Math.min(auctions, from + chunk) - 1;
    await client.query(
      `with auction as (
         select g,
                now() - ((g * 104729) % ${spanSeconds}) * interval '1 second' as at,
                c.id as campaign_id, c.advertiser_id,
                ($1::int[])[1 + g % least(3, array_length($1::int[], 1))] as exchange_id,
                (array['US','GB','DE','FR','CA'])[1 + (g / 7) % 5] as country,
                (array['iOS','Android','Windows'])[1 + (g / 3) % 3] as os,
                (array['PHONE','DESKTOP'])[1 + (g / 11) % 2] as device_type,
                (array['APP','WEB'])[1 + (g / 13) % 2] as traffic_type,
                1500000 + (g % 2000) * 1000 as bid
         from generate_series(${from}::bigint, ${to}::bigint) g
         join bench_campaign c on c.n = (g * 7919) % ${campaigns.length}
       ), fact as (
         select a.*, t.type from auction a
         cross join lateral (values ('BID'), ('WIN'), ('IMPRESSION'), ('BILLING'), ('CLICK'), ('CONVERSION')) t(type)
         where t.type = 'BID'
            or (t.type in ('WIN', 'IMPRESSION', 'BILLING') and a.g % 5 < 2)
            or (t.type = 'CLICK' and a.g % 5 < 2 and a.g % 250 < 5)
            or (t.type = 'CONVERSION' and a.g % 5 < 2 and a.g % 2500 < 5)
       )
       insert into delivery_events (day, occurred_at, type, exchange_id, auction_id, imp_id, detail,
         campaign_id, creative_id, advertiser_id, country, os, device_type, traffic_type, user_key,
         bid_micros, media_cost_micros, advertiser_cost_micros)
       select (at at time zone 'UTC')::date, at, type, exchange_id, 'bench-' || g, '1',
              case when type = 'CONVERSION' then 'event1' else '' end,
              campaign_id, campaign_id, advertiser_id, country, os, device_type, traffic_type,
              case when type = 'BID' then 'ifa-' || (g % 50000) else '' end, bid,
              case when type = 'BILLING' then bid * 8 / 10000 else 0 end,
              case when type = 'BILLING' then bid * 8 / 10000 * 12 / 10 else 0 end
       from fact`,
      [exchangeIds],
    );
    process.stdout.write('.');
  }
  process.stdout.write('\n');
};

type Scenario = { name: string; path: string; token: string };

const login = async (base: string, email: string) => {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`login ${email}: ${response.status}`);
  return body.data.token;
};

const call = async <T>(base: string, token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const parsed = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${parsed.message}`);
  return parsed.data;
};

/** From "Sign in" to the dashboard's chart and spend tile shown, in Chromium. */
const firstPaint = async (base: string, email: string): Promise<number[] | string> => {
  let executablePath: string;
  try {
    executablePath = process.env.CHROME_PATH || findChromium({ install: false, log: () => undefined });
  } catch {
    return 'no Chromium installed';
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(PASSWORD);
      const t0 = performance.now();
      await page.getByTestId('login-submit').click();
      await page.getByTestId('time-chart').waitFor({ timeout: 30_000 });
      await page.getByTestId('tile-spend-value').waitFor({ timeout: 30_000 });
      times.push(performance.now() - t0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
};

async function main() {
  console.log(
    `\n## Insight: ${eventCount.toLocaleString('en-US')} events over ${DAYS} days, ${campaignCount} campaigns, PostgreSQL (${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})\n`,
  );
  const t0 = performance.now();
  // --database=<url of a kept one>: measure it again instead of seeding (its migrations run at start).
  const reuse = option('database');
  const url = reuse ?? seedCampaigns();
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const dbName = new URL(url).pathname.slice(1);
  const out: Record<string, unknown> = {
    events: eventCount,
    campaigns: campaignCount,
    date: new Date().toISOString(),
  };
  try {
    if (!reuse) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const tEvents = performance.now();
      await insertEvents(client);
      const stored = Number((await client.query('select count(*) from delivery_events')).rows[0].count);
      console.log(`Seeded ${stored.toLocaleString('en-US')} raw events in ${seconds(tEvents)} s.`);
      await client.query('analyze delivery_events');
      await client.end();
    }
    const tRollups = performance.now();
    const database = await openDatabase({ databaseUrl: url });
    const rollupRows = reuse ? 0 : await rebuildRollups(database.db);
    const rebuiltIn = seconds(tRollups);
    // What the server's compaction job would have done day by day: the closed days into the tiers.
    const tCompact = performance.now();
    while (await compactNextDays(database.db));
    const compactedIn = seconds(tCompact);
    await database.close();
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    await check.query('analyze');
    const sizes = (
      await check.query(
        `select pg_size_pretty(pg_total_relation_size('delivery_events')) as events,
                pg_size_pretty(pg_total_relation_size('delivery_hourly')) as hourly,
                (select count(*) from delivery_daily_advertiser) as daily_advertiser,
                (select count(*) from delivery_daily_campaign_total) as daily_campaign_total,
                (select count(*) from delivery_daily_campaign) as daily_campaign,
                (select count(*) from delivery_daily_geo) as daily_geo,
                (select count(*) from delivery_hourly_advertiser) as hourly_advertiser,
                pg_size_pretty(pg_total_relation_size('delivery_daily_advertiser') +
                  pg_total_relation_size('delivery_daily_campaign_total') +
                  pg_total_relation_size('delivery_daily_campaign') +
                  pg_total_relation_size('delivery_daily_geo') +
                  pg_total_relation_size('delivery_hourly_advertiser')) as tiers`,
      )
    ).rows[0];
    await check.end();
    console.log(
      `Rebuilt ${rollupRows.toLocaleString('en-US')} hourly rollup rows in ${rebuiltIn} s (raw events ${sizes.events}, rollups ${sizes.hourly}).`,
    );
    console.log(
      `Compacted the closed days in ${compactedIn} s: tiers of ${Number(sizes.daily_advertiser).toLocaleString('en-US')} (day x advertiser), ${Number(sizes.daily_campaign_total).toLocaleString('en-US')} (day x campaign), ${Number(sizes.daily_campaign).toLocaleString('en-US')} (day x campaign x creative x exchange), ${Number(sizes.daily_geo).toLocaleString('en-US')} (day x advertiser x country x OS) and ${Number(sizes.hourly_advertiser).toLocaleString('en-US')} (hour x advertiser) rows, ${sizes.tiers}; set up in ${seconds(t0)} s.`,
    );
    out.rollupRows = rollupRows;

    const server = await startServer({
      env: { DATABASE_URL: url, LOG_LEVEL: 'warn', API_RATE_LIMIT: '100000000' },
      ensureBuilt: true,
    });
    try {
      const base = server.baseURL;
      const tokens = {
        admin: await login(base, 'admin@demo.test'),
        agency: await login(base, 'bench-agency-1@bench.test'),
        advertiser: await login(base, 'bench-adv-1@bench.test'),
      };
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
      const range = `from=${from}&to=${to}&tz=UTC`;
      // A desk in New York: its days are not UTC days, so the ends of the month come from the hours.
      const newYork = `from=${from}&to=${to}&tz=America/New_York`;
      const scenarios: Scenario[] = [];
      // Each role has its own dashboard routes.
      const prefixOf: Record<string, string> = {
        admin: '/api/admin/dashboard',
        agency: '/api/agency/dashboard',
        advertiser: '/api/dashboard',
      };
      for (const [role, token] of Object.entries(tokens)) {
        const prefix = prefixOf[role]!;
        scenarios.push({
          name: `${role}: overview (30 days, with previous)`,
          path: `${prefix}/overview?${range}&compare=true`,
          token,
        });
        scenarios.push({
          name: `${role}: chart by day`,
          path: `${prefix}/chart?${range}&granularity=day&compare=true`,
          token,
        });
        for (const dimension of ['campaign', 'creative', 'exchange', 'os', 'country', 'day'])
          scenarios.push({
            name: `${role}: performance by ${dimension}`,
            path: `${prefix}/performance/${dimension}?${range}`,
            token,
          });
      }
      for (const [name, path] of [
        ['overview (30 days, with previous)', `overview?${newYork}&compare=true`],
        ['chart by day', `chart?${newYork}&granularity=day&compare=true`],
        ['performance by campaign', `performance/campaign?${newYork}`],
        ['performance by country', `performance/country?${newYork}`],
      ] as const)
        scenarios.push({
          name: `admin, New York days: ${name}`,
          path: `/api/admin/dashboard/${path}`,
          token: tokens.admin,
        });
      const rows: { name: string; result: LoadResult }[] = [];
      for (const scenario of scenarios) {
        const probe = await fetch(`${base}${scenario.path}`, {
          headers: { authorization: `Bearer ${scenario.token}` },
        });
        if (!probe.ok) throw new Error(`${scenario.name}: ${probe.status} ${await probe.text()}`);
        await probe.arrayBuffer();
        const result = await runLoad({
          concurrency,
          warmupMs: 300,
          durationMs,
          maxRequests: 50_000,
          makeWorker: getWorker(`${base}${scenario.path}`, { authorization: `Bearer ${scenario.token}` }),
        });
        rows.push({ name: scenario.name, result });
      }
      out.dashboard = rows;
      console.log(
        `\n| dashboard query (${concurrency} concurrent, ${durationMs / 1000} s) | req/s | p50 ms | p99 ms | errors |`,
      );
      console.log('| --- | ---: | ---: | ---: | ---: |');
      for (const { name, result } of rows)
        console.log(
          `| ${name} | ${result.rps.toFixed(0)} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.errors} |`,
        );

      // The report: 30 days by day x campaign x exchange, as admin, generated five times.
      const report = await call<{ report_id: number }>(base, tokens.admin, 'POST', '/api/report/create', {
        name: 'Bench 30 days',
        report_type: 'multi-dimensional',
        dimensions: ['day', 'campaign', 'exchange'],
        metrics: ['impressions', 'clicks', 'spend', 'bids', 'wins'],
        date_from: from,
        date_to: to,
      });
      const generations: number[] = [];
      let reportRows = 0;
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        await call(base, tokens.admin, 'POST', `/api/report/generate/${report.report_id}`);
        for (;;) {
          const state = await call<{ status: string; row_count?: number | null; error?: string | null }>(
            base,
            tokens.admin,
            'GET',
            `/api/report/getSingle/${report.report_id}`,
          );
          if (state.status === 'DONE' || state.status === 'READY' || state.status === 'COMPLETED') {
            reportRows = state.row_count ?? reportRows;
            break;
          }
          if (state.status === 'FAILED') throw new Error(`report failed: ${state.error}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        generations.push(performance.now() - started);
      }
      generations.sort((a, b) => a - b);
      out.report = { runsMs: generations, rows: reportRows };
      console.log(
        `\nReport, 30 days by day x campaign x exchange (${reportRows.toLocaleString('en-US')} rows), generate to done: ` +
          `median ${ms(generations[2]!)} ms, worst ${ms(generations[4]!)} ms (5 runs).`,
      );

      const paint = await firstPaint(base, 'admin@demo.test');
      out.firstPaint = paint;
      if (typeof paint === 'string') console.log(`Dashboard first paint: skipped (${paint}).`);
      else {
        const sorted = [...paint].sort((a, b) => a - b);
        console.log(
          `Dashboard first paint after sign-in (admin, Chromium, 1440 px): median ${ms(sorted[2]!)} ms, worst ${ms(sorted[4]!)} ms (5 runs).`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    if (argv.includes('--keep') || reuse) console.log(`Kept the database: ${url}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  mkdirSync(join(repoRoot, 'test-output'), { recursive: true });
  writeFileSync(join(repoRoot, 'test-output', 'bench-insight.json'), JSON.stringify(out, null, 2));
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
