import { defineConfig } from 'vitest/config';

// One runner, four projects: pure unit tests (core, web), the API through real HTTP on
// PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL, and the browser suite.
// `*.postgres.test.ts` files prove what only a server with many connections can (row locks under
// concurrency): they run in api-postgres only. In CI that project always exists, so a CI without
// TEST_DATABASE_URL fails there instead of silently leaving them out. `*.pglite.test.ts` files test
// the embedded database's own layers (its file system): they run in api only, not skipped elsewhere.
const isCI = !!process.env.CI && !['0', 'false'].includes(process.env.CI.toLowerCase());
const apiDatabases = process.env.TEST_DATABASE_URL || isCI ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/test/**/*.test.ts'] } },
      ...apiDatabases.map((db) => ({
        test: {
          name: db === 'pglite' ? 'api' : 'api-postgres',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: [`apps/api/test/**/*.${db === 'pglite' ? 'postgres' : 'pglite'}.test.ts`],
          // STATEMENT_MEMO_CHECK: every statement the memo answers is rendered by drizzle too and
          // compared (db/statement-memo.ts), so the whole suite checks the memo's answers.
          env: { TEST_DB: db, STATEMENT_MEMO_CHECK: '1' },
          // The files share one module graph per worker instead of importing the API (and compiling
          // PGlite's WebAssembly) again for each, 1.0 s a file: measured on 2 cores beside the same
          // background work, the api project 6m10s isolated and 3m31s not (Vitest's own "import"
          // 92.6 s -> 5.4 s). Each file still starts its own app on its own database; module-level
          // state is per app or per database (WeakMaps), or a pure function's memo.
          isolate: false,
          // A loaded machine (load average 18 on 2 cores) took over 60 s to start a test app in
          // beforeAll: the limits are for hangs, not for speed.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      })),
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          // Seeds the demo once for the files' servers to copy, and launches the Chromium they share.
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          // Starting a server (and seeding it) is the slow hook; E2E_SERVER_TIMEOUT_MS gives a busy machine longer.
          hookTimeout: Math.max(180_000, Number(process.env.E2E_SERVER_TIMEOUT_MS) + 60_000 || 0),
          // Two files at a time, each on its own server (the Chromium is shared): a browser test
          // waits on the network and on paints a good part of the time. 38 files in CI on 2 cores:
          // 30m29s one at a time, 17m49s two at a time.
          maxWorkers: 2,
          // expect.poll waits for what a page shows after a request (a search's rows): as long as
          // Playwright's actions wait (browser.ts), not Vitest's 1 s, which a loaded machine passed.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
