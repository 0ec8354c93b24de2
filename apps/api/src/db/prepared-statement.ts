// Named prepared statements for the reads every page load makes (lists and details). Sent unnamed, a
// statement is parsed and planned again on every call: for a campaign list page that was 1.2 of its
// 1.9 ms of database time on PostgreSQL, and on PGlite, whose planner also asks the file system
// for each table's size, 1.6 of 2.1 ms. Named, it is parsed once per connection, and once PostgreSQL
// has seen that a generic plan costs no more than the custom ones (after five calls) it stops
// planning too.
//
// Generic plans need the statement to say what the planner keys on: LIMIT as a literal, not a
// parameter (a parameter makes PostgreSQL assume a tenth of the rows and keep planning each call).
// The name is a hash of the text, so a statement built the same way twice shares one name and two
// different texts never do.
import { createHash } from 'node:crypto';
import { PGlite, parse, protocol, type Results, types } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

type Rows = { rows: Record<string, unknown>[] };

type Internals = {
  dialect: PgDialect;
  session: {
    client: unknown;
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ) => { execute: () => Promise<unknown> };
  };
};

const nameOf = (text: string) => `s_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * Runs `query` as a named prepared statement and answers its rows as `db.execute` does (column names
 * as keys, timestamps as the driver's text). Inside a PGlite transaction it is sent unnamed.
 */
export const executePrepared = async (db: DbOrTx, query: SQL): Promise<Rows> => {
  const { dialect, session } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  const name = nameOf(built.sql);
  if (session.client instanceof PGlite) return executeOnPglite(session.client, name, built.sql, built.params);
  if (isNodePostgres(session.client))
    return (await session.prepareQuery(built, undefined, name, false).execute()) as Rows;
  return (await db.execute(query)) as unknown as Rows;
};

/** A node-postgres Pool or pooled client (what drizzle's node-postgres session holds). */
const isNodePostgres = (client: unknown) =>
  typeof client === 'object' && client !== null && 'query' in client && !('execProtocol' in client);

// ---- PGlite ----------------------------------------------------------------------------------------
// PGlite's query() always sends an unnamed statement; its protocol API takes named ones. This is what
// query() does (PGlite 0.5: bind, describe, execute, sync; values serialized by the parameter types
// the statement was described with; rows parsed by the same parsers), with a name, and the parse
// only the first time on each database.

/** Types drizzle's PGlite driver leaves as text for its own column mapping (drizzle-orm/pglite). */
const RAW_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const rawText = Object.fromEntries(RAW_TEXT_TYPES.map((type) => [type, (value: string) => value]));

/** Parameter types of each statement prepared on each database. */
const preparedOn = new WeakMap<PGlite, Map<string, number[]>>();

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const executeOnPglite = (client: PGlite, name: string, text: string, params: unknown[]): Promise<Rows> =>
  // The same locks query() takes: no other statement, and no open transaction, in between.
  client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const { serialize } = protocol;
      let statements = preparedOn.get(client);
      if (!statements) {
        statements = new Map();
        preparedOn.set(client, statements);
      }
      let paramTypes = statements.get(name);
      if (!paramTypes) {
        const described = await client.execProtocol(
          joined([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        paramTypes = parse.parseDescribeStatementResults(described.messages);
        statements.set(name, paramTypes);
      }
      const types = paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await client.execProtocol(
        joined([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      const [result] = parse.parseResults(
        messages,
        { ...client.parsers, ...rawText },
        { rowMode: 'object' },
      ) as Results<Record<string, unknown>>[] | [];
      return { rows: result?.rows ?? [] };
    }),
  );
