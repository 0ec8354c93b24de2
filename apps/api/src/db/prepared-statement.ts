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
import { type ExecProtocolResult, PGlite, parse, protocol, type Results, types } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.ts';
import { buildStatement, checkEveryStatement, sameParams, statementNameOf } from './statement-memo.ts';

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

/**
 * Runs `query`, a read, as a named prepared statement and answers its rows as `db.execute` does
 * (column names as keys, timestamps as the driver's text). Inside a PGlite transaction it is sent
 * unnamed.
 */
export const executePrepared = async (db: DbOrTx, query: SQL, options: ReadOptions = {}): Promise<Rows> => {
  const built = buildStatement((db as unknown as Internals).dialect, query);
  return executeBuilt(db, built, { ...options, isRead: true });
};

export type ReadOptions = {
  /**
   * On the embedded database (PGlite, one process: every statement passes through this client),
   * answer from the read cache while no other statement has run since (readCacheOf). Only for a
   * read whose answer is its text, its values and the data alone (no now(), no random()).
   */
  cached?: boolean;
};

type Built = { sql: string; params: unknown[]; name: string };

/** `isRead`: the statement changes nothing (executePrepared's callers), so it leaves the read cache be. */
const executeBuilt = async (db: DbOrTx, built: Built, options: ReadOptions & { isRead?: boolean } = {}) => {
  const { session } = db as unknown as Internals;
  if (session.client instanceof PGlite) {
    if (options.cached) return cachedOnPglite(session.client, built.name, built.sql, built.params);
    const cache = options.isRead ? readCaches.get(session.client) : undefined;
    return executeOnPglite(
      session.client,
      built.name,
      built.sql,
      built.params,
      cache && ownMessagesOf(cache),
    );
  }
  if (isNodePostgres(session.client))
    return session.client.query({
      name: built.name,
      text: built.sql,
      values: built.params,
      types: DRIVER_TYPES,
    }) as Promise<Rows>;
  // Any other session (a PGlite transaction): drizzle's own prepared query, which sends it unnamed there.
  return (await session.prepareQuery(built, undefined, built.name, false).execute()) as Rows;
};

/**
 * A prepared statement whose text never changes, only the values in it: `build` makes its SQL
 * around them (each value one parameter, `sql\`${value}\``; a value may appear more than once), and
 * the text, its name and where each value goes among the parameters are worked out on the first call
 * only. Every call then costs a copy of the parameters, not drizzle's walk of the statement's chunks
 * and a hash of its text. Building and hashing the recorder's statement on every batch was the most
 * of what a win notice allocated (about 290 kB a statement, 2,000 notices a second: the young
 * generation's collections, up to 18 ms each, were the notices' event loop stalls); building and
 * hashing a detail page's statement was about a tenth of the API's own CPU on that request.
 * `build` must make the same text whatever the values (no value decides a clause, none is an array,
 * which drizzle would spread into a list of parameters), and name each value as a parameter of its
 * own (its `length` is how many there are). A read goes through fixedRead instead.
 */
export const fixedStatement = <Values extends unknown[]>(
  build: (...values: { [K in keyof Values]: SQL }) => SQL,
) => fixed(build, {});

/**
 * fixedStatement for a read (it changes nothing, as executePrepared's callers): on the embedded
 * database it leaves the read cache be.
 */
export const fixedRead = <Values extends unknown[]>(
  build: (...values: { [K in keyof Values]: SQL }) => SQL,
  options: ReadOptions = {},
) => fixed(build, { ...options, isRead: true });

const fixed = <Values extends unknown[]>(
  build: (...values: { [K in keyof Values]: SQL }) => SQL,
  options: ReadOptions & { isRead?: boolean },
) => {
  const keys = Array.from({ length: build.length }, (_, i) => String(i));
  const buildFrom = (slots: Record<string, SQL>) =>
    build(...(keys.map((key) => slots[key]) as { [K in keyof Values]: SQL }));
  let template: Template | undefined;
  return (db: DbOrTx, ...values: Values): Promise<Rows> => {
    template ??= templateOf((db as unknown as Internals).dialect, keys, buildFrom);
    return executeBuilt(db, filled(template, values), options);
  };
};

// ---- templates: a statement rendered once, each call's values put into its parameters ---------------

/** A statement's text and name, its parameters, and which of them are each call's values (`slots`). */
type Template = Built & { slots: [at: number, key: string][] };

/**
 * `build` rendered once with a tagged parameter for each of `keys` (values no caller sends): where
 * each lands among the parameters is where each call's value goes. Every other parameter is the
 * same on each call.
 */
const templateOf = (
  dialect: PgDialect,
  keys: readonly string[],
  build: (slots: Record<string, SQL>) => SQL,
): Template => {
  const tag = `\u0000slot:${Math.random()}:`;
  const query = dialect.sqlToQuery(
    build(
      slotsOf(
        keys,
        keys.map((key) => `${tag}${key}`),
      ),
    ),
  );
  const slots: [number, string][] = [];
  query.params.forEach((param, at) => {
    if (typeof param === 'string' && param.startsWith(tag)) slots.push([at, param.slice(tag.length)]);
  });
  return { ...query, name: statementNameOf(query.sql), slots };
};

/** Each key's value (from `values`, by key or, for an array, by position) as a parameter. */
const slotsOf = (keys: readonly string[], values: readonly unknown[] | Record<string, unknown>) => {
  const slots: Record<string, SQL> = {};
  keys.forEach((key, i) => {
    slots[key] = sql`${Array.isArray(values) ? values[i] : (values as Record<string, unknown>)[key]}`;
  });
  return slots;
};

const filled = (template: Template, values: readonly unknown[] | Record<string, unknown>): Built => {
  const params = template.params.slice();
  for (const [at, key] of template.slots) params[at] = (values as Record<string, unknown>)[key];
  return { sql: template.sql, params, name: template.name };
};

/** At most this many shapes are kept per database; past it they are rendered again as they come. */
const MAX_SHAPES = 2_000;
const shapesOn = new WeakMap<PgDialect, Map<string, Template>>();

/**
 * A read whose text `shape` decides alone, and `values` (by name) only its parameters: a list's
 * statement, where the filters given, the sort, the page and the search's kind decide the text and
 * the filters' and the search's values go in as parameters. `build` makes it from each value as a
 * parameter of its own (`slots`: a value may appear more than once, or not at all), and runs once
 * per shape; each call then costs a copy of the parameters, not drizzle's building and walking of
 * the statement's tree (an admin's search over all campaigns: 77-79 -> 16-17 µs of the API's CPU a
 * call, on a 2-core machine under load). It runs as executePrepared runs a read, and its rows come
 * as readRows gives them (`orderBy` orders them on PGlite). With STATEMENT_MEMO_CHECK=1
 * every call is built by drizzle too and must be the same statement: a value that decides the text
 * and is not in the shape fails the test that gives it.
 */
export const readShapedRows = async (
  db: DbOrTx,
  shape: string,
  values: Record<string, unknown>,
  build: (slots: Record<string, SQL>) => SQL,
  orderBy: SQL,
  options: ReadOptions = {},
): Promise<Record<string, unknown>[]> => {
  const { dialect, session } = db as unknown as Internals;
  const isPglite = session.client instanceof PGlite;
  const statementOf = (slots: Record<string, SQL>) =>
    isPglite ? rowsAsJson(build(slots), orderBy) : build(slots);
  let shapes = shapesOn.get(dialect);
  if (!shapes) {
    shapes = new Map();
    shapesOn.set(dialect, shapes);
  }
  let template = shapes.get(shape);
  if (!template) {
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    template = templateOf(dialect, Object.keys(values), statementOf);
    shapes.set(shape, template);
  }
  const built = filled(template, values);
  if (checkEveryStatement) {
    const expected = dialect.sqlToQuery(statementOf(slotsOf(Object.keys(values), values)));
    if (expected.sql !== built.sql || !sameParams(expected.params, built.params))
      throw new Error(
        `The shape "${shape}" answered another statement than its values make:\n${built.sql}\n---\n${expected.sql}`,
      );
  }
  const result = await executeBuilt(db, built, { ...options, isRead: true });
  return isPglite ? rowsFromJson(result) : result.rows;
};

/** The rows of `query`, a read, run as executePrepared runs it (typed as the caller says). */
export const preparedRowsOf = async <Row>(
  db: DbOrTx,
  query: SQL,
  options: ReadOptions = {},
): Promise<Row[]> => (await executePrepared(db, query, options)).rows as Row[];

/**
 * The rows of `query` (a read, prepared like executePrepared), in the order `orderBy` gives over its
 * columns as `r.<column>` (the query's own order must agree). On PGlite they come as one JSON text:
 * a page of 20 rows of 30 columns is 600 fields, and PGlite's reader copies each into a buffer of
 * its own, which was a fifth of a campaign list's time there. On PostgreSQL they come as rows: the
 * JSON moved as much CPU onto the database (measured: +0.25 ms a page) as it saved node-postgres,
 * and with several API processes on one database, the database's is the scarcer CPU. Values come
 * as the driver or JSON has them (timestamps as text, bigints as numbers, json as values);
 * drizzle's column decoders take both.
 */
export const readRows = async (
  db: DbOrTx,
  query: SQL,
  orderBy: SQL,
  options: ReadOptions = {},
): Promise<Record<string, unknown>[]> => {
  const { session } = db as unknown as Internals;
  if (!(session.client instanceof PGlite)) return (await executePrepared(db, query)).rows;
  return rowsFromJson(await executePrepared(db, rowsAsJson(query, orderBy), options));
};

/** `query`'s rows as one JSON text, for PGlite (readRows). */
const rowsAsJson = (query: SQL, orderBy: SQL) =>
  sql`select coalesce(json_agg(r order by ${orderBy}), '[]')::text as rows from (${query}) as r`;

const rowsFromJson = (result: Rows) =>
  JSON.parse(String(result.rows[0]?.rows ?? '[]')) as Record<string, unknown>[];

/** A node-postgres Pool or pooled client (what drizzle's node-postgres session holds). */
const isNodePostgres = (client: unknown): client is pg.Pool | pg.PoolClient =>
  client instanceof pg.Pool || client instanceof pg.Client;

/**
 * The types whose values a statement answers as the driver's text, as drizzle's node-postgres
 * session answers them (and so as the decoders expect): timestamps, dates, intervals and their
 * arrays, and numeric[]. Every other type is node-postgres' own parser.
 */
const TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;

/**
 * A prepared statement is sent to the pool itself, with one parser table for all. Through drizzle's
 * session each call built a prepared-query object with two configs and their parser closures, and
 * ran two tracing wrappers and a cache look-up around the driver: work the bench's floor (the
 * same statements on node-postgres alone) never does.
 */
const DRIVER_TYPES = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId) ? asText : pg.types.getTypeParser(typeId, format),
};

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

/**
 * The parsers a database's rows are read with: rawText over the client's own, which it keeps as its
 * prototype, so a parser PGlite adds to them later (array types) is seen too. Made once per database
 * (again should the client replace its parsers): a copy of the client's parsers on each statement
 * (several hundred entries, one for each array type) was a tenth of the server's CPU under the
 * dashboards' load.
 */
type Parsers = Record<number, (value: string) => unknown>;
const parsersOn = new WeakMap<PGlite, Parsers>();
const parsersOf = (client: PGlite): Parsers => {
  let parsers = parsersOn.get(client);
  if (!parsers || Object.getPrototypeOf(parsers) !== client.parsers) {
    parsers = Object.assign(Object.create(client.parsers) as Parsers, rawText);
    parsersOn.set(client, parsers);
  }
  return parsers;
};

type Messages = ExecProtocolResult['messages'];

/** Parameter types of each statement prepared on each database. */
const preparedOn = new WeakMap<PGlite, Map<string, number[]>>();

const executeOnPglite = (
  client: PGlite,
  name: string,
  text: string,
  params: unknown[],
  /** Marks each message sent (the read cache's own reads: readCacheOf). */
  mark: (message: Uint8Array) => Uint8Array = (message) => message,
): Promise<Rows> =>
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
        const described: Messages = [];
        try {
          for (const message of [serialize.parse({ name, text }), serialize.describe({ type: 'S', name })])
            described.push(...(await client.execProtocol(mark(message), { syncToFs: false })).messages);
        } finally {
          await client.execProtocol(mark(serialize.sync()), { syncToFs: false });
        }
        paramTypes = parse.parseDescribeStatementResults(described);
        statements.set(name, paramTypes);
      }
      const types = paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      // One message per call, as PGlite's own query() sends them (one buffer of all four measured
      // no different). The file system is not synced: these are reads.
      const messages: Messages = [];
      const send = async (message: Uint8Array) => {
        messages.push(...(await client.execProtocol(mark(message), { syncToFs: false })).messages);
      };
      try {
        await send(serialize.bind({ statement: name, values }));
        await send(serialize.describe({ type: 'P' }));
        await send(serialize.execute({}));
      } finally {
        await send(serialize.sync());
      }
      const [result] = parse.parseResults(messages, parsersOf(client), { rowMode: 'object' }) as
        | Results<Record<string, unknown>>[]
        | [];
      return { rows: result?.rows ?? [] };
    }),
  );

// ---- The embedded database's read cache ---------------------------------------------------------------
// The dashboards read the same sums again and again (a page's tiles, chart and table, each reload, each
// open tab), and the data under them changes only when a statement changes it. On PGlite every statement
// of this process, and of no other (the embedded database allows one process), passes through the
// client's execProtocolRawSync: a count of the statements there that are not the cache's own reads says
// whether anything could have changed since an answer was read. Reads made with executePrepared (which
// change nothing: the lists, the access checks, the session look-up) are counted as its own too. Any
// other statement (a write, a read of another path, BEGIN, a background job's) empties the cache, so an
// answer is never older than the data: a booked delivery, a late notice, a compaction or a payment all
// reach the database through a statement. PostgreSQL is not cached (other processes write there).

/** Answers kept at most, all read since the last other statement. */
const READ_CACHE_ENTRIES = 256;

type ReadCache = {
  /** Statements other than the cache's own reads, counted as they are sent. */
  others: number;
  /** The count when the answers in `answers` were read. */
  readAt: number;
  answers: Map<string, Rows>;
  /** The messages of the cache's own reads (fresh buffers, never another caller's). */
  own: WeakSet<Uint8Array>;
};

const readCaches = new WeakMap<PGlite, ReadCache>();

/** The client's read cache; its first use counts the client's statements from then on. */
const readCacheOf = (client: PGlite): ReadCache => {
  const known = readCaches.get(client);
  if (known) return known;
  const cache: ReadCache = { others: 0, readAt: 0, answers: new Map(), own: new WeakSet() };
  const send = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    if (!cache.own.has(message)) cache.others++;
    return send(message);
  };
  readCaches.set(client, cache);
  return cache;
};

/**
 * Marks a read's messages as the cache's own: copies, since PGlite answers some messages (sync,
 * execute) with one shared buffer.
 */
const ownMessagesOf = (cache: ReadCache) => (message: Uint8Array) => {
  const own = new Uint8Array(message);
  cache.own.add(own);
  return own;
};

/**
 * An answer's key: the statement's name and each value tagged with its kind (JSON writes no bigint,
 * and escapes the NUL that separates them).
 */
const keyOf = (name: string, params: unknown[]) =>
  [
    name,
    ...params.map((value) => (typeof value === 'bigint' ? `b${value}` : `j${JSON.stringify(value)}`)),
  ].join('\u0000');

const cachedOnPglite = async (client: PGlite, name: string, text: string, params: unknown[]) => {
  const cache = readCacheOf(client);
  const key = keyOf(name, params);
  if (cache.readAt === cache.others) {
    const known = cache.answers.get(key);
    if (known) return known;
  }
  const before = cache.others;
  const rows = await executeOnPglite(client, name, text, params, ownMessagesOf(cache));
  // Kept only when no other statement ran while this one did (it waited for the client's locks).
  if (cache.others === before) {
    if (cache.readAt !== cache.others || cache.answers.size >= READ_CACHE_ENTRIES) {
      cache.answers.clear();
      cache.readAt = cache.others;
    }
    for (const row of rows.rows) Object.freeze(row);
    cache.answers.set(key, Object.freeze({ rows: Object.freeze(rows.rows) as Rows['rows'] }));
  }
  return rows;
};
