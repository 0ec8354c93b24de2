#!/usr/bin/env node
// The npm registry this project installs from lacks some platform builds of optional dependencies
// (e.g. @biomejs/cli-darwin-arm64@2.6.8, every @biomejs/cli-android-*). `npm install` then leaves them
// out of package-lock.json, and `npm ci` refuses the lock ("Missing: @biomejs/cli-android-arm64@ from
// lock file"). This adds a placeholder entry (version, os, cpu, libc from the package's name; no
// tarball) for each optional dependency the lock lacks, so `npm ci` accepts the lock and skips them on
// this platform. `npm install` keeps such entries. Run after changing dependencies, when `npm ci` fails so:
//
//   node scripts/fix-lockfile-optional.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
/** @type {Record<string, Record<string, unknown>>} */
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

/** @param {string} name */
function platformOf(name) {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c));
  const libc = parts.includes('musl')
    ? 'musl'
    : os === 'linux' && parts.includes('gnu')
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

/**
 * Where npm would find `dep` from the package at `from` (walking up node_modules folders).
 * @param {string} from
 * @param {string} dep
 * @returns {string | undefined}
 */
function resolveFrom(from, dep) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    const at = base.lastIndexOf('node_modules/');
    if (at < 0) return undefined;
    base = base.slice(0, at).replace(/\/$/, '');
  }
}

const added = [];
for (const [path, entry] of Object.entries(packages)) {
  const optional = /** @type {Record<string, string> | undefined} */ (entry.optionalDependencies);
  if (!optional) continue;
  for (const [dep, range] of Object.entries(optional)) {
    if (resolveFrom(path, dep)) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) {
      console.error(`skip ${dep} (optional of ${path || 'the root'}): not a platform package; fix by hand`);
      continue;
    }
    const version = String(range).replace(/^[\^~=]/, '');
    // Not found from `path` up to the root, so the top level is free: npm would hoist it there.
    const where = `node_modules/${dep}`;
    /** @type {Record<string, unknown>} */
    const placeholder = { version };
    if (cpu) placeholder.cpu = [cpu];
    if (entry.dev) placeholder.dev = true;
    if (libc) placeholder.libc = [libc];
    placeholder.optional = true;
    if (os) placeholder.os = [os];
    packages[where] = placeholder;
    added.push(`${where}@${version}`);
  }
}

if (added.length === 0) {
  console.log('package-lock.json: every optional dependency has an entry.');
  process.exit(0);
}
if (process.argv.includes('--check')) {
  console.error(
    `package-lock.json lacks ${added.length} optional platform package(s):\n  ${added.join('\n  ')}`,
  );
  process.exit(1);
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added.length} placeholder(s):\n  ${added.join('\n  ')}`);
