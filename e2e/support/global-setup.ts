// The e2e project's global setup (vitest.config.ts), done once per run instead of once per file:
// - seeds the demo into a template DATA_DIR: the production server's own first-run seed
//   (DEMO_HISTORY_DAYS=0, as useE2E's servers run), then stopped. Each file's server still is a
//   server of its own on a database of its own, started from a copy of the template (about 6 s
//   instead of 15 s to start and seed on this 2-core machine).
// - launches one Chromium that the files connect to (each file still opens a fresh context per
//   test; about 1 s per file saved).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS } from './chromium.ts';
import { startServer } from './start-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped server's seeded DATA_DIR to copy (start-server's copyDataDirFrom). */
    e2eSeededDataDir: string;
    /** The shared Chromium's endpoint for chromium.connect. */
    e2eBrowserEndpoint: string;
  }
}

/** @public vitest.config.ts's globalSetup: provides the two values above, undone at teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = process.env.CHROME_PATH;
  if (!executablePath) {
    throw new Error(
      'CHROME_PATH is not set: run the browser tests through `npm test`, or set CHROME_PATH=$(node scripts/find-chromium.mjs)',
    );
  }
  const template = mkdtempSync(join(tmpdir(), 'console-e2e-seeded-'));
  const browser = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    await (await startServer({ dataDir: template })).stop();
  } catch (err) {
    await browser.close();
    rmSync(template, { recursive: true, force: true });
    throw err;
  }
  project.provide('e2eSeededDataDir', template);
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    rmSync(template, { recursive: true, force: true });
  };
}
