// Starts the real production server (`node apps/api/dist/server.js`, the built API that `npm start`
// runs) as a child process on a free port with a fresh DATA_DIR (an empty embedded database gets the
// demo seed; a copy of a seeded one, as the e2e files start from, does not), waits for GET /api/health and hands back its address. Used by the e2e suite and by
// `npm run bench`. The API bundle is built first when it is missing or older than its sources, so a
// run never tests stale code.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The built console; E2E_WEB_DIST points a run at another build (several checkouts building at once). */
export const webDist = process.env.E2E_WEB_DIST
  ? resolve(process.env.E2E_WEB_DIST)
  : join(repoRoot, 'apps/web/dist');

export type ServerHandle = {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseURL: string;
  port: number;
  /** The server process (for memory and CPU readings in the bench). */
  pid: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
};

export type StartServerOptions = {
  /** Extra environment for the server (e.g. DATABASE_URL); overrides the defaults below. */
  env?: Record<string, string>;
  /** Extra arguments after server.js (e.g. ['--demo']). */
  args?: string[];
  /** Extra options for node itself, before the script (e.g. ['--cpu-prof'] for a bench's profile). */
  nodeArgs?: string[];
  /** How long to wait for /api/health. */
  timeoutMs?: number;
  /** Build apps/web when apps/web/dist is missing (default true; the server bundle is always made current). */
  ensureBuilt?: boolean;
  /** Echo the server's output to this process's stderr as it comes (default: E2E_SERVER_LOG=1). */
  echo?: boolean;
  /**
   * Run on this DATA_DIR (created when missing) and leave it in place at stop, e.g. to seed a
   * template once; default a fresh temporary directory, removed at stop.
   */
  dataDir?: string;
  /**
   * Start from a copy of this stopped server's DATA_DIR (e.g. the e2e global setup's seeded
   * template): the database is then not empty, so the server does not seed it again.
   */
  copyDataDirFrom?: string;
};

/** The built server (apps/api/build.mjs). */
const serverBundle = join(repoRoot, 'apps/api/dist/server.js');
/** What the server bundle is built from. */
const apiSources = ['apps/api/src', 'packages/core/src', 'apps/api/build.mjs'].map((p) => join(repoRoot, p));

/** The newest modification time of a file at or below `path`, in ms. */
const newestChange = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), 0);
};

const run = (args: string[]) => {
  const res = spawnSync('npm', args, { cwd: repoRoot, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
};

/** Builds the web app once when apps/web/dist/index.html is missing (`npm test` builds before e2e). */
export function ensureWebBuilt(): void {
  if (existsSync(join(webDist, 'index.html'))) return;
  console.error('[start-server] apps/web/dist is missing: running `npm run build` once');
  run(['run', 'build']);
}

/** Builds the server bundle when it is missing or older than a source (a few seconds). */
function ensureServerBuilt(): void {
  if (existsSync(serverBundle)) {
    const built = statSync(serverBundle).mtimeMs;
    if (apiSources.every((source) => newestChange(source) <= built)) return;
  }
  console.error('[start-server] apps/api/dist is missing or older than its sources: building it');
  run(['run', 'build', '-w', '@console/api']);
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const address = srv.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  srv.close();
  await once(srv, 'close');
  return port;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export async function startServer(options: StartServerOptions = {}): Promise<ServerHandle> {
  if (options.ensureBuilt !== false) ensureWebBuilt();
  ensureServerBuilt();
  const port = await freePort();
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'console-e2e-'));
  mkdirSync(dataDir, { recursive: true });
  if (options.copyDataDirFrom) cpSync(options.copyDataDirFrom, dataDir, { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const echo = options.echo ?? process.env.E2E_SERVER_LOG === '1';

  const env: NodeJS.ProcessEnv = { ...process.env };
  // Never pick up a database or secrets from the caller's shell: each server is a fresh instance.
  for (const key of [
    'DATABASE_URL',
    'PAYLOAD_KEY',
    'JWT_SECRET',
    'SMTP_URL',
    'DEMO_PASSWORD',
    'WEB_DIST',
    'HOST',
    'NODE_OPTIONS',
  ]) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOGIN_RATE_LIMIT: '10000',
    // One browser or load worker plays one user for many requests a minute.
    API_RATE_LIMIT: '1000000',
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    // No demo delivery history unless a test asks (it moves balances other tests count on).
    DEMO_HISTORY_DAYS: '0',
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: webDist } : {}),
    ...options.env,
  });

  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--enable-source-maps', serverBundle, ...(options.args ?? [])],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  live.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
    if (echo) process.stderr.write(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((r) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      live.delete(child);
      r();
    }),
  );

  const cleanup = () => {
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    }
    cleanup();
  };

  // E2E_SERVER_TIMEOUT_MS: a machine busy with other work may need longer than two minutes to seed.
  const deadline = Date.now() + (options.timeoutMs ?? (Number(process.env.E2E_SERVER_TIMEOUT_MS) || 120_000));
  let lastError = '';
  while (Date.now() < deadline) {
    if (exited) {
      cleanup();
      throw new Error(
        `The server exited before answering /api/health (${exited.signal ?? `code ${exited.code}`}). Output:\n${output}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) {
        await res.arrayBuffer();
        return { baseURL, port, pid: child.pid ?? 0, dataDir, output: () => output, stop };
      }
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    await sleep(150);
  }
  await stop();
  throw new Error(
    `The server did not answer /api/health within the timeout (last: ${lastError}). Output:\n${output}`,
  );
}
