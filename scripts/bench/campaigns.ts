// The campaign and creative lists at scale (budget, docs/measuring.md: p99 under 50 ms with 100,000
// campaigns on PostgreSQL; each scenario's throughput at 80% or more of its own floor's, same run).
//   node --import tsx scripts/bench/campaigns.ts [--campaigns=100000] [--duration=3] [--warmup=1] [--rounds=5] [--concurrency=8]
//        [--keep | --seed-only] [--database=<url of a kept one>] [--only=search,flights] [--profile=<dir>]
//        [--history-step=<hours>] [--statements]
// Creates a fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres), migrates it, seeds the demo users, 30 agencies with
// 300 advertisers, 100,000 campaigns over them (every status, flights over a year) and three exchanges
// per campaign in their approval states, a creative per campaign with the same exchanges, all with
// generate_series, and a year of hourly delivery rollups of the campaigns that delivered (see
// seedDeliveryHistory; --history-step makes it coarser where the full year loads too slowly); then starts the production server on it and measures GET /api/campaigns (first
// page, filtered, searched, sorted, deep page; as admin, agency and advertiser), one campaign's
// detail, GET /api/creatives (the same roles, searched, filtered), one creative's detail and the
// exchange-approval queue, beside GET /api/health; and right after each scenario its floor: the
// statements the API sent for one request of it (recorded in the server by statement-recorder.ts),
// replayed alone behind a bare node:http server (floor-server.ts), as far as any work in the API
// could take that scenario on this machine. Prints a table, writes test-output/bench-campaigns.json
// (with each scenario's statements' names), drops the database. Never asserts on time. Beside the
// latencies it gives the CPU time each request cost the server process and the database backends
// (Linux /proc): on a shared machine the latencies follow whatever else runs, the CPU per request
// much less; and the database CPU of each scenario's statements replayed alone on one connection,
// with a fixed reference statement's before and after the scenarios (statement-alone.ts), so a
// change in the database's figures can be told from a change in the machine's speed.
import { execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { compactNextDays } from '../../apps/api/src/modules/delivery/compaction.ts';
import { seedDemo } from '../../apps/api/src/seed/demo-seed.ts';
import { ensurePlatformCompany } from '../../apps/api/src/seed/platform-company.ts';
import { freePort, repoRoot, startServer } from '../../e2e/support/start-server.ts';
import { getWorker, type LoadResult, runLoad } from './load.ts';
import { cpuMeter } from './process-cpu.ts';
import type { RecordedStatement, ReplayedStatement } from './recorded-statement.ts';
import { cpuAlone, REFERENCE_STATEMENT, referenceCpu } from './statement-alone.ts';

const DEMO_PASSWORD = 'Demo-pass-1';
const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const campaignCount = Number(option('campaigns') ?? 100_000);
const durationMs = Number(option('duration') ?? 3) * 1000;
/** --warmup=<s>: each round's unmeasured start (the load's connections opened, the pool's plans made). */
const warmupMs = Number(option('warmup') ?? 1) * 1000;
/**
 * --rounds=<n>: each scenario and its floor are measured in turns, n times; the row is the
 * scenario's median round (by req/s) beside its floor's median round, the share their ratio, with
 * each pair's share beside it. One round each was at the mercy of whatever ran in that second on a
 * 2-core machine (the same scenario measured 33% of its floor in one run and 84% in the next); and
 * the middle of the pairs' shares was still decided by which side a stall hit: a floor round at
 * 1,108 req/s among rounds of 2,068-2,244 made one pair 184% and left the middle pair at 77.6%,
 * where the medians of the two sides give 83.3% (2026-11-30, creatives "coffee").
 */
const rounds = Math.max(1, Number(option('rounds') ?? 5));
const concurrency = Number(option('concurrency') ?? 8);
const AGENCIES = 30;
const ADVERTISERS = 300;
const EXCHANGES_PER_CAMPAIGN = 3;
/**
 * --history-step=<hours>: the delivery history's grain (default 1: a rollup row every hour of each
 * delivering flight in the last year, the realistic size, about 75 million rows, which takes long to
 * load on a small machine; 24: one a day; 0: none).
 */
const historyStep = Number(option('history-step') ?? 1);
/** --keep: leave the database for EXPLAIN (and print its URL) instead of dropping it. */
const keep = argv.includes('--keep');
/** --seed-only: seed, print the URL and stop (implies --keep). */
const seedOnly = argv.includes('--seed-only');
/** --database=<url>: measure a database seeded before (--keep) instead of seeding a new one (migrates it). */
const reuseUrl = option('database');
/** --profile=<dir>: the server writes a CPU profile (node --cpu-prof) there when it stops. */
const profileDir = option('profile');
/** --only=<text>[,<text>]: only the scenarios whose name contains one of these (health always runs). */
const only = option('only')?.split(',');
/**
 * --statements: keep each scenario's recorded statements whole (text and values) in the JSON, not
 * only their names: what to EXPLAIN in psql (`prepare s as <text>; explain (analyze, buffers)
 * execute s(<values>)`) when a scenario misses its floor.
 */
const keepStatements = argv.includes('--statements');

/** How long the API is left without requests to measure its background work's CPU. */
const IDLE_MS = 5000;
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '-');
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function freshDatabase() {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  admin.on('error', () => undefined);
  await admin.connect();
  const name = `bench_campaigns_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      try {
        if (keep || seedOnly) {
          console.log(`Kept the database: ${url.toString()}`);
          return;
        }
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Users, exchanges, campaigns and campaign exchanges, in a handful of set-based statements. */
async function seed(url: string) {
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: url }); // migrates
  await ensurePlatformCompany(database.db);
  await seedDemo(database.db, DEMO_PASSWORD);
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = (await client.query(`select password_hash from users where email = 'admin@demo.test'`))
      .rows[0].password_hash as string;
    await client.query(
      `insert into users (email, password_hash, role, first_name, last_name, company_name, status, email_verified_at)
       select 'bench-agency-' || g || '@bench.test', $1, 'AGENCY', 'Bench', 'Agency ' || g, 'Bench Agency ' || g,
              'ACTIVE', now()
       from generate_series(1, ${AGENCIES}) g`,
      [hash],
    );
    await client.query(
      `insert into users (email, password_hash, role, first_name, last_name, company_name, status, email_verified_at, agency_id)
       select 'bench-adv-' || g || '@bench.test', $1, 'ADVERTISER', 'Bench', 'Advertiser ' || g,
              'Bench Brand ' || g, 'ACTIVE', now(), a.id
       from generate_series(1, ${ADVERTISERS}) g
       join users a on a.email = 'bench-agency-' || (1 + (g - 1) % ${AGENCIES}) || '@bench.test'`,
      [hash],
    );
    const existing = Number((await client.query('select count(*) from exchanges')).rows[0].count);
    if (existing < 12) {
      await client.query(
        `insert into exchanges (name, key)
         select 'Bench Exchange ' || g, 'bench_exchange_' || g from generate_series(1, 12) g`,
      );
    }
    // Campaign g's name is its prefix by g % 10, its word by (g / 10) % 12, and its status follows
    // g % 10; its advertiser moves on by one every 300 campaigns (g + g / 300), so that each
    // advertiser and agency has every prefix, word and status (by g % 300 alone every campaign of
    // bench-adv-1 was a "Summer ... " DRAFT and the scoped searches found nothing).
    await client.query(
      `with adv as (
         select array_agg(id order by id) as ids from users where email like 'bench-adv-%'
       )
       insert into campaigns (advertiser_id, name, status, rejection_reason, start_at, end_at, time_zone,
                              total_budget_micros, daily_budget_micros, pacing, price_model, bid_micros,
                              min_bid_micros, max_bid_micros, frequency_cap, targeting, created_at, updated_at)
       select adv.ids[1 + (g + g / array_length(adv.ids, 1)) % array_length(adv.ids, 1)],
              (array['Summer','Winter','Spring','Autumn','Holiday','Launch','Retarget','Brand','Promo','Flash'])[1 + g % 10]
                || ' ' ||
              (array['Coffee','Shoes','Travel','Games','Cars','Fashion','Music','Fitness','Books','Food','Phones','Hotels'])[1 + (g / 10) % 12]
                || ' ' || g,
              s.status,
              case when s.status = 'REJECTED' then 'Bench Exchange 1: Landing page is down' end,
              c.created + ((g % 20) || ' days')::interval,
              c.created + ((g % 20 + 7 + g % 90) || ' days')::interval,
              (array['UTC','Europe/Berlin','America/New_York','Asia/Tokyo'])[1 + g % 4],
              (1000 + (g * 37) % 99000)::bigint * 1000000,
              case when g % 5 = 0 then null else (10 + (g * 13) % 990)::bigint * 1000000 end,
              case when g % 3 = 0 then 'ASAP' else 'EVEN' end,
              (array['CPM','CPM','CPC','CPA'])[1 + g % 4],
              2500000, 1000000, 5000000,
              case when g % 2 = 0 then '{"count":3,"period":"DAY"}'::jsonb end,
              '{"countries":["US"],"states":[],"cities":[],"geo_fence":"","os":[],"browsers":[],"device_types":["PHONE"],"device_makers":[],"carriers":[],"languages":["en"],"traffic_types":["APP"],"app_categories":[],"app_genres":[],"app_subgenres":[]}'::jsonb,
              c.created, c.created
       from adv, generate_series(1, ${campaignCount}) g
       cross join lateral (
         select (array['DRAFT','PENDING_APPROVAL','ACTIVE','ACTIVE','ACTIVE','PAUSED','COMPLETED','COMPLETED','REJECTED','ARCHIVED'])[1 + (g * 7) % 10] as status
       ) s
       cross join lateral (
         select now() - interval '400 days' + (g::float / ${campaignCount}) * interval '400 days' as created
       ) c`,
    );
    await client.query(
      `with ex as (select array_agg(id order by id) as ids from exchanges)
       insert into campaign_exchanges (campaign_id, exchange_id, state, reason, decided_at, created_at)
       select c.id, ex.ids[1 + (c.id + k * 5) % array_length(ex.ids, 1)],
              case
                when c.status in ('DRAFT', 'PENDING_APPROVAL') then 'PENDING'
                when c.status = 'REJECTED' then 'REJECTED'
                when k = 2 and c.id % 4 = 0 then 'PENDING'
                else 'APPROVED'
              end,
              case when c.status = 'REJECTED' then 'Landing page is down' end,
              case when c.status not in ('DRAFT', 'PENDING_APPROVAL') then c.created_at + interval '1 day' end,
              c.created_at
       from campaigns c, ex, generate_series(0, ${EXCHANGES_PER_CAMPAIGN - 1}) k`,
    );
    await seedCreatives(client);
    await seedDeliveryHistory(client);
    await client.query('vacuum analyze');
    const counts = (
      await client.query(
        `select (select count(*) from campaigns) as campaigns, (select count(*) from campaign_exchanges) as exchanges,
                (select count(*) from users where role = 'ADVERTISER') as advertisers`,
      )
    ).rows[0];
    console.log(
      `Seeded ${counts.campaigns} campaigns (${counts.exchanges} campaign exchanges) over ${counts.advertisers} advertisers in ${seconds(t0)}.`,
    );
  } finally {
    await client.end();
  }
  return describe(url);
}

/**
 * One creative per campaign, of the campaign's advertiser, every type and approval state, with its
 * three exchanges and its link to the campaign. A database kept by an earlier version of this bench
 * gets them on its next run.
 */
async function seedCreatives(client: pg.Client) {
  // On a kept database, as many as its own campaigns (--campaigns is the size of a new seed only).
  const { rows } = await client.query(
    'select (select count(*) from creatives) >= (select count(*) from campaigns) / 2 as seeded',
  );
  if (rows[0].seeded) return;
  const t0 = performance.now();
  await client.query(
    `insert into creatives (advertiser_id, name, creative_type, status, size, click_url, html_tag, media,
                            native_assets, created_at, updated_at)
     select c.advertiser_id, 'Creative ' || split_part(c.name, ' ', 2) || ' ' || c.id,
            t.type,
            (array['PENDING','APPROVED','APPROVED','REJECTED'])[1 + c.id % 4],
            case when t.type = 'html' then null else '300x250' end,
            'https://brand.example/landing/' || c.id,
            case when t.type = 'html' then '<div>ad ' || c.id || '</div>' end,
            case when t.type = 'image' then jsonb_build_object('url', '/media/bench-' || c.id || '.png', 'mime', 'image/png') end,
            case when t.type = 'native' then jsonb_build_object('title', 'Bench native ' || c.id, 'sponsored_by', 'Bench',
              'main_image', jsonb_build_object('url', '/media/bench-native-' || c.id || '.png', 'w', 1200, 'h', 627)) end,
            c.created_at, c.created_at
     from campaigns c
     cross join lateral (select (array['image','image','html','native'])[1 + c.id % 4] as type) t`,
  );
  await client.query(
    `insert into creative_exchanges (creative_id, exchange_id, state, reason, created_at)
     select cr.id, ce.exchange_id,
            case when cr.status = 'REJECTED' then 'REJECTED' when cr.status = 'APPROVED' then 'APPROVED' else 'PENDING' end,
            case when cr.status = 'REJECTED' then 'Landing page is down' end,
            cr.created_at
     from creatives cr
     join campaigns c on c.id = substring(cr.name from '[0-9]+$')::bigint
     join campaign_exchanges ce on ce.campaign_id = c.id
     where cr.name like 'Creative %'`,
  );
  await client.query(
    `insert into campaign_creatives (campaign_id, creative_id)
     select substring(cr.name from '[0-9]+$')::bigint, cr.id from creatives cr where cr.name like 'Creative %'`,
  );
  await client.query('analyze creatives, creative_exchanges, campaign_creatives');
  console.log(`Seeded creatives in ${seconds(t0)}.`);
}

/**
 * A year of hourly rollups: every campaign that delivered (active, paused, completed) one rollup row
 * every --history-step hours of its flight within the last 365 days, up to this hour (a step of 1:
 * every hour, about 66 million rows at 100,000 campaigns), then the campaigns' lifetime totals and
 * their spend by hour (campaign_delivery_hours, what a list row's spend today is summed from) from
 * them, as the recorder keeps them. Set-based, with generate_series.
 */
async function seedDeliveryHistory(client: pg.Client) {
  if (historyStep <= 0) return;
  const t0 = performance.now();
  await client.query(
    `insert into delivery_hourly (hour, campaign_id, creative_id, advertiser_id, exchange_id, country, os,
                                  device_type, traffic_type, bids, wins, impressions, clicks, conversions,
                                  media_cost_micros, advertiser_cost_micros)
     select h, c.id, cc.creative_id, c.advertiser_id, x.exchange_id, 'US', 'iOS', 'PHONE', 'APP',
            40, 10, 9, (c.id + extract(hour from h)::bigint) % 2, 0, 9 * 1500, 9 * 1800
     from campaigns c
     join campaign_creatives cc on cc.campaign_id = c.id
     cross join lateral (select min(exchange_id) as exchange_id from campaign_exchanges where campaign_id = c.id) x
     cross join lateral generate_series(
       greatest(date_trunc('hour', c.start_at), date_trunc('hour', now()) - interval '365 days'),
       least(c.end_at, now()), interval '${historyStep} hours') h
     where c.status in ('ACTIVE', 'PAUSED', 'COMPLETED')`,
  );
  await client.query(
    `insert into campaign_delivery_totals (campaign_id, impressions, clicks, conversions, advertiser_cost_micros)
     select campaign_id, sum(impressions), sum(clicks), sum(conversions), sum(advertiser_cost_micros) from delivery_hourly
     group by campaign_id
     on conflict (campaign_id) do update set impressions = excluded.impressions, clicks = excluded.clicks,
       conversions = excluded.conversions, advertiser_cost_micros = excluded.advertiser_cost_micros`,
  );
  await seedCampaignHours(client);
  const rows = (await client.query('select count(*)::bigint as n from delivery_hourly')).rows[0].n;
  console.log(
    `Seeded ${Number(rows).toLocaleString('en')} hourly rollup rows (a year, every ${historyStep} h of each delivering flight) in ${seconds(t0)}.`,
  );
}

/**
 * Each campaign's spend by hour, summed from the hourly rollups as migration 0033 does (the recorder
 * keeps it beside them). Also run on a database kept from before the bench seeded it, when empty.
 */
async function seedCampaignHours(client: pg.Client) {
  const t0 = performance.now();
  const { rows } = await client.query('select exists (select 1 from campaign_delivery_hours) as seeded');
  if (rows[0].seeded) return;
  // In the order the rollups append them, hour by hour: the bidder's index reads the last two days
  // of every running campaign, which in that order are the table's last pages (in the hash
  // aggregate's order they were a row on a page of their own, 143,000 pages read in 1.3 s a reload).
  await client.query(
    `insert into campaign_delivery_hours (campaign_id, hour, advertiser_cost_micros)
     select campaign_id, hour, sum(advertiser_cost_micros) from delivery_hourly group by campaign_id, hour
     order by hour, campaign_id`,
  );
  await client.query('analyze campaign_delivery_hours');
  console.log(`Seeded the campaigns' spend by hour in ${seconds(t0)}.`);
}

/** The sizes the table reports and the campaign the detail scenario reads. */
async function describe(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const advertiser = (
      await client.query(
        `select u.id, count(c.id)::int as n from users u join campaigns c on c.advertiser_id = u.id
       where u.email = 'bench-adv-1@bench.test' group by u.id`,
      )
    ).rows[0];
    const agency = (
      await client.query(
        `select count(*)::int as n from campaigns c join users u on u.id = c.advertiser_id
       where u.agency_id = (select id from users where email = 'bench-agency-1@bench.test')`,
      )
    ).rows[0];
    const someCreative = (
      await client.query(`select id from creatives where advertiser_id = $1 order by id limit 1`, [
        advertiser.id,
      ])
    ).rows[0].id as number;
    const someCampaign = (
      await client.query(`select id from campaigns where advertiser_id = $1 order by id limit 1`, [
        advertiser.id,
      ])
    ).rows[0].id as number;
    // What the header reports: the database's own sizes (a kept one may have been seeded at another
    // --campaigns or --history-step than this run's flags say).
    const sizes = (
      await client.query(
        `select (select count(*) from campaigns)::int as campaigns, (select count(*) from creatives)::int as creatives,
           (select reltuples from pg_class where oid = 'delivery_hourly'::regclass)::bigint as hourly`,
      )
    ).rows[0];
    return {
      campaigns: sizes.campaigns as number,
      creatives: sizes.creatives as number,
      hourlyRows: Math.max(0, Number(sizes.hourly)),
      advertiserCampaigns: advertiser.n as number,
      agencyCampaigns: agency.n as number,
      someCampaign,
      someCreative,
    };
  } finally {
    await client.end();
  }
}

/** The pid listening on a port of 127.0.0.1 (ss), or undefined. */
const listenerPid = (port: number): number | undefined => {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const match = /pid=(\d+)/.exec(out);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
};

type Session = { data?: { token?: string } };
/** CPU per request, ms: the server process and the database backends. */
type Cpu = { server: number; db: number };

/**
 * The rollup compaction the API runs at its start and then every minute (modules/delivery/
 * compaction.ts), caught up before the server starts. On a freshly seeded year of history the
 * server sums it a week at a time for minutes (about 2.5 s of database time a week, at load 6),
 * in its own connections, which the meter counts as the running scenario's: the agency's search +
 * status read 5.0 ms of database CPU a request beside its floor's 2.2 while it ran. Once caught
 * up, the job reads one row a minute.
 */
async function compactHistory(url: string) {
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: url }); // migrates
  try {
    let weeks = 0;
    while (await compactNextDays(database.db)) weeks += 1;
    if (weeks > 0) console.log(`Compacted ${weeks} weeks of delivery rollups in ${seconds(t0)}.`);
  } finally {
    await database.close();
  }
}

/**
 * VACUUM ANALYZE before the measures: what the compaction rewrote and what a migration of a kept
 * database filled (0040's name suffixes, 3.7 million rows at 100,000 campaigns) have no visibility
 * map yet, so their index-only scans read the heap, until autovacuum comes by minutes later. The
 * bench measures the settled state a running server is in.
 */
async function settle(url: string) {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  console.log(`Vacuumed and analyzed in ${seconds(t0)}.`);
}

async function login(baseURL: string, email: string) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as Session;
  if (!body.data?.token) throw new Error(`login ${email} failed: HTTP ${res.status}`);
  return body.data.token;
}

async function main() {
  console.log(
    `# campaign list bench (${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  const db = reuseUrl
    ? { name: new URL(reuseUrl).pathname.slice(1), url: reuseUrl, drop: async () => undefined }
    : await freshDatabase();
  console.log(`Database ${db.name}`);
  const rows: Row[] = [];
  /** The reference statement's database CPU (ms a run) before and after the scenarios. */
  let reference: { before: number; after: number } | undefined;
  let seeded: Awaited<ReturnType<typeof describe>>;
  try {
    if (reuseUrl) {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await seedCreatives(client)
        .then(() => seedCampaignHours(client))
        .finally(() => client.end());
    }
    seeded = reuseUrl ? await describe(db.url) : await seed(db.url);
    await compactHistory(db.url);
    await settle(db.url);
    if (seedOnly) return;
    const server = await startServer({
      env: { DATABASE_URL: db.url },
      ensureBuilt: false,
      // tsx loads the recorder (TypeScript) on every Node the repo supports: Node's own type
      // stripping needs a flag before 22.18.
      nodeArgs: [
        '--import',
        'tsx',
        '--import',
        join(repoRoot, 'scripts/bench/statement-recorder.ts'),
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ],
    });
    const floor = await startFloorServer(db.url);
    try {
      const { baseURL } = server;
      const meter = cpuMeter(listenerPid(server.port), db.url);
      const tokens = {
        admin: await login(baseURL, 'admin@demo.test'),
        agency: await login(baseURL, 'bench-agency-1@bench.test'),
        advertiser: await login(baseURL, 'bench-adv-1@bench.test'),
      };
      const scenarios: { scenario: string; token?: keyof typeof tokens; path: string }[] = [
        { scenario: 'health', path: '/api/health' },
        { scenario: 'admin: first page (newest)', token: 'admin', path: '/api/campaigns?limit=20' },
        {
          scenario: 'admin: status ACTIVE,PAUSED',
          token: 'admin',
          path: '/api/campaigns?status=ACTIVE,PAUSED',
        },
        { scenario: 'admin: search "coffee"', token: 'admin', path: '/api/campaigns?q=coffee' },
        {
          scenario: 'admin: search "fitness 4" (few hits)',
          token: 'admin',
          path: '/api/campaigns?q=fitness%204',
        },
        {
          scenario: 'admin: sort budget asc',
          token: 'admin',
          path: '/api/campaigns?sort=total_budget&order=asc',
        },
        {
          scenario: 'admin: sort name, page 50',
          token: 'admin',
          path: '/api/campaigns?sort=name&order=asc&page=50',
        },
        {
          scenario: 'admin: flights overlapping a month',
          token: 'admin',
          path: `/api/campaigns?from=${day(-30)}&to=${day(0)}`,
        },
        {
          scenario: 'admin: sort start, DRAFT only',
          token: 'admin',
          path: '/api/campaigns?status=DRAFT&sort=start_at',
        },
        { scenario: 'agency: first page', token: 'agency', path: '/api/campaigns' },
        {
          scenario: 'agency: search + status',
          token: 'agency',
          path: '/api/campaigns?q=shoes&status=ACTIVE',
        },
        { scenario: 'advertiser: first page', token: 'advertiser', path: '/api/campaigns' },
        {
          scenario: 'advertiser: sort end desc',
          token: 'advertiser',
          path: '/api/campaigns?sort=end_at&order=desc',
        },
        { scenario: 'advertiser: search "promo"', token: 'advertiser', path: '/api/campaigns?q=promo' },
        {
          scenario: 'advertiser: campaign detail',
          token: 'advertiser',
          path: `/api/campaigns/${seeded.someCampaign}`,
        },
        { scenario: 'admin: creatives, first page', token: 'admin', path: '/api/creatives?limit=20' },
        { scenario: 'admin: creatives, search "coffee"', token: 'admin', path: '/api/creatives?q=coffee' },
        {
          scenario: 'admin: creatives, search "fitness 4" (few hits)',
          token: 'admin',
          path: '/api/creatives?q=fitness%204',
        },
        {
          scenario: 'admin: creatives, APPROVED by name',
          token: 'admin',
          path: '/api/creatives?status=APPROVED&sort=name&order=asc',
        },
        {
          scenario: 'admin: creatives by name, page 50',
          token: 'admin',
          path: '/api/creatives?sort=name&order=asc&page=50',
        },
        { scenario: 'agency: creatives, first page', token: 'agency', path: '/api/creatives' },
        { scenario: 'advertiser: creatives, first page', token: 'advertiser', path: '/api/creatives' },
        {
          scenario: 'advertiser: creative detail',
          token: 'advertiser',
          path: `/api/creatives/${seeded.someCreative}`,
        },
        {
          scenario: 'admin: exchange approval, pending',
          token: 'admin',
          path: '/api/admin/exchange-approval?state=PENDING',
        },
      ];
      // The machine's speed for the database's work, before the scenarios and after them.
      reference = { before: await referenceCpu(db.url), after: Number.NaN };
      // What the API's background work (job loop, compaction, session sweeps) costs with no request:
      // it is inside every row's CPU figures, so it is printed beside them.
      const idleBefore = await meter.sample();
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      const idle = meter.spent(idleBefore, await meter.sample());
      const chosen = scenarios.filter(
        (s) => !only || s.scenario === 'health' || only.some((part) => s.scenario.includes(part)),
      );
      for (const [i, s] of chosen.entries()) {
        const headers: Record<string, string> = s.token ? { authorization: `Bearer ${tokens[s.token]}` } : {};
        if (s.scenario === 'health') {
          rows.push(await measure(s.scenario, `${baseURL}${s.path}`, headers, meter));
          continue;
        }
        // Its floor right after it, in turns: the machine's speed drifts over a run's minutes. The
        // statements are recorded after the first round, in the scenario's steady state (a search
        // found rare is asked without the walk from then on: searchAllPage).
        const measured: Row[] = [];
        let statements: RecordedStatement[] = [];
        for (let round = 0; round < rounds; round++) {
          const row = await measure(s.scenario, `${baseURL}${s.path}`, headers, meter);
          if (round === 0) statements = await recordStatements(server, `${baseURL}${s.path}`, headers);
          row.floor = await floor.measure(i, statements);
          measured.push(row);
        }
        const shares = measured.map(shareOf).sort((a, b) => a - b);
        const row = { ...medianOf(measured), floor: medianOf(measured.map((round) => round.floor!)), shares };
        row.statements = statements.map((st) => st.name ?? st.text);
        row.dbAlone = await cpuAlone(db.url, statements);
        if (keepStatements)
          row.recorded = statements.map(({ name, text, values }) => ({ name, text, values }));
        rows.push(row);
      }
      reference.after = await referenceCpu(db.url);
      await meter.close();
      print(rows, seeded);
      console.log(
        `\nIdle API (no request for ${IDLE_MS / 1000} s): server ${ms(idle.server / (IDLE_MS / 1000))} ms of CPU a second, ` +
          `database ${ms(idle.db / (IDLE_MS / 1000))} ms a second (in every row's CPU figures).`,
      );
      console.log(
        `Reference (\`${REFERENCE_STATEMENT}\`, replayed alone): ${ms(reference.before)} ms of database CPU a run ` +
          `before the scenarios, ${ms(reference.after)} after (the machine's speed; "db CPU alone" is each ` +
          "scenario's statements replayed alone on one connection, statement-alone.ts).",
      );
      printSearchesAgainstReference(rows, (reference.before + reference.after) / 2);
    } finally {
      floor.stop();
      await server.stop();
    }
  } finally {
    await db.drop();
  }
  mkdirSync(join(repoRoot, 'test-output'), { recursive: true });
  writeFileSync(
    join(repoRoot, 'test-output', 'bench-campaigns.json'),
    `${JSON.stringify({ date: new Date().toISOString(), campaigns: seeded.campaigns, creatives: seeded.creatives, hourly_rows: seeded.hourlyRows, concurrency, reference_db_ms: reference, rows }, null, 2)}\n`,
  );
}

type Measured = { cpu: Cpu; load: number } & LoadResult;
type Row = {
  scenario: string;
  path: string;
  rows?: number;
  /** The statements the API sent for one request (their names, else their text), and their floor. */
  statements?: string[];
  /** With --statements: those statements whole. */
  recorded?: ReplayedStatement[];
  floor?: Measured;
  /** Each round's share of its floor (the pair measured together), lowest first. */
  shares?: number[];
  /** Database CPU (ms) of the statements of one request replayed alone on one connection (cpuAlone). */
  dbAlone?: number;
} & Measured;

/** The round of median req/s (the upper one of an even count). */
const medianOf = <T extends { rps: number }>(measured: T[]): T =>
  [...measured].sort((a, b) => a.rps - b.rps)[Math.floor(measured.length / 2)]!;

/** The scenario's req/s as a share of its floor's. */
const shareOf = (row: Row) => (row.floor ? row.rps / row.floor.rps : Number.NaN);
const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

/** One scenario: a probe (must answer 200), then the load, with the CPU it cost. */
async function measure(
  scenario: string,
  url: string,
  headers: Record<string, string>,
  meter: ReturnType<typeof cpuMeter>,
): Promise<Row> {
  const probe = await fetch(url, { headers });
  const probeBody = (await probe.json()) as { data?: { total?: number } };
  if (probe.status !== 200) throw new Error(`${url}: HTTP ${probe.status} ${JSON.stringify(probeBody)}`);
  process.stdout.write(`  ${scenario} ... `);
  const before = await meter.sample();
  const result = await runLoad({
    concurrency,
    warmupMs,
    durationMs,
    maxRequests: 200_000,
    makeWorker: getWorker(url, headers),
  });
  const spent = meter.spent(before, await meter.sample());
  const cpu = { server: spent.server / result.sent, db: spent.db / result.sent };
  console.log(
    `${result.rps.toFixed(0)} req/s, p99 ${ms(result.p99)} ms, CPU ${ms(cpu.server)} + ${ms(cpu.db)} ms a request`,
  );
  const total = probeBody.data?.total;
  return {
    scenario,
    path: url.replace(/^https?:\/\/[^/]+/, ''),
    ...(total === undefined ? {} : { rows: total }),
    ...result,
    cpu,
    load: loadavg()[0]!,
  };
}

/**
 * The statements the API sends for one request of a scenario under its load: of three requests with
 * `x-bench-record: 1` (statement-recorder.ts prints their statements on the server's stdout), the
 * one that sent fewest. That leaves out the session look-up, which the server makes once every
 * SESSION_CACHE_MS (2 s) a token, one request in thousands under the load.
 */
async function recordStatements(
  server: Awaited<ReturnType<typeof startServer>>,
  url: string,
  headers: Record<string, string>,
): Promise<RecordedStatement[]> {
  let fewest: RecordedStatement[] | undefined;
  for (let i = 0; i < 3; i++) {
    const statements = await recordOnce(server, url, headers);
    if (!fewest || statements.length < fewest.length) fewest = statements;
  }
  return fewest ?? [];
}

/** The statements of one request with `x-bench-record: 1`, as statement-recorder.ts prints them. */
async function recordOnce(
  server: Awaited<ReturnType<typeof startServer>>,
  url: string,
  headers: Record<string, string>,
): Promise<RecordedStatement[]> {
  const seen = server.output().length;
  const res = await fetch(url, { headers: { ...headers, 'x-bench-record': '1' } });
  await res.arrayBuffer();
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  for (let waited = 0; waited < 5000; waited += 20) {
    const line = /^@@bench-statements (.*)\n/m.exec(server.output().slice(seen))?.[1];
    if (line) {
      const recorded = JSON.parse(line) as { url: string; statements: RecordedStatement[] };
      if (recorded.url !== path) throw new Error(`recorded ${recorded.url}, asked ${path}`);
      if (recorded.statements.length === 0) throw new Error(`${path} sent no statement`);
      return recorded.statements;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no statements recorded for ${path}`);
}

/** floor-server.ts in a process of its own; each scenario's statements measured under the same load. */
async function startFloorServer(databaseUrl: string) {
  const port = await freePort();
  const child = fork(join(repoRoot, 'scripts/bench/floor-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`floor-server exited with ${code}`)));
  });
  const meter = cpuMeter(child.pid, databaseUrl);
  return {
    measure: async (id: number, statements: RecordedStatement[]): Promise<Measured> => {
      const url = `http://127.0.0.1:${port}/floor/${id}`;
      const put = await fetch(url, { method: 'PUT', body: JSON.stringify(statements) });
      if (put.status !== 204) throw new Error(`floor-server: HTTP ${put.status}`);
      const { cpu, load, ...result } = await measure('  its floor', url, {}, meter);
      return { ...result, cpu, load };
    },
    stop: () => {
      void meter.close();
      child.kill();
    },
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function print(rows: Row[], seeded: Awaited<ReturnType<typeof describe>>) {
  console.log(
    `\n## Campaign and creative lists with ${seeded.campaigns.toLocaleString('en')} campaigns, ` +
      `${seeded.creatives.toLocaleString('en')} creatives and about ${seeded.hourlyRows.toLocaleString('en')} hourly rollup rows on PostgreSQL ` +
      `(${concurrency} workers, ${warmupMs / 1000} s warm-up + ${durationMs / 1000} s each, scenario and floor in turns ${rounds} times, ` +
      `the median round of each shown, the share their ratio; the advertiser has ${seededText(seeded.advertiserCampaigns)}, ` +
      `the agency ${seededText(seeded.agencyCampaigns)}; budget p99 < 50 ms and at least 80% of the scenario's own floor's req/s; ` +
      `floor: the API's statements for one request, replayed alone; load: 1-minute load average after the row)\n`,
  );
  const header = [
    'scenario',
    'matching',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'server CPU ms/req',
    'db CPU ms/req',
    'db CPU alone ms/req',
    'statements',
    'floor req/s',
    'floor server CPU ms/req',
    'floor db CPU ms/req',
    'share of its floor',
    'shares of the rounds',
    'load',
  ];
  const table = rows.map((r) => [
    r.scenario,
    r.rows === undefined ? '' : r.rows.toLocaleString('en'),
    r.rps.toFixed(0),
    ms(r.p50),
    ms(r.p99),
    String(r.errors),
    ms(r.cpu.server),
    ms(r.cpu.db),
    r.dbAlone === undefined ? '' : ms(r.dbAlone),
    r.statements === undefined ? '' : String(r.statements.length),
    r.floor ? r.floor.rps.toFixed(0) : '',
    r.floor ? ms(r.floor.cpu.server) : '',
    r.floor ? ms(r.floor.cpu.db) : '',
    r.floor ? percent(shareOf(r)) : '',
    r.shares ? r.shares.map(percent).join(' ') : '',
    r.floor ? `${r.load.toFixed(1)}/${r.floor.load.toFixed(1)}` : r.load.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of table) console.log(line(row));
  printTargets(rows);
}

/** A scenario that searches by name or id. */
const isSearch = (r: Row) => /[?&]q=/.test(r.path);

/** The issue's targets, read off the table: p99, the share of the floor, the searches' database CPU. */
function printTargets(rows: Row[]) {
  const measured = rows.filter((r) => r.floor);
  const within = (list: Row[], test: (r: Row) => boolean) => {
    const missed = list.filter((r) => !test(r)).map((r) => r.scenario);
    return `${list.length - missed.length} of ${list.length}${missed.length ? ` (not: ${missed.join('; ')})` : ''}`;
  };
  const searches = measured.filter(isSearch);
  console.log('\nTargets:');
  console.log(`- p99 < 50 ms: ${within(measured, (r) => r.p99 < 50)}`);
  console.log(`- at least 80% of the floor's req/s: ${within(measured, (r) => shareOf(r) >= 0.8)}`);
  console.log(
    `- searches at most 1 ms of database CPU: replayed alone ${within(searches, (r) => (r.dbAlone ?? Number.NaN) <= 1)}; ` +
      `under the load ${within(searches, (r) => r.cpu.db <= 1)}`,
  );
  // Sharing 2 cores with 8 connections, the API and the load costs every statement more CPU than
  // it costs alone: the same factor for every row is the machine's, a row above it its own.
  const factors = measured
    .filter((r) => r.dbAlone)
    .map((r) => r.cpu.db / r.dbAlone!)
    .sort((a, b) => a - b);
  if (factors.length)
    console.log(
      `- database CPU under the load against alone: ${factors[0]!.toFixed(2)}-${factors.at(-1)!.toFixed(2)} times, ` +
        `median ${factors[Math.floor(factors.length / 2)]!.toFixed(2)}`,
    );
}

/**
 * The searches' database CPU alone per 1,000 ms of the reference statement's: the same statements
 * cost 0.27-0.53 ms on one machine and 0.44-1.32 on one half as fast, so the absolute target of 1 ms
 * holds on some machines and not others. The ratio takes out the CPU's speed, not all of the
 * machine: two machines equally fast by the reference gave 20-59 and 20-32 (2026-12-03).
 */
function printSearchesAgainstReference(rows: Row[], referenceMs: number) {
  const alone = rows.flatMap((r) => (isSearch(r) && r.dbAlone !== undefined ? [r.dbAlone] : []));
  if (!alone.length || !(referenceMs > 0)) return;
  const perMille = (value: number) => ((value / referenceMs) * 1000).toFixed(1);
  console.log(
    `Searches replayed alone: ${perMille(Math.min(...alone))}-${perMille(Math.max(...alone))} ms per second of the ` +
      `reference statement's database CPU (1 ms is ${perMille(1)} on this machine).`,
  );
}

const seededText = (n: number) => `${n.toLocaleString('en')} campaigns`;

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
