#!/usr/bin/env node
// `npm test`: the whole suite, step by step, stopping at the first failure.
//
//   npm test                     every step
//   npm test -- unit api         only the named steps (names as printed in the summary)
//
// The last line is `N tests passed, N failed (steps: N passed, N failed)`: the tests of every
// Vitest step, read from Vitest's JSON report (written beside its usual output), then the steps
// (CI reads it).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {{ name: string, title: string, run: () => Promise<void> }} Step */

class StepError extends Error {}

/**
 * Runs a command from the repository root with inherited output; rejects on a non-zero exit.
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<void>}
 */
function sh(cmd, args, env = {}) {
  return new Promise((resolveRun, reject) => {
    console.log(`$ ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (err) => reject(new StepError(`could not start ${cmd}: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolveRun(undefined);
      else reject(new StepError(`${cmd} ${args.join(' ')} exited with ${signal ?? `code ${code}`}`));
    });
  });
}

/** Tests counted over every Vitest step run so far. */
const tests = { passed: 0, failed: 0 };
const reports = mkdtempSync(join(tmpdir(), 'console-test-'));
let reportSerial = 0;

/**
 * Runs Vitest on `projects` with its usual output, and counts its tests from the JSON report it
 * writes alongside (a run that dies before writing one counts nothing; the step fails anyway).
 * @param {string[]} projects
 * @param {Record<string, string>} [env]
 */
const vitest = async (projects, env = {}) => {
  const report = join(reports, `vitest-${++reportSerial}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  try {
    await sh('npx', [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  } finally {
    try {
      const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(report, 'utf8'));
      tests.passed += numPassedTests;
      tests.failed += numFailedTests;
    } catch {
      // No report: Vitest did not get as far as running tests.
    }
  }
};

/** @type {Step[]} */
const steps = [
  { name: 'typecheck', title: 'Types (tsc)', run: () => sh('npm', ['run', 'typecheck']) },
  { name: 'lint', title: 'Lint + format (biome), unused code (knip)', run: () => sh('npm', ['run', 'lint']) },
  { name: 'unit', title: 'Unit tests (core, web)', run: () => vitest(['core', 'web']) },
  { name: 'api', title: 'API tests on PGlite', run: () => vitest(['api']) },
];
// In CI the PostgreSQL step always runs: without TEST_DATABASE_URL it fails rather than leave out
// the tests only PostgreSQL can prove (vitest.config.ts).
const isCI = !!process.env.CI && !['0', 'false'].includes(process.env.CI.toLowerCase());
if (process.env.TEST_DATABASE_URL || isCI) {
  steps.push({ name: 'api-postgres', title: 'API tests on PostgreSQL', run: () => vitest(['api-postgres']) });
}
steps.push(
  { name: 'build', title: 'Build (web app, API bundles)', run: () => sh('npm', ['run', 'build']) },
  {
    name: 'e2e',
    title: 'End-to-end tests in Chromium',
    run: async () => {
      let chromePath;
      try {
        chromePath = findChromium({ log: (line) => console.log(line) });
      } catch (err) {
        throw new StepError(err instanceof Error ? err.message : String(err));
      }
      console.log(`Chromium: ${chromePath}`);
      await vitest(['e2e'], { CHROME_PATH: chromePath });
    },
  },
);

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !steps.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`);
  if (unknown.includes('api-postgres'))
    console.error('api-postgres runs only when TEST_DATABASE_URL is set.');
  process.exit(2);
}
const selected = wanted.length > 0 ? steps.filter((s) => wanted.includes(s.name)) : steps;

/** @param {number} ms */
const fmt = (ms) =>
  ms < 60_000
    ? `${(ms / 1000).toFixed(1)}s`
    : `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`;
/** @param {string} text */
const bar = (text) => console.log(`\n${'='.repeat(8)} ${text} ${'='.repeat(Math.max(8, 90 - text.length))}`);

/** @type {{ step: Step, status: 'passed' | 'failed' | 'not run', ms: number, error?: string }[]} */
const results = selected.map((step) => ({ step, status: 'not run', ms: 0 }));
const started = performance.now();

for (const [i, result] of results.entries()) {
  bar(`[${i + 1}/${results.length}] ${result.step.title}`);
  const t0 = performance.now();
  try {
    await result.step.run();
    result.status = 'passed';
  } catch (err) {
    result.status = 'failed';
    result.error = err instanceof Error ? err.message : String(err);
    if (!(err instanceof StepError) && err instanceof Error && err.stack) console.error(err.stack);
  }
  result.ms = performance.now() - t0;
  console.log(`-- ${result.step.name}: ${result.status} in ${fmt(result.ms)}`);
  if (result.status === 'failed') break;
}

bar('Summary');
const width = Math.max(...results.map((r) => r.step.name.length));
for (const r of results) {
  const mark = r.status === 'passed' ? 'ok  ' : r.status === 'failed' ? 'FAIL' : '--  ';
  const time = r.status === 'not run' ? 'not run' : fmt(r.ms);
  console.log(`${mark} ${r.step.name.padEnd(width)}  ${time.padStart(7)}  ${r.step.title}`);
  if (r.error) console.log(`     ${' '.repeat(width)}  ${r.error}`);
}
if (!process.env.TEST_DATABASE_URL && wanted.length === 0) {
  console.log('(API tests on PostgreSQL not run: TEST_DATABASE_URL is not set; .ci/run sets it)');
}
const passed = results.filter((r) => r.status === 'passed').length;
const failed = results.filter((r) => r.status === 'failed').length;
rmSync(reports, { recursive: true, force: true });
console.log(`total ${fmt(performance.now() - started)}`);
console.log(
  `${tests.passed} tests passed, ${tests.failed} failed (steps: ${passed} passed, ${failed} failed)`,
);
process.exit(failed > 0 ? 1 : 0);
