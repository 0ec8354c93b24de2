// In-memory PGlite for the API tests, started from a snapshot of the migrated, empty database.
// Creating a PGlite cluster (initdb in WebAssembly) and migrating it costs seconds; loading the
// snapshot a fraction of that. The snapshot is made by the real path (openDatabase: initdb plus
// migrations) the first time a migration set is seen, and kept in the temp directory under a key of
// the migration files and the PGlite build, so a new migration makes a new snapshot.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, openDatabase, pgliteDatabase } from '../../src/db/client.ts';

const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const PREFIX = 'console-api-test-pglite-';
const STALE_MS = 60 * 60_000;

const snapshotFile = () => {
  const hash = createHash('sha256');
  const wasm = statSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'));
  hash.update(`${wasm.size}:${wasm.mtimeMs}`);
  const files = readdirSync(migrationsFolder, { recursive: true }).map(String).sort();
  for (const name of files) {
    const path = join(migrationsFolder, name);
    if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
  }
  return join(tmpdir(), `${PREFIX}${hash.digest('hex').slice(0, 16)}.tar`);
};

/** Snapshots of other migration sets that nobody has written for an hour. */
const removeStaleSnapshots = (keep: string) => {
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(PREFIX) || path === keep) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    } catch {
      // Another run removed it first.
    }
  }
};

const writeSnapshot = async (file: string) => {
  const fresh = await openDatabase({ inMemory: true });
  const client = (fresh.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await fresh.close();
  // Written under a private name and renamed, so a parallel run never reads half a file.
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  removeStaleSnapshots(file);
};

const loadSnapshot = async (file: string): Promise<Database> => {
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(file)]) });
  await client.waitReady;
  const database = await pgliteDatabase(client);
  // A no-op for a current snapshot; the same migrator the app runs at start.
  await migrate(database.db as never, { migrationsFolder });
  return database;
};

/** A fresh in-memory PGlite database with every migration applied and no rows. */
export const openSnapshotDatabase = async (): Promise<Database> => {
  const file = snapshotFile();
  try {
    return await loadSnapshot(file);
  } catch {
    // No snapshot yet for this migration set (or an unreadable one): make it by the real path.
    await writeSnapshot(file);
    return loadSnapshot(file);
  }
};
