#!/usr/bin/env node
// `npm run build -w @console/api` (part of the root `npm run build`): bundles the API's processes to
// JavaScript with esbuild, so production runs no TypeScript loader:
//
//   dist/server.js           `npm start` (after the build), `npm run serve -w @console/api`
//   dist/bidder-server.js    `npm run bidder`
//   dist/<cli>.js            each src/cli/<cli>.ts (`npm run admin:create`, `npm run rollups:rebuild`)
//
// A bundle holds this app's sources and the @console/core files they import (TypeScript sources of a
// workspace package, no build of their own); every other package stays an import from node_modules.
// Each bundle has a source map (the scripts run node with --enable-source-maps).
//
// package.json declares `"sideEffects": false`: a module's entry (modules/<name>/index.ts) re-exports
// more than one bundle uses (the bidder takes a few names of ledger/, delivery/ and reference/), and
// esbuild leaves the unused files out only when they are declared free of side effects. No source
// file of the API does on import anything another file needs without importing a name from it.
//
// Files read at run time are found as the sources find them: a module that locates something from
// its own place (`new URL('./migrations', import.meta.url)` in db/client.ts, the web app's dist in
// config/env.ts, createRequire in the reference data) gets, in the bundle, its source file's URL
// instead of the bundle's, computed from where the bundle is. So the bundles read the SQL migrations
// from src/db/migrations (where drizzle-kit writes them) and go on working when the checkout moves.
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const apiRoot = dirname(fileURLToPath(import.meta.url));
const outdir = join(apiRoot, 'dist');

/** @type {Record<string, string>} bundle name -> entry source */
const entryPoints = {
  server: 'src/server.ts',
  'bidder-server': 'src/bidder-server.ts',
  ...Object.fromEntries(
    readdirSync(join(apiRoot, 'src/cli'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => [basename(file, '.ts'), `src/cli/${file}`]),
  ),
};

/** Every bare import but the workspace's own packages stays external (resolved from node_modules). */
/** @type {esbuild.Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@console/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** `import.meta.url` of a bundled module: its source file's URL, relative to the bundle (in dist/). */
/** @type {esbuild.Plugin} */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(sep).includes('node_modules')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)/.test(source)) {
        throw new Error(`${args.path}: use import.meta.url (the build maps it to the source file)`);
      }
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split(sep).join('/');
      const sourceUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', sourceUrl), loader: 'ts' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
const result = await esbuild.build({
  absWorkingDir: apiRoot,
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  sourcemap: true,
  // Class and function names stay as written (errors and logs show them), whatever the bundle renames.
  keepNames: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages, sourceLocations],
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
/** @param {number} bytes */
const kb = (bytes) => `${Math.round(bytes / 1024)} kB`;
console.log(
  `apps/api/dist: ${outputs.map(([file, out]) => `${basename(file)} ${kb(out.bytes)}`).join(', ')} in ${Math.round(performance.now() - started)} ms`,
);
