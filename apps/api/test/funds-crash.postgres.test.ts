// A server killed with SIGKILL in the middle of a burst of movements: no movement
// it answered is lost, no movement is half there (the ledger check proves every transfer balanced and
// every balance equal to its entries), and retrying every request with its Idempotency-Key moves each
// one exactly once. The server is a child process on a fresh PostgreSQL database; PostgreSQL only
// (*.postgres.test.ts): an embedded PGlite killed mid-write is not what production runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MovementResult } from '@console/core/api/funds';
import { isNull, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { idempotencyKeys } from '../src/db/schema/idempotency.ts';
import { ledgerTransfers } from '../src/db/schema/ledger.ts';
import { readBalances } from '../src/modules/ledger/ledger-accounts.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { seedDemo } from '../src/seed/demo-seed.ts';
import { ensurePlatformCompany } from '../src/seed/platform-company.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { DEMO_PASSWORD, TEST_PAYLOAD_KEY } from './support/test-app.ts';

const BURST = 300;
const AMOUNT = 1_000_000; // $1 per allocation
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `test_crash_${Date.now()}_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl || 'postgres://missing');
  url.pathname = `/${name}`;
  return url.toString();
})();
const jwtSecret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'console-crash-'));

let database: Database;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts the production server on the test database; resolves once it answers /api/health. */
const startServer = async (): Promise<{ child: ChildProcess; baseUrl: string }> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      PAYLOAD_KEY: TEST_PAYLOAD_KEY,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
    },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { child, baseUrl };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
};

const post = (baseUrl: string, token: string, path: string, body: unknown, key: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });

const login = async (baseUrl: string, email: string) => {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
};

beforeAll(async () => {
  if (!adminUrl) throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL.');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  database = await openDatabase({ databaseUrl });
  await ensurePlatformCompany(database.db);
  await seedDemo(database.db, DEMO_PASSWORD);
});

afterAll(async () => {
  await database?.close();
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('a server killed in the middle of a burst of movements', () => {
  it('loses no answered movement and leaves no half movement', { timeout: 300_000 }, async () => {
    const first = await startServer();
    const token = await login(first.baseUrl, 'agency@demo.test');
    const before = await readBalances(database.db, [DEMO.agency.id, DEMO.adv1.id, DEMO.adv2.id]);
    const requests = Array.from({ length: BURST }, (_, i) => ({
      key: `crash-${i}`,
      body: {
        advertiser_id: i % 2 === 0 ? DEMO.adv1.id : DEMO.adv2.id,
        direction: 'ALLOCATE',
        amount_micros: AMOUNT,
        note: `burst ${i}`,
      },
    }));

    const answered = new Map<string, number>();
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      first.child.kill('SIGKILL');
    };
    await Promise.all(
      requests.map(async ({ key, body }) => {
        try {
          const response = await post(first.baseUrl, token, '/api/agency/funds/allocations', body, key);
          const answer = (await response.json()) as { data?: MovementResult };
          if (response.status === 200 && answer.data) answered.set(key, answer.data.transfer_id);
          // Kill once a sixth of the burst has been answered: the rest is in flight or queued.
          if (answered.size >= BURST / 6) kill();
        } catch {
          // The connection died with the server: this request has no answer.
        }
      }),
    );
    kill();
    if (first.child.exitCode === null && first.child.signalCode === null) await once(first.child, 'exit');
    expect(answered.size).toBeGreaterThan(0);
    expect(answered.size).toBeLessThan(BURST);

    // Every answered movement is there; nothing is half there.
    const saved = await database.db
      .select({ id: ledgerTransfers.id, dedupeKey: ledgerTransfers.dedupeKey })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.dedupeKey, 'idem:%:crash-%'));
    const savedIds = new Set(saved.map((row) => row.id));
    for (const [key, transferId] of answered) expect(savedIds.has(transferId), key).toBe(true);
    const afterCrash = await checkLedger(database.db);
    expect(afterCrash.problems).toEqual([]);
    console.log(
      `[funds] SIGKILL after ${answered.size} of ${BURST} movements were answered; ${saved.length} committed, ` +
        `${BURST - saved.length} never happened; ledger sound`,
    );

    // The platform hands a claim whose request died to a retry after two minutes; let them pass.
    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '3 minutes'` })
      .where(isNull(idempotencyKeys.responseStatus));
    // A new server; every request retried with its key moves exactly once in all.
    const second = await startServer();
    try {
      const retryToken = await login(second.baseUrl, 'agency@demo.test');
      for (const { key, body } of requests) {
        const response = await post(second.baseUrl, retryToken, '/api/agency/funds/allocations', body, key);
        expect(response.status, key).toBe(200);
        const answer = (await response.json()) as { data: MovementResult };
        if (answered.has(key)) expect(answer.data.transfer_id).toBe(answered.get(key));
      }
    } finally {
      second.child.kill('SIGKILL');
    }
    const all = await database.db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.dedupeKey, 'idem:%:crash-%'));
    expect(all).toHaveLength(BURST);
    const after = await readBalances(database.db, [DEMO.agency.id, DEMO.adv1.id, DEMO.adv2.id]);
    const moved = (BURST / 2) * AMOUNT;
    expect(after.get(DEMO.adv1.id)).toBe((before.get(DEMO.adv1.id) ?? 0n) + BigInt(moved));
    expect(after.get(DEMO.adv2.id)).toBe((before.get(DEMO.adv2.id) ?? 0n) + BigInt(moved));
    expect(after.get(DEMO.agency.id)).toBe((before.get(DEMO.agency.id) ?? 0n) - BigInt(2 * moved));
    const check = await checkLedger(database.db);
    expect(check.problems).toEqual([]);
    expect(check.total_micros).toBe(0);
  });
});
