// Statement fragments rendered to text once. Drizzle renders a statement by walking every chunk of
// its template tree, and it does this on every call: the campaign list statement's subqueries
// (exchange counts, delivery facts, relations) are many chunks and never change. Rendered once, each
// becomes a few raw strings around its holes, where each call puts its own SQL (a column of the outer
// query or a parameter). A profile of the list put this walk at 6% of the server's time on that request.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

const HOLE = /\/\*hole (\d+)\*\//;

/**
 * `build` rendered once with `holes` holes; the answer fills them at each call. The fragment must
 * take every value through a hole (a parameter inside it would be rendered with the wrong number).
 */
export function precompiled<Holes extends SQL[]>(
  holes: Holes['length'],
  build: (...holes: Holes) => SQL,
): (...fill: Holes) => SQL {
  const markers = Array.from({ length: holes }, (_, i) => sql.raw(`/*hole ${i}*/`));
  const rendered = dialect.sqlToQuery(build(...(markers as Holes)));
  if (rendered.params.length > 0)
    throw new Error('A precompiled fragment takes its values through its holes, not as parameters.');
  // split with a capture group: text, hole index, text, hole index, ..., text
  const pieces = rendered.sql.split(HOLE);
  const texts = pieces.filter((_, i) => i % 2 === 0).map((text) => sql.raw(text));
  const order = pieces.filter((_, i) => i % 2 === 1).map(Number);
  return (...fill: Holes) => {
    const chunks: SQL[] = [texts[0]!];
    order.forEach((hole, i) => {
      chunks.push(fill[hole]!, texts[i + 1]!);
    });
    return sql.join(chunks);
  };
}

/** A fragment with no holes, rendered to text once (it must hold no parameter). */
export const renderedOnce = (fragment: SQL): SQL => precompiled<[]>(0, () => fragment)();

/**
 * `column = any(<ids>)` with the ids as one parameter (a bigint[] literal), where drizzle's inArray
 * makes a parameter of each: the bidder's index reads the rows of every running campaign (30,000 at
 * 100,000 campaigns) this way every 30 s, and drizzle's rendering of 30,000 parameters a statement,
 * nine statements a reload, was about 190 of the reload's 600 ms of CPU in the API (profiled; the
 * reload lands inside whatever requests are being served then). Integers only, as the ids are.
 */
export const anyOfIds = (column: SQLWrapper, ids: readonly number[]): SQL => {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`Not an id: ${id}`);
  return sql`${column} = any(${`{${ids.join(',')}}`}::bigint[])`;
};
