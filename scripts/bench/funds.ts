// Reading a balance with 1,000,000 ledger entries: the running balance on the account row
// makes it one indexed row however long the history; the sum over the entries is timed beside it.
//   node --import tsx scripts/bench/funds.ts [--entries=1000000] [--reads=2000]
// Creates a fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres), migrates it, writes the entries with generate_series
// (half on one advertiser's account, half on the platform's funding account: 500,000 balanced
// transfers), then times readBalanceMicros (what the API and the bidder call), GET-free, in-process.
// The seeding bypasses the ledger triggers (session_replication_role = replica; a superuser is
// needed) and then proves the ledger with checkLedger. Prints figures, never asserts; drops the database.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { ensureUserAccount, readBalanceMicros } from '../../apps/api/src/modules/ledger/ledger-accounts.ts';
import { checkLedger } from '../../apps/api/src/modules/ledger/ledger-check.ts';
import { seedDemo } from '../../apps/api/src/seed/demo-seed.ts';
import { ensurePlatformCompany } from '../../apps/api/src/seed/platform-company.ts';
import { repoRoot } from '../../e2e/support/start-server.ts';

const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const entryCount = Number(option('entries') ?? 1_000_000);
const reads = Number(option('reads') ?? 2000);
const adminUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const main = async () => {
  const name = `bench_funds_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const { db } = database;
  try {
    await ensurePlatformCompany(db);
    await seedDemo(db, 'Demo-pass-1');
    const advertiserId = 6; // advertiser@demo.test
    const account = await ensureUserAccount(db, advertiserId);
    const transfers = Math.floor(entryCount / 2);
    console.log(
      `\n## Funds: balance read with ${(transfers * 2).toLocaleString('en-US')} ledger entries (PostgreSQL)\n`,
    );
    const seeded = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into ledger_transfers (kind, reference, note, dedupe_key, media_cost_micros, advertiser_cost_micros, created_at)
        select 'SPEND', 'bench-' || g, '', 'bench:' || g, 1000 + g % 997, 1000 + g % 997,
          now() - (${transfers} - g) * interval '1 second'
        from generate_series(1, ${transfers}) g`);
      // Each side numbered and running from where its account stood, as the trigger would have done.
      for (const [code, sign] of [
        ['ADVERTISER', -1],
        ['MEDIA', 1],
      ] as const) {
        const accountWhere = code === 'ADVERTISER' ? sql`a.id = ${account.id}` : sql`a.code = 'MEDIA'`;
        await tx.execute(sql`
          insert into ledger_entries (transfer_id, account_id, account_seq, amount_micros, balance_after_micros, created_at)
          select t.id, a.id, a.entry_count + row_number() over (order by t.id), ${sign} * t.advertiser_cost_micros,
            a.balance_micros + sum(${sign} * t.advertiser_cost_micros) over (order by t.id), t.created_at
          from ledger_transfers t cross join (select * from ledger_accounts a where ${accountWhere}) a
          where t.dedupe_key like 'bench:%'`);
      }
      await tx.execute(sql`
        update ledger_accounts a set balance_micros = s.total, entry_count = s.entries
        from (select account_id, sum(amount_micros) as total, count(*) as entries from ledger_entries group by account_id) s
        where s.account_id = a.id`);
    });
    await db.execute(sql`analyze`);
    console.log(
      `Seeded ${transfers.toLocaleString('en-US')} spend transfers in ${((performance.now() - seeded) / 1000).toFixed(1)} s.`,
    );
    const check = await checkLedger(db);
    console.log(
      `Whole-ledger check: ${check.ok ? 'sound' : `PROBLEMS: ${check.problems.slice(0, 3).join(' ')}`} (${check.entries.toLocaleString('en-US')} entries).`,
    );

    for (let i = 0; i < 200; i++) await readBalanceMicros(db, advertiserId); // warm-up
    const times: number[] = [];
    for (let i = 0; i < reads; i++) {
      const t0 = performance.now();
      await readBalanceMicros(db, advertiserId);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const sums: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await db.execute(
        sql`select sum(e.amount_micros) from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = ${advertiserId}`,
      );
      sums.push(performance.now() - t0);
    }
    sums.sort((a, b) => a - b);
    const figures = {
      entries: check.entries,
      reads,
      balance_read_ms: { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) },
      sum_over_entries_ms: { median: percentile(sums, 50) },
      balance_micros: String(await readBalanceMicros(db, advertiserId)),
      load_average: loadavg(),
    };
    console.log(
      `readBalanceMicros (the account row), ${reads} reads: p50 ${figures.balance_read_ms.p50.toFixed(3)} ms, ` +
        `p99 ${figures.balance_read_ms.p99.toFixed(3)} ms, max ${figures.balance_read_ms.max?.toFixed(3)} ms`,
    );
    console.log(
      `For comparison, the sum over the account's entries: ${figures.sum_over_entries_ms.median.toFixed(1)} ms (median of 5).`,
    );
    console.log(
      `Load average: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    mkdirSync(join(repoRoot, 'test-output'), { recursive: true });
    writeFileSync(join(repoRoot, 'test-output', 'bench-funds.json'), `${JSON.stringify(figures, null, 2)}\n`);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
