// Pins db/prepared-statement.ts, which reaches past the public APIs of drizzle (its dialect and
// session) and PGlite (its protocol calls and locks) to run the list reads as named prepared
// statements. An upgrade of either that moves those internals fails here, on the database each
// project runs (PGlite in api, PostgreSQL in api-postgres), instead of in a user's list page.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../src/db/client.ts';
import {
  executePrepared,
  fixedRead,
  fixedStatement,
  preparedRowsOf,
  readRows,
  readShapedRows,
} from '../src/db/prepared-statement.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.deps.db;

/** Every kind of value the list reads carry: numbers, big numbers, text, time, json, arrays, null. */
const mixed = (id: number, label: string, tag = 'mixed') => sql`
  select ${sql.raw(`'${tag}'`)} as tag, n as id, ${label}::text || n as label, (n * 1000000000000)::bigint as micros,
    true as active, timestamptz '2026-11-27 10:00:00+00' + n * interval '1 hour' as at,
    json_build_object('n', n) as facts, array[n, n + 1]::int[] as pair, null::text as nothing
  from generate_series(1, 3) as n where n >= ${id} order by n`;

/** Named statements this connection holds, by name (protocol-level ones are listed too). */
const preparedNames = async (on: DbOrTx) => {
  const result = (await on.execute(
    sql`select name from pg_prepared_statements where name like 's\\_%' and not from_sql`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
};

/**
 * A cached read of clock_timestamp(), which differs on every run of the statement: the same text back
 * means no statement ran (`tag` keeps each test's answers apart).
 */
const cachedClockOf = async (tag: string) =>
  (
    await preparedRowsOf<{ at: string }>(
      db(),
      // random(): two fresh reads within the same millisecond differ too (PGlite's clock has no finer grain).
      sql`select clock_timestamp()::text || ' ' || random()::text as at, ${tag}::text as tag`,
      {
        cached: true,
      },
    )
  )[0]!.at;
const isEmbedded = () => (db() as unknown as { $client: unknown }).$client instanceof PGlite;

describe('named prepared statements (db/prepared-statement.ts)', () => {
  it('answers the rows db.execute answers, every column type included', async () => {
    const prepared = await executePrepared(db(), mixed(2, 'row '));
    const plain = (await db().execute(mixed(2, 'row '))) as unknown as { rows: unknown[] };
    expect(prepared.rows).toEqual(plain.rows);
    expect(prepared.rows).toHaveLength(2);
    expect(prepared.rows[0]).toMatchObject({ label: 'row 2', active: true, nothing: null });
  });

  it('binds each call its own values to the one statement', async () => {
    const first = await executePrepared(db(), mixed(1, 'a'));
    const second = await executePrepared(db(), mixed(3, 'b'));
    expect(first.rows.map((row) => row.label)).toEqual(['a1', 'a2', 'a3']);
    expect(second.rows.map((row) => row.label)).toEqual(['b3']);
  });

  it('prepares a text once per connection, under a name made of the text', async () => {
    // A text of its own (a new name), run three times on one connection: a transaction's on
    // PostgreSQL, the only one on PGlite (which sends it unnamed inside a transaction).
    const on = async (conn: DbOrTx) => {
      const before = await preparedNames(conn);
      for (let i = 0; i < 3; i++) await executePrepared(conn, mixed(1, `z${i}`, 'once'));
      return (await preparedNames(conn)).filter((name) => !before.includes(name));
    };
    const added = t.databaseUrl ? await db().transaction(on) : await on(db());
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^s_[\w-]{27}$/);
  });

  it("reads rows in the query's order (as JSON on PGlite), empty as an empty list", async () => {
    const rows = await readRows(db(), mixed(1, 'r'), sql`r.id`);
    expect(rows.map((row) => Number(row.id))).toEqual([1, 2, 3]);
    expect(rows[2]).toMatchObject({ label: 'r3', active: true, facts: { n: 3 } });
    expect(await readRows(db(), mixed(9, 'r'), sql`r.id`)).toEqual([]);
  });

  it('runs a fixed statement built once with each call its own value, beside its constant ones', async () => {
    let builds = 0;
    const labelled = fixedStatement((label) => {
      builds++;
      return sql`select * from (${mixed(2, 'row ')}) as m union all
        select 'fixed', 9, ${label}::text, 0, false, now(), null, null, ${'kept'}::text`;
    });
    const fixedRow = (rows: Record<string, unknown>[]) => rows.find((row) => row.tag === 'fixed');
    const first = await labelled(db(), 'first');
    const second = await labelled(db(), 'second');
    expect(builds).toBe(1);
    expect(fixedRow(first.rows)).toMatchObject({ label: 'first', nothing: 'kept' });
    expect(fixedRow(second.rows)).toMatchObject({ label: 'second', nothing: 'kept' });
    expect(second.rows).toHaveLength(3);
  });

  it('puts each value of a fixed statement of several, one of them used twice, where it belongs', async () => {
    let builds = 0;
    const pair = fixedStatement<[number, string, number | null]>((from, label, extra) => {
      builds++;
      return sql`select m.label, ${label}::text as again, ${extra}::int as extra, ${from}::int as from
        from (${mixed(1, 'x')}) as m where m.id >= ${from}::int order by m.id`;
    });
    const first = await pair(db(), 2, 'a', 7);
    const second = await pair(db(), 3, 'b', null);
    expect(builds).toBe(1);
    expect(first.rows).toEqual([
      { label: 'x2', again: 'a', extra: 7, from: 2 },
      { label: 'x3', again: 'a', extra: 7, from: 2 },
    ]);
    expect(second.rows).toEqual([{ label: 'x3', again: 'b', extra: null, from: 3 }]);
  });

  it('reads a shaped statement with each call its own values; a shape that leaves out what decides the text fails', async () => {
    // The API's tests check every shaped read against its values' own statement (vitest.config.ts).
    expect(process.env.STATEMENT_MEMO_CHECK).toBe('1');
    const withLabels = (shape: string, from: number, label: string, isDoubled: boolean) =>
      readShapedRows(
        db(),
        shape,
        { from, label },
        (slots) => sql`select m.id, ${slots.label}::text || m.id as label
            ${isDoubled ? sql`, ${slots.label}::text || ${slots.label}::text as doubled` : sql``}
          from (${mixed(1, 'x')}) as m where m.id >= ${slots.from}::int`,
        sql`r.id`,
      );
    expect(await withLabels('test labels false', 2, 'a', false)).toEqual([
      { id: 2, label: 'a2' },
      { id: 3, label: 'a3' },
    ]);
    expect(await withLabels('test labels false', 3, 'b', false)).toEqual([{ id: 3, label: 'b3' }]);
    expect(await withLabels('test labels true', 3, 'c', true)).toEqual([
      { id: 3, label: 'c3', doubled: 'cc' },
    ]);
    expect(await withLabels('test labels true', 9, 'd', true)).toEqual([]);
    // isDoubled decides the text: a shape without it would answer the first call's statement.
    await withLabels('test labels', 3, 'e', false);
    await expect(withLabels('test labels', 3, 'f', true)).rejects.toThrow(/answered another statement/);
  });

  it('answers a cached read as the database holds it after every other statement', async () => {
    await db().execute(sql`create table cache_probe (n int not null)`);
    const cachedSum = async () =>
      Number(
        (
          await preparedRowsOf<{ total: number }>(
            db(),
            sql`select coalesce(sum(n), 0)::int as total, count(*)::int as count from cache_probe`,
            { cached: true },
          )
        )[0]?.total,
      );
    const cachedList = async () =>
      (await readRows(db(), sql`select n from cache_probe`, sql`r.n`, { cached: true })).map((row) => row.n);
    expect(await cachedSum()).toBe(0);
    await db().execute(sql`insert into cache_probe values (1)`);
    expect(await cachedSum()).toBe(1);
    expect(await cachedSum()).toBe(1);
    expect(await cachedList()).toEqual([1]);
    // A write in a transaction, a write as a prepared statement, a delete: each shows on the next read.
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into cache_probe values (2)`);
    });
    expect(await cachedSum()).toBe(3);
    expect(await cachedList()).toEqual([1, 2]);
    const insertProbe = fixedStatement((value) => sql`insert into cache_probe values (${value}::int)`);
    await insertProbe(db(), 4);
    expect(await cachedSum()).toBe(7);
    await db().execute(sql`delete from cache_probe where n = 1`);
    expect(await cachedSum()).toBe(6);
    expect(await cachedList()).toEqual([2, 4]);
    // Reads running beside a write (each may answer before or after it): the next read has the write.
    const [a, , b] = await Promise.all([
      cachedSum(),
      db().execute(sql`insert into cache_probe values (8)`),
      cachedSum(),
    ]);
    expect([6, 14]).toContain(a);
    expect([6, 14]).toContain(b);
    expect(await cachedSum()).toBe(14);
    await db().execute(sql`drop table cache_probe`);
  });

  it('answers a cached read again on the embedded database while only reads ran since, never on PostgreSQL', async () => {
    const cachedClock = () => cachedClockOf('probe');
    const first = await cachedClock();
    const again = await cachedClock();
    // A prepared read (a list page, an access check, a session look-up) changes nothing: kept.
    await executePrepared(db(), sql`select count(*) from pg_class where relname = ${'users'}`);
    const afterRead = await cachedClock();
    // Any other statement may have changed something: read afresh.
    await db().execute(sql`select 1`);
    const afterOther = await cachedClock();
    if (isEmbedded()) {
      expect(again).toBe(first);
      expect(afterRead).toBe(first);
    } else {
      expect(new Set([first, again, afterRead]).size).toBe(3);
    }
    expect(afterOther).not.toBe(afterRead);
  });

  it('leaves the embedded read cache be after a fixed read, not after a fixed statement', async () => {
    const cachedClock = () => cachedClockOf('fixed');
    const read = fixedRead<[string]>((name) => sql`select count(*) from pg_class where relname = ${name}`);
    const other = fixedStatement<[string]>(
      (name) => sql`select count(*) from pg_class where relname = ${name}`,
    );
    const first = await cachedClock();
    expect((await read(db(), 'users')).rows).toHaveLength(1);
    const afterRead = await cachedClock();
    await other(db(), 'users');
    const afterOther = await cachedClock();
    if (isEmbedded()) expect(afterRead).toBe(first);
    else expect(afterRead).not.toBe(first);
    expect(afterOther).not.toBe(afterRead);
  });

  it('keys a cached answer by each value, big integers and text that looks like them apart', async () => {
    const next = async (value: unknown) =>
      (
        await preparedRowsOf<{ v: string }>(db(), sql`select (${value}::text || '+1')::text as v`, {
          cached: true,
        })
      )[0]!.v;
    expect(await next(9_007_199_254_740_993n)).toBe('9007199254740993+1');
    expect(await next(9_007_199_254_740_993n)).toBe('9007199254740993+1');
    expect(await next(5n)).toBe('5+1');
    expect(await next('5')).toBe('5+1');
    expect(await next('b5')).toBe('b5+1');
    expect(await next('j"5"')).toBe('j"5"+1');
  });
});
