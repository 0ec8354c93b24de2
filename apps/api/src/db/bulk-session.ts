// Streams many single-column rows into a staging table: the first half of how list imports store a
// million entries (the second half, one short transaction that merges the staging table into the
// list, is in mergeStaged in modules/inventory/entry-store.ts). On PostgreSQL the rows go through
// COPY FROM STDIN on one pooled connection (pg-copy-streams): the fastest way in, with constant
// memory since the stream applies backpressure. On PGlite (embedded, no COPY stream from Node) they
// go as multi-row INSERTs of BATCH_ROWS rows, each its own statement so that other requests of the
// single embedded connection are served in between.
//
// The staging table is private to one import and not part of any list, so a failure half-way leaves
// nothing half-stored: the import drops and refills it when it runs again.
import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client.ts';

/**
 * Writes the lines of `text` into column `value` of `table`, calling `onProgress` with the rows
 * written so far now and then; answers the number of rows written. `text` is COPY's text format: one
 * value a line, each line ending in a newline, chunks cut anywhere (a spool file read as it is, so
 * nothing splits it into strings on the way to PostgreSQL). Values must not contain tab, carriage
 * return or backslash (COPY's text format escapes; validated entries never contain them).
 */
export type BulkCopier = (
  table: string,
  text: AsyncIterable<Buffer>,
  onProgress?: (written: number) => void | Promise<void>,
) => Promise<number>;

const BATCH_ROWS = 2000;
/** Rows between two progress reports. */
export const PROGRESS_EVERY = 50_000;

const SAFE_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
export const checkTableName = (table: string) => {
  if (!SAFE_IDENTIFIER.test(table)) throw new Error(`unsafe table name ${table}`);
  return table;
};

const NEWLINE = 10;

const countLines = (chunk: Buffer) => {
  let count = 0;
  for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, at + 1)) count++;
  return count;
};

/** Counts rows and reports every PROGRESS_EVERY of them (and once at the end). */
const progressOf = (onProgress: ((written: number) => void | Promise<void>) | undefined) => {
  let written = 0;
  let reportAt = PROGRESS_EVERY;
  return {
    add: async (rows: number) => {
      written += rows;
      if (written < reportAt) return;
      reportAt = (Math.floor(written / PROGRESS_EVERY) + 1) * PROGRESS_EVERY;
      await onProgress?.(written);
    },
    end: async () => {
      await onProgress?.(written);
      return written;
    },
  };
};

export const postgresBulkCopier =
  (pool: pg.Pool): BulkCopier =>
  async (table, text, onProgress) => {
    const client = await pool.connect();
    try {
      const stream = client.query(copyFrom(`copy ${checkTableName(table)} (value) from stdin`));
      const finished = once(stream, 'finish');
      // A failing COPY errors the stream; a pending drain wait would otherwise never resolve.
      const failed = new Promise<never>((_, reject) => stream.once('error', reject));
      failed.catch(() => {});
      const progress = progressOf(onProgress);
      for await (const chunk of text) {
        if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), failed]);
        await progress.add(countLines(chunk));
      }
      stream.end();
      await Promise.race([finished, failed]);
      return await progress.end();
    } finally {
      client.release();
    }
  };

export const pgliteBulkCopier =
  (db: Db): BulkCopier =>
  async (table, text, onProgress) => {
    const target = sql.identifier(checkTableName(table));
    const progress = progressOf(onProgress);
    const decoder = new StringDecoder('utf8');
    let carry = '';
    let batch: string[] = [];
    const insert = async () => {
      await db.execute(
        sql`insert into ${target} (value) values ${sql.join(
          batch.map((value) => sql`(${value})`),
          sql`, `,
        )}`,
      );
      await progress.add(batch.length);
      batch = [];
    };
    for await (const chunk of text) {
      const lines = (carry + decoder.write(chunk)).split('\n');
      carry = lines.pop()!;
      for (const line of lines) {
        batch.push(line);
        if (batch.length >= BATCH_ROWS) await insert();
      }
    }
    if (batch.length > 0) await insert();
    return progress.end();
  };
