#!/usr/bin/env node
// Finds a Chromium for the browser tests: CHROME_PATH when set, else the system's; where none is
// installed and we can (root with apt-get, as on the CI machines), installs Debian's `chromium`.
// Otherwise stops with a one-line instruction: browser tests are never skipped silently.
//
//   node scripts/find-chromium.mjs          prints the path (exit 0) or the instruction (exit 1)
//   import { findChromium } from './find-chromium.mjs'

import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const INSTALL_HINT =
  'Chromium not found: install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROME_PATH to a Chrome/Chromium executable.';

export class ChromiumNotFoundError extends Error {
  constructor(message = INSTALL_HINT) {
    super(message);
    this.name = 'ChromiumNotFoundError';
  }
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasAptGet() {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function run(cmd, args, log) {
  log(`$ ${cmd} ${args.join(' ')}`);
  // apt's output goes to stderr: stdout carries only the path (`.ci/run` reads it into CHROME_PATH).
  const res = spawnSync(cmd, args, {
    stdio: ['ignore', process.stderr, 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return res.status === 0;
}

/**
 * Returns the path of a Chromium executable, installing Debian's package when possible.
 * @param {{ install?: boolean, log?: (line: string) => void }} [options]
 * @returns {string}
 * @throws {ChromiumNotFoundError}
 */
export function findChromium({ install = true, log = (line) => console.error(line) } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    log(`find-chromium: CHROME_PATH=${fromEnv} is not an executable file; looking for the system's Chromium`);
  }
  for (const candidate of SYSTEM_CANDIDATES) {
    if (isExecutable(candidate)) return candidate;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && isRoot && hasAptGet()) {
    log(
      'find-chromium: no Chromium found; installing Debian package `chromium` (apt-get update && apt-get install -y chromium)',
    );
    const ok = run('apt-get', ['update'], log) && run('apt-get', ['install', '-y', 'chromium'], log);
    if (ok && isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
    throw new ChromiumNotFoundError(`apt-get install chromium failed. ${INSTALL_HINT}`);
  }
  throw new ChromiumNotFoundError();
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    process.stdout.write(`${findChromium()}\n`);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
