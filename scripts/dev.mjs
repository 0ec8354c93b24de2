#!/usr/bin/env node
// `npm run dev`: the API with --watch on :8080 and Vite with hot reload on :5173 (it proxies /api and
// /docs to the API). Open http://localhost:5173. Ctrl-C stops both; when one exits, the other stops.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;

/**
 * @param {string} name
 * @param {string} workspace
 */
function start(name, workspace) {
  const child = spawn('npm', ['run', 'dev', '-w', workspace], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
    detached: true,
  });
  /** @param {Buffer} chunk */
  const prefix = (chunk) =>
    chunk
      .toString()
      .split(/\r?\n/)
      .filter((line, i, all) => line !== '' || i < all.length - 1)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? `code ${code}`}); stopping the rest`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

/** @param {number} code */
function stop(code) {
  stopping = true;
  for (const child of children) {
    // Each child leads its own process group: end npm and what it started (node, vite) together.
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
  }
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', '@console/api');
start('web', '@console/web');
console.log('API on http://localhost:8080, console with hot reload on http://localhost:5173');
