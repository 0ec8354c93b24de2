// Starts the real app on a random port over a fresh database: in-memory PGlite (from a snapshot of
// the migrated schema, see pglite-snapshot.ts), or (TEST_DB=postgres)
// a new database on TEST_DATABASE_URL's server, dropped afterwards. Tests talk to it over HTTP.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config/env.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { outboxMails } from '../../src/db/schema/mail.ts';
import type { Bidder } from '../../src/modules/bidding/bidder.ts';
import type { ListImportWorker } from '../../src/modules/inventory/list-import-worker.ts';
import { ensureReferenceData } from '../../src/modules/reference/reference-seed.ts';
import type { ReportWorker } from '../../src/modules/reports/report-worker.ts';
import type { AppDeps } from '../../src/platform/deps.ts';
import { seedDemo } from '../../src/seed/demo-seed.ts';
import { ensurePlatformCompany } from '../../src/seed/platform-company.ts';
import { holdBidderClock } from './bidder-clock.ts';
import { openSnapshotDatabase } from './pglite-snapshot.ts';

export const DEMO_PASSWORD = 'Demo-pass-1';
export const TEST_PAYLOAD_KEY = 'a'.repeat(64);

export type CallOptions = {
  token?: string | undefined;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
};
export type CallResult = {
  status: number;
  body: Record<string, unknown> & { data?: unknown };
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
};

export type TestApp = {
  baseUrl: string;
  app: FastifyInstance;
  deps: AppDeps;
  /** The background worker of list imports (inventory lists, audiences). */
  imports: ListImportWorker;
  /** The background worker of report generation. */
  reportWorker: ReportWorker;
  /** The built-in bidder of the app (its index, delivery state, event recorder). */
  bidder: Bidder;
  /** The PostgreSQL database's URL (api-postgres), for another process on it; none on PGlite. */
  databaseUrl: string | undefined;
  call: (method: string, path: string, options?: CallOptions) => Promise<CallResult>;
  /** Signs in a demo user and answers its token. */
  loginAs: (email: string, password?: string) => Promise<string>;
  /** The 6-digit code of the newest mail to this address. */
  readOtp: (email: string) => Promise<string>;
  close: () => Promise<void>;
};

const openTestDatabase = async (): Promise<{
  database: Database;
  databaseUrl?: string;
  drop: () => Promise<void>;
}> => {
  if (process.env.TEST_DB !== 'postgres') {
    return { database: await openSnapshotDatabase(), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error(
      'The api-postgres tests need TEST_DATABASE_URL (a PostgreSQL server); in CI it must be set.',
    );
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pool.end() resolves before its sockets are gone; forcing the drop then kills them and the
      // test run sees "terminating connection". Wait for them to leave; force only as a last resort.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: mkdtempSync(join(tmpdir(), 'console-api-test-')),
  databaseUrl: undefined,
  payloadKey: TEST_PAYLOAD_KEY,
  jwtSecret: randomBytes(32).toString('hex'),
  smtpUrl: undefined,
  mailFrom: 'test@localhost',
  demoPassword: DEMO_PASSWORD,
  loginRateLimit: 10_000,
  apiRateLimit: 10_000,
  forgotPasswordRateLimit: 10_000,
  sessionMaxHours: 12,
  trustProxy: false,
  logLevel: 'silent',
  webDist: '/nonexistent',
  dspAllowedPrivateHosts: [],
  listUploadMaxBytes: 64 * 1024 * 1024,
  bidderSeat: 'console',
  ...overrides,
});

/** One HTTP request with exactly the given headers (Host included). */
const rawRequest = (url: URL, method: string, headers: Record<string, string>, body: string | undefined) =>
  new Promise<{ status: number; text: string; responseHeaders: Record<string, string> }>(
    (resolve, reject) => {
      const sized =
        body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
      const req = httpRequest(url, { method, headers: sized }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            responseHeaders: Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
            ),
          }),
        );
        response.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    },
  );

export const startTestApp = async (
  overrides: Partial<AppConfig> = {},
  options: {
    /** The bidder's clock. */
    now?: () => number;
  } = {},
): Promise<TestApp> => {
  const { database, databaseUrl, drop } = await openTestDatabase();
  await ensurePlatformCompany(database.db);
  await ensureReferenceData(database.db);
  await seedDemo(database.db, DEMO_PASSWORD);
  const { app, deps, imports, reportWorker, bidder } = await buildApp(testConfig(overrides), {
    database,
    now: options.now,
  });
  // The bidder measures tmax and load on a clock that stands still unless a test moves it (a busy
  // test machine would otherwise turn a bid into a late no-bid now and then).
  holdBidderClock(bidder, () => 0);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const call: TestApp['call'] = async (method, path, options = {}) => {
    const url = new URL(path, baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    // fetch() always sends its own Host header; a test that picks the host goes through node:http.
    const hostHeader = Object.keys(headers).find((name) => name.toLowerCase() === 'host');
    const { status, text, responseHeaders } = hostHeader
      ? await rawRequest(url, method, headers, body)
      : await fetch(url, { method, headers, body }).then(async (response) => ({
          status: response.status,
          text: await response.text(),
          responseHeaders: Object.fromEntries(response.headers.entries()),
        }));
    // What the answer left to do in the background (mails, registrations) is done before the test
    // looks, so tests read a settled state; timing tests call fetch themselves.
    await deps.background.idle();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { raw: text };
    }
    return { status, body: parsed, headers: responseHeaders };
  };

  const loginAs: TestApp['loginAs'] = async (email, password = DEMO_PASSWORD) => {
    const result = await call('POST', '/api/auth/login', { body: { email, password } });
    if (result.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(result.body)}`);
    return (result.body.data as { token: string }).token;
  };

  const readOtp: TestApp['readOtp'] = async (email) => {
    const [mail] = await deps.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, email))
      .orderBy(desc(outboxMails.id))
      .limit(1);
    const code = mail?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  return {
    baseUrl,
    app,
    deps,
    imports,
    reportWorker,
    bidder,
    databaseUrl,
    call,
    loginAs,
    readOtp,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
};
