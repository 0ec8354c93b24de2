// The embedded database's file layer remembers each open file's size between its own changes
// (src/db/pglite-file-sizes.ts). A size remembered too long would hide rows a write added, or hand
// out a page a truncate removed: every change below is followed by a read that would show it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { SizeCachingNodeFS } from '../src/db/pglite-file-sizes.ts';

const open = async (dir: string) => {
  const fs = new SizeCachingNodeFS(dir);
  const pg = new PGlite({ fs });
  await pg.waitReady;
  return { pg, fs };
};

const countAndSum = async (pg: PGlite) =>
  (
    await pg.query<{ n: number; total: number }>(
      'SELECT count(*)::int AS n, coalesce(sum(v), 0)::int AS total FROM t',
    )
  ).rows[0]!;

// PGlite's own file layer: the api project only (the api-postgres project leaves *.pglite.test.ts out).
describe('PGlite file sizes remembered between changes', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'pglite-sizes-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('asks the file system again only after a change, and every read sees every write', async () => {
    const dir = join(root, 'writes');
    let { pg, fs } = await open(dir);
    await pg.exec('CREATE TABLE t (id serial PRIMARY KEY, v int NOT NULL, pad text NOT NULL)');
    await pg.exec(`INSERT INTO t (v, pad) SELECT 1, repeat('x', 200) FROM generate_series(1, 100)`);
    expect(await countAndSum(pg)).toEqual({ n: 100, total: 100 });

    // Reads alone: the sizes come from memory.
    const before = fs.sizeReads();
    for (let i = 0; i < 5; i++) expect(await countAndSum(pg)).toEqual({ n: 100, total: 100 });
    expect(fs.sizeReads()).toBe(before);

    // Each write grows the table by pages; the scan right after it sees them all.
    for (let round = 1; round <= 20; round++) {
      await pg.exec(`INSERT INTO t (v, pad) SELECT 1, repeat('y', 200) FROM generate_series(1, 100)`);
      expect(await countAndSum(pg)).toEqual({ n: 100 + round * 100, total: 100 + round * 100 });
    }
    // An update in place and through the index.
    await pg.exec('UPDATE t SET v = 2 WHERE id % 2 = 0');
    expect(await countAndSum(pg)).toEqual({ n: 2100, total: 2100 + 1050 });
    expect((await pg.query<{ v: number }>('SELECT v FROM t WHERE id = 2000')).rows).toEqual([{ v: 2 }]);

    // Deleting the table's end and vacuuming truncates its file; the rows written after land
    // in the pages the vacuum gave back, and the scan reads them, not what was cut.
    await pg.exec('DELETE FROM t WHERE id > 500');
    await pg.exec('VACUUM t');
    expect(await countAndSum(pg)).toEqual({ n: 500, total: 500 + 250 });
    await pg.exec(`INSERT INTO t (v, pad) SELECT 3, repeat('z', 200) FROM generate_series(1, 300)`);
    expect(await countAndSum(pg)).toEqual({ n: 800, total: 750 + 900 });

    // VACUUM FULL writes a new file and drops the old one; TRUNCATE likewise.
    await pg.exec('VACUUM FULL t');
    expect(await countAndSum(pg)).toEqual({ n: 800, total: 1650 });
    await pg.exec(`INSERT INTO t (v, pad) SELECT 4, 'w' FROM generate_series(1, 10)`);
    expect(await countAndSum(pg)).toEqual({ n: 810, total: 1690 });
    await pg.exec('TRUNCATE t');
    expect(await countAndSum(pg)).toEqual({ n: 0, total: 0 });
    await pg.exec(`INSERT INTO t (v, pad) SELECT 5, 'v' FROM generate_series(1, 7)`);
    expect(await countAndSum(pg)).toEqual({ n: 7, total: 35 });

    // A transaction rolled back, then a checkpoint: what was committed stays, nothing more.
    await pg.exec('BEGIN');
    await pg.exec(`INSERT INTO t (v, pad) SELECT 100, repeat('r', 500) FROM generate_series(1, 1000)`);
    await pg.exec('ROLLBACK');
    await pg.exec('CHECKPOINT');
    expect(await countAndSum(pg)).toEqual({ n: 7, total: 35 });

    // Closed and opened again (a new process's file layer): the same rows, and it writes on.
    await pg.close();
    ({ pg, fs } = await open(dir));
    expect(await countAndSum(pg)).toEqual({ n: 7, total: 35 });
    await pg.exec(`INSERT INTO t (v, pad) SELECT 1, repeat('a', 300) FROM generate_series(1, 2000)`);
    expect(await countAndSum(pg)).toEqual({ n: 2007, total: 2035 });
    await pg.close();

    // PGlite's own file layer reads the same rows from the directory.
    const plain = new PGlite(dir);
    expect(await countAndSum(plain)).toEqual({ n: 2007, total: 2035 });
    await plain.close();
  });

  it('is the file layer of the embedded database on disk', async () => {
    const database = await openDatabase({ dataDir: join(root, 'app') });
    try {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      expect((client as unknown as { fs: unknown }).fs).toBeInstanceOf(SizeCachingNodeFS);
    } finally {
      await database.close();
    }
  });
});
