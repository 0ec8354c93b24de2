// Streams many single-column rows into a staging table: the first half of how list imports store a
// million entries (the second half, one short transaction that merges the staging table into the
// list, is in modules/inventory/list-import-store.ts). On PostgreSQL the rows go through
// COPY FROM STDIN on one pooled connection (pg-copy-streams): the fastest way in, with constant
// memory since the stream applies backpressure. On PGlite (embedded, no COPY stream from Node) they
// go as multi-row INSERTs of BATCH_ROWS rows, each its own statement so that other requests of the
// single embedded connection are served in between.
//
// The staging table is private to one import and not part of any list, so a failure half-way leaves
// nothing half-stored: the import drops and refills it when it runs again.
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client.ts';

/**
 * Writes `values` into column `value` of `table`, calling `onProgress` with the rows written so far
 * now and then; answers the number of rows written. Values must not contain tab, newline, carriage
 * return or backslash (COPY's text format escapes; validated entries never contain them).
 */
export type BulkCopier = (
  table: string,
  values: AsyncIterable<string>,
  onProgress?: (written: number) => void | Promise<void>,
) => Promise<number>;

const BATCH_ROWS = 2000;
/** Rows between two progress reports. */
export const PROGRESS_EVERY = 50_000;
/** COPY text is sent in chunks of about this many characters. */
const COPY_CHUNK_CHARS = 256 * 1024;

const SAFE_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
export const checkTableName = (table: string) => {
  if (!SAFE_IDENTIFIER.test(table)) throw new Error(`unsafe table name ${table}`);
  return table;
};

export const postgresBulkCopier =
  (pool: pg.Pool): BulkCopier =>
  async (table, values, onProgress) => {
    const client = await pool.connect();
    try {
      const stream = client.query(copyFrom(`copy ${checkTableName(table)} (value) from stdin`));
      const finished = once(stream, 'finish');
      // A failing COPY errors the stream; a pending drain wait would otherwise never resolve.
      const failed = new Promise<never>((_, reject) => stream.once('error', reject));
      failed.catch(() => {});
      let written = 0;
      let chunk = '';
      const flush = async () => {
        const ok = stream.write(chunk);
        chunk = '';
        if (!ok) await Promise.race([once(stream, 'drain'), failed]);
      };
      for await (const value of values) {
        chunk += `${value}\n`;
        written++;
        if (chunk.length >= COPY_CHUNK_CHARS) await flush();
        if (written % PROGRESS_EVERY === 0) await onProgress?.(written);
      }
      if (chunk) await flush();
      stream.end();
      await Promise.race([finished, failed]);
      await onProgress?.(written);
      return written;
    } finally {
      client.release();
    }
  };

export const pgliteBulkCopier =
  (db: Db): BulkCopier =>
  async (table, values, onProgress) => {
    const target = sql.identifier(checkTableName(table));
    let written = 0;
    let batch: string[] = [];
    const insert = async () => {
      await db.execute(
        sql`insert into ${target} (value) values ${sql.join(
          batch.map((value) => sql`(${value})`),
          sql`, `,
        )}`,
      );
      batch = [];
    };
    for await (const value of values) {
      batch.push(value);
      written++;
      if (batch.length >= BATCH_ROWS) await insert();
      if (written % PROGRESS_EVERY === 0) await onProgress?.(written);
    }
    if (batch.length > 0) await insert();
    await onProgress?.(written);
    return written;
  };
