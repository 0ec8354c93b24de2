// The rows of a raw sql`` statement. db.execute answers the driver's own result (node-postgres's
// QueryResult, PGlite's Results); both hold the rows in `rows`, keyed by column name, which
// drizzle's types do not say for the two drivers at once. Values come as each driver reads them
// (a json column: see json-column.ts).
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

export const rowsOf = async <Row>(db: DbOrTx, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
