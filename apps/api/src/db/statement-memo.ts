// The text, parameters and name of a statement built with drizzle's `sql`, from a memo of the texts
// already rendered. drizzle renders a statement by walking its template tree on every call, and it
// is an expensive walk: each chunk is tested against a dozen classes (each test climbs the chunk's
// class chain), and each level copies the render's options and merges arrays. A campaign list page's
// statement cost 0.03-0.05 ms to render and 0.01 ms more to hash for its prepared statement's name,
// on every request; on PostgreSQL the API's own CPU is what keeps a list from its floor
// (docs/measuring.md).
//
// A statement's text depends on its tree's strings, names, tables and columns and where its values
// go, never on the values themselves (but for a value whose column maps it to SQL, walked as SQL).
// So the tree is walked here once more cheaply: each of those is a step in a trie of the statements
// seen, each value a step of its own (its value kept as a parameter), and at the end of the path
// waits the text and name rendered the first time. A path is the text: two trees that walk the same
// path render the same text. The first time, drizzle renders it, and its parameters must be the walk's
// (else the path is never answered from the memo). What the walk does not know (a subquery, a view, a
// placeholder, inlined values) is rendered by drizzle every time, as before.
import { createHash } from 'node:crypto';
import {
  Column,
  entityKind,
  is,
  Name,
  Param,
  Placeholder,
  SQL,
  type SQLWrapper,
  StringChunk,
  Subquery,
  sql,
  Table,
  View,
} from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

export type BuiltStatement = { sql: string; params: unknown[]; name: string };

/** A prepared statement's name: a hash of its text (one name per text, the same text one name). */
export const statementNameOf = (text: string) => `s_${createHash('sha1').update(text).digest('base64url')}`;

type TrieNode = {
  next: Map<unknown, TrieNode>;
  /** The text and name of the statements that end here; null: drizzle's parameters were not the walk's. */
  built?: { sql: string; name: string } | null;
};

/** A value's step (a symbol: never one of the strings that are the other steps). */
const VALUE = Symbol('value');

/**
 * At most this many steps are kept (about 100 bytes each); past it the memo starts again. A
 * statement with a text made from values (sql.raw of a value) would grow it for each value.
 */
const MAX_NODES = 50_000;

type Memo = { root: TrieNode; nodes: number; tokens: WeakMap<object, string> };
const memos = new WeakMap<PgDialect, Memo>();

/** Set STATEMENT_MEMO_CHECK=1 (the API's tests do) to render every statement with drizzle too and fail on any difference. */
export const checkEveryStatement = process.env.STATEMENT_MEMO_CHECK === '1';

class Unknown extends Error {}

/** Where a walk stands: its node of the trie and the values met so far. */
type Walk = { dialect: PgDialect; memo: Memo; node: TrieNode; params: unknown[] };

const stepTo = (at: Walk, token: unknown) => {
  let next = at.node.next.get(token);
  if (!next) {
    next = { next: new Map() };
    at.node.next.set(token, next);
    at.memo.nodes++;
  }
  at.node = next;
};

/**
 * Walks `chunks` as drizzle's buildQueryFromSourceParams renders them (drizzle-orm 0.45), stepping
 * down the trie; throws Unknown at a chunk it does not render the same way.
 */
const walkChunk = (chunk: unknown, at: Walk): void => {
  const { dialect, memo } = at;
  if (chunk === undefined) return;
  if (chunk instanceof StringChunk) {
    for (const text of chunk.value) stepTo(at, text);
  } else if (chunk instanceof SQL) {
    // Inlined values are text (sql.inlineParams(), private in drizzle's types).
    if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new Unknown();
    for (const inner of chunk.queryChunks) walkChunk(inner, at);
  } else if (chunk instanceof Param) {
    if (chunk.value instanceof Placeholder) throw new Unknown();
    const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (value instanceof SQL) walkChunk(value, at);
    else {
      stepTo(at, VALUE);
      at.params.push(value);
    }
  } else if (chunk instanceof Name) {
    stepTo(at, dialect.escapeName(chunk.value));
  } else if (Array.isArray(chunk)) {
    stepTo(at, '(');
    chunk.forEach((item, i) => {
      if (i > 0) stepTo(at, ', ');
      walkChunk(item, at);
    });
    stepTo(at, ')');
  } else if (chunk instanceof Table || chunk instanceof Column) {
    // Rendered by drizzle alone, once per object (an aliased table's columns are new objects each
    // time they are read: rendered each time, as drizzle does).
    let text = memo.tokens.get(chunk);
    if (text === undefined) {
      text = dialect.sqlToQuery(sql`${chunk}`).sql;
      memo.tokens.set(chunk, text);
    }
    stepTo(at, text);
  } else if (typeof chunk === 'object' && chunk !== null && isDrizzleEntity(chunk)) {
    // A query builder (an `exists` of a select) is its SQL in parentheses; a subquery, a view, an
    // alias or a placeholder renders otherwise.
    if (is(chunk, View) || is(chunk, Placeholder) || is(chunk, SQL.Aliased) || is(chunk, Subquery))
      throw new Unknown();
    const wrapper = chunk as Partial<SQLWrapper> & { shouldOmitSQLParens?: () => boolean };
    if (typeof wrapper.getSQL !== 'function') throw new Unknown();
    if (wrapper.shouldOmitSQLParens?.()) walkChunk(wrapper.getSQL(), at);
    else {
      stepTo(at, '(');
      walkChunk(wrapper.getSQL(), at);
      stepTo(at, ')');
    }
  } else if (typeof chunk === 'function') {
    // An enum.
    throw new Unknown();
  } else {
    // A value of its own (a number, a string, a Date).
    stepTo(at, VALUE);
    at.params.push(chunk);
  }
};

const isDrizzleEntity = (value: object) =>
  typeof (value as { getSQL?: unknown }).getSQL === 'function' ||
  (value.constructor !== undefined && entityKind in value.constructor);

const memoOf = (dialect: PgDialect): Memo => {
  let memo = memos.get(dialect);
  if (!memo || memo.nodes > MAX_NODES) {
    memo = { root: { next: new Map() }, nodes: 0, tokens: new WeakMap() };
    memos.set(dialect, memo);
  }
  return memo;
};

const sameValue = (a: unknown, b: unknown) => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
};
export const sameParams = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => sameValue(value, b[i]));

const rendered = (dialect: PgDialect, query: SQL): BuiltStatement => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params, name: statementNameOf(text) };
};

/** `query`'s text, parameters and prepared statement name, as drizzle's `dialect` renders it. */
export const buildStatement = (dialect: PgDialect, query: SQL): BuiltStatement => {
  const memo = memoOf(dialect);
  const at: Walk = { dialect, memo, node: memo.root, params: [] };
  try {
    walkChunk(query, at);
  } catch (error) {
    if (error instanceof Unknown) return rendered(dialect, query);
    throw error;
  }
  const { built } = at.node;
  if (built === null) return rendered(dialect, query);
  if (built === undefined) {
    const first = rendered(dialect, query);
    at.node.built = sameParams(first.params, at.params) ? { sql: first.sql, name: first.name } : null;
    return first;
  }
  if (checkEveryStatement) {
    const expected = rendered(dialect, query);
    if (expected.sql !== built.sql || !sameParams(expected.params, at.params))
      throw new Error(
        `The statement memo answered another statement than drizzle renders:\n${built.sql}\n---\n${expected.sql}`,
      );
  }
  return { sql: built.sql, params: at.params, name: built.name };
};
