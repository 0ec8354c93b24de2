// Inventory lists at desk size, on PostgreSQL:
//   - a 1,000,000-line upload of site domains (1% bad lines, 1% repeats) accepted, validated and
//     stored: the time from the first byte sent to the import DONE, and the server's memory growth
//     (resident set, sampled every 20 ms, minus the resident set before);
//   - GET its entries: page 500 (100 a page), a deep keyset page, a prefix search: p50/p99 under load
//     beside GET /api/health in the same run;
//   - the bidder's membership look-up from the list loaded in memory (list-membership.ts): ns each.
//   node --import tsx scripts/bench/lists.ts [--lines=1000000] [--duration=5] [--concurrency=8]
// Creates a fresh database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres) and drops it; writes test-output/bench-lists.json.
// Never asserts on time.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { loadApplistMembership } from '../../apps/api/src/modules/inventory/list-membership.ts';
import { seedDemo } from '../../apps/api/src/seed/demo-seed.ts';
import { ensurePlatformCompany } from '../../apps/api/src/seed/platform-company.ts';
import { repoRoot, startServer } from '../../e2e/support/start-server.ts';
import { getWorker, type LoadResult, runLoad } from './load.ts';
import { cpuMeter } from './process-cpu.ts';

const DEMO_PASSWORD = 'Demo-pass-1';
const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const lineCount = Number(option('lines') ?? 1_000_000);
const durationMs = Number(option('duration') ?? 5) * 1000;
const concurrency = Number(option('concurrency') ?? 8);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '-');
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

const TLDS = ['com', 'net', 'co.uk', 'de', 'io', 'com.br', 'fr', 'org'];
/** The file: domains as exported from an ad server, with scheme, upper case, bad lines and repeats. */
const makeFile = (count: number) => {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 100 === 0) lines.push(`not a domain ${i}`);
    else if (i % 100 === 99) lines.push(lines[i - 50]!.toUpperCase());
    else if (i % 10 === 2) lines.push(`https://www.publisher${i}.${TLDS[i % TLDS.length]}/ads.txt`);
    else lines.push(`publisher${i}.${TLDS[i % TLDS.length]}`);
  }
  return `${lines.join('\n')}\n`;
};

const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
};

async function freshDatabase() {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  admin.on('error', () => undefined);
  await admin.connect();
  const name = `bench_lists_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { success: boolean; data: T; message?: string };
  if (!response.ok) throw new Error(`${response.status} ${body.message}`);
  return body.data;
}

async function main() {
  console.log(
    `\n## Inventory lists: ${lineCount.toLocaleString('en-US')}-line upload on PostgreSQL (${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})\n`,
  );
  const database = await freshDatabase();
  const seeded = await openDatabase({ databaseUrl: database.url });
  await ensurePlatformCompany(seeded.db);
  await seedDemo(seeded.db, DEMO_PASSWORD);
  await seeded.close();
  const server = await startServer({
    env: { DATABASE_URL: database.url, LIST_UPLOAD_MAX_MB: '200', LOG_LEVEL: 'warn' },
    ensureBuilt: false,
  });
  const out: Record<string, unknown> = { lines: lineCount, date: new Date().toISOString() };
  try {
    const base = server.baseURL;
    const token = (
      await json<{ token: string }>(
        await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'advertiser@demo.test', password: DEMO_PASSWORD }),
        }),
      )
    ).token;
    const auth = { authorization: `Bearer ${token}` };
    const file = makeFile(lineCount);
    console.log(`File: ${mb(Buffer.byteLength(file))}, ${lineCount.toLocaleString('en-US')} lines.`);

    // Let the server settle, then read its memory before the upload.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBefore = rssOf(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssOf(server.pid));
    }, 20);

    const meter = cpuMeter(server.pid, database.url);
    const cpuBefore = await meter.sample();
    const form = new FormData();
    form.append('name', 'Bench Sites');
    form.append('kind', 'SITE');
    form.append('file', new Blob([file], { type: 'text/plain' }), 'sites.txt');
    const t0 = performance.now();
    const started = await json<{ import_id: number; lines: number; valid: number; rejected: number }>(
      await fetch(`${base}/api/applists/uploads`, { method: 'POST', headers: auth, body: form }),
    );
    const tValidated = performance.now();
    type Job = {
      status: string;
      applist_id: number;
      accepted: number;
      duplicates: number;
      error: string | null;
    };
    let job: Job;
    for (;;) {
      job = await json<Job>(await fetch(`${base}/api/list-imports/${started.import_id}`, { headers: auth }));
      if (job.status === 'DONE' || job.status === 'FAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const tStored = performance.now();
    clearInterval(sampler);
    const cpu = meter.spent(cpuBefore, await meter.sample());
    await meter.close();
    if (job.status !== 'DONE') throw new Error(`import failed: ${job.error}`);
    const upload = {
      validatedSeconds: (tValidated - t0) / 1000,
      storedSeconds: (tStored - tValidated) / 1000,
      totalSeconds: (tStored - t0) / 1000,
      rssBeforeMb: rssBefore / 2 ** 20,
      rssGrowthMb: (rssPeak - rssBefore) / 2 ** 20,
      serverCpuSeconds: cpu.server / 1000,
      databaseCpuSeconds: cpu.db / 1000,
      lines: started.lines,
      valid: started.valid,
      rejected: started.rejected,
      accepted: job.accepted,
      duplicates: job.duplicates,
    };
    out.upload = upload;
    console.log(
      `Upload: sent + validated in ${upload.validatedSeconds.toFixed(1)} s, stored in ${upload.storedSeconds.toFixed(1)} s: ` +
        `${upload.totalSeconds.toFixed(1)} s in all; server memory ${mb(rssBefore)} -> peak +${upload.rssGrowthMb.toFixed(0)} MB.`,
    );
    console.log(
      `  CPU spent: server ${upload.serverCpuSeconds.toFixed(1)} s, database ${upload.databaseCpuSeconds.toFixed(1)} s (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores).`,
    );
    console.log(
      `  ${upload.lines.toLocaleString('en-US')} lines: ${upload.accepted.toLocaleString('en-US')} stored, ${upload.duplicates.toLocaleString('en-US')} duplicates, ${upload.rejected.toLocaleString('en-US')} rejected.`,
    );

    const id = job.applist_id;
    // A value deep in the list, for the keyset page (the 250,000th entry).
    const deepAfter = (
      await json<{ items: string[] }>(
        await fetch(`${base}/api/applists/${id}/entries?page=2500&limit=100`, { headers: auth }),
      )
    ).items[0]!;
    const scenarios: [string, string][] = [
      ['GET /api/health', '/api/health'],
      ['entries page 500 (100 a page)', `/api/applists/${id}/entries?page=500&limit=100`],
      ['entries page 500 (500 a page)', `/api/applists/${id}/entries?page=500&limit=500`],
      [
        'entries after the 250,000th (keyset)',
        `/api/applists/${id}/entries?limit=100&after=${encodeURIComponent(deepAfter)}`,
      ],
      ['entries search "publisher77"', `/api/applists/${id}/entries?q=publisher77&limit=100`],
      ['entries search, no match', `/api/applists/${id}/entries?q=zzz&limit=100`],
      ['the list (detail)', `/api/applists/${id}`],
    ];
    const rows: { name: string; result: LoadResult }[] = [];
    for (const [name, path] of scenarios) {
      const result = await runLoad({
        concurrency,
        warmupMs: 500,
        durationMs,
        maxRequests: 100_000,
        makeWorker: getWorker(`${base}${path}`, auth),
      });
      rows.push({ name, result });
    }
    out.reads = rows;
    console.log(
      `\n| scenario (${concurrency} concurrent, ${durationMs / 1000} s) | req/s | p50 ms | p99 ms | errors |`,
    );
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const { name, result } of rows)
      console.log(
        `| ${name} | ${result.rps.toFixed(0)} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.errors} |`,
      );

    // The bidder's look-up, in this process, from the stored list.
    const reader = await openDatabase({ databaseUrl: database.url });
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const tLoad = performance.now();
    const set = await loadApplistMembership(reader.db, id);
    const loadSeconds = (performance.now() - tLoad) / 1000;
    const setBytes = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore;
    await reader.close();
    const probes = Array.from({ length: 1_000_000 }, (_, i) =>
      i % 2 === 0
        ? `publisher${(i * 7) % lineCount}.${TLDS[((i * 7) % lineCount) % TLDS.length]}`
        : `absent${i}.example.com`,
    );
    let hits = 0;
    for (const probe of probes.slice(0, 100_000)) if (set.has(probe)) hits++; // warm-up
    hits = 0;
    const cpuLookup = process.cpuUsage();
    const tLookup = process.hrtime.bigint();
    for (const probe of probes) if (set.has(probe)) hits++;
    const lookupNs = Number(process.hrtime.bigint() - tLookup) / probes.length;
    const lookupCpu = process.cpuUsage(cpuLookup);
    const lookupCpuNs = ((lookupCpu.user + lookupCpu.system) * 1000) / probes.length;
    const tDomain = process.hrtime.bigint();
    for (let i = 0; i < 200_000; i++) set.hasDomain(`https://www.sub.publisher${i}.com/page`);
    const domainNs = Number(process.hrtime.bigint() - tDomain) / 200_000;
    out.membership = {
      size: set.size,
      loadSeconds,
      setMb: setBytes / 2 ** 20,
      lookupNs,
      hits,
      hasDomainNs: domainNs,
    };
    console.log(
      `\nMembership (list-membership.ts): ${set.size.toLocaleString('en-US')} entries loaded in ${loadSeconds.toFixed(1)} s (~${(setBytes / 2 ** 20).toFixed(0)} MB); ` +
        `has(): ${lookupNs.toFixed(0)} ns a look-up, ${lookupCpuNs.toFixed(0)} ns of CPU (${hits.toLocaleString('en-US')} hits of 1,000,000); hasDomain(URL with parents): ${domainNs.toFixed(0)} ns.`,
    );
  } finally {
    await server.stop();
    await database.drop();
  }
  mkdirSync(join(repoRoot, 'test-output'), { recursive: true });
  writeFileSync(join(repoRoot, 'test-output', 'bench-lists.json'), `${JSON.stringify(out, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
