// One database API over two drivers: embedded PGlite (files under DATA_DIR, or memory for tests)
// when DATABASE_URL is unset, node-postgres against a real server when it is set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { CHANGE_CHANNEL, deliverChange, EVERY_ENTITY } from '../platform/change-feed.ts';
import { type BulkCopier, pgliteBulkCopier, postgresBulkCopier } from './bulk-session.ts';
import { listenOnPglite, listenOnPostgres } from './notifications.ts';
import { SizeCachingNodeFS } from './pglite-file-sizes.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows a statement changed: node-postgres says rowCount, PGlite affectedRows. */
export const affectedRowsOf = (result: unknown): number => {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return Number(rowCount ?? affectedRows ?? 0);
};

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Streams many rows into a staging table (COPY on PostgreSQL): see bulk-session.ts. */
  copyRows: BulkCopier;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  inMemory?: boolean;
};

/**
 * The database over an open PGlite client, its committed change notices handed to this process's
 * listeners (platform/change-feed.ts); no migrations run.
 */
export const pgliteDatabase = async (client: PGlite): Promise<Database> => {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const stopListening = await listenOnPglite(client, CHANGE_CHANNEL, deliverChange);
  return {
    db,
    driver: 'pglite',
    close: async () => {
      await stopListening();
      await client.close();
    },
    copyRows: pgliteBulkCopier(db),
  };
};

/** Opens the database and applies pending migrations. */
export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.databaseUrl) {
    // No JIT: the lists' statements are planned once, generically (db/prepared-statement.ts), and
    // a generic plan's cost counts every branch a one-time condition leaves unrun (an admin search's
    // branch that walks the whole list), so it passed jit_above_cost and each call compiled the
    // plan first. Measured on 100,000 campaigns, an admin's search "coffee": 136 ms of database
    // time with JIT, 1.7 ms without. The console's statements read pages, never enough rows to
    // repay a compilation. A startup option of each connection: set before its first statement.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    // Every process hears every process's committed changes (a lost connection resyncs).
    const stopListening = await listenOnPostgres(options.databaseUrl, CHANGE_CHANNEL, deliverChange, () =>
      deliverChange(EVERY_ENTITY),
    );
    return {
      db,
      driver: 'postgres',
      close: async () => {
        await stopListening();
        await pool.end();
      },
      copyRows: postgresBulkCopier(pool),
    };
  }
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite();
  } else {
    const dir = join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    // Each file's size remembered between this process's own changes to it (pglite-file-sizes.ts).
    client = new PGlite({ fs: new SizeCachingNodeFS(dir) });
  }
  const database = await pgliteDatabase(client);
  await migratePglite(database.db as never, { migrationsFolder });
  return database;
};
