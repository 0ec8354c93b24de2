// JSON built by the database, for reads that bring a row's lists along as columns of one statement.
import { type SQL, sql } from 'drizzle-orm';

/** A json column of a raw `db.execute`: node-postgres hands it parsed, PGlite's raw path as text. */
export const jsonColumn = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** An ordered JSON array of `item` over the rows of `from` (empty, not null, when there are none). */
export const jsonList = (item: SQL, from: SQL, orderBy: SQL) =>
  sql`coalesce((select json_agg(${item} order by ${orderBy}) ${from}), '[]'::json)`;
