// A real `npm run bidder` process (src/bidder-server.ts) on a free port of 127.0.0.1, for tests that
// need a bidder beside the console that shares nothing with it but the database (and Redis when
// given): `env` adds DATABASE_URL, JWT_SECRET, REDIS_URL and the like.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_PAYLOAD_KEY } from './test-app.ts';

export type BidderProcess = { url: string; stop: () => Promise<void> };

export const startBidderProcess = (env: Record<string, string | undefined>): Promise<BidderProcess> =>
  new Promise((resolve, reject) => {
    const entry = fileURLToPath(new URL('../../src/bidder-server.ts', import.meta.url));
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        PAYLOAD_KEY: TEST_PAYLOAD_KEY,
        LOG_LEVEL: 'silent',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bidder-process-')),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`bidder did not start: ${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Bidder on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${port}`,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`bidder exited with ${code}: ${output}`)));
  });
