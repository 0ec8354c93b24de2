// Numbered pages deep into a big entry set (page 500 of a million-entry list) without skipping
// (page-1)*limit index entries on every request: a sparse index in memory holds the value at every
// ANCHOR_STEP-th position of a list, so a page starts from the nearest anchor below it and skips at
// most ANCHOR_STEP-1 entries. Anchors are found once per list version (updated_at and count, which
// every entry writer bumps in the transaction that changes the entries) by one scan up to the
// deepest page asked so far; a new version drops them. Per process and bounded (LRU of lists), so
// several API processes each hold their own and none can serve another's stale copy.
import { and, eq, getTableName, gte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';

export const ANCHOR_STEP = 1000;
const LISTS_KEPT = 64;

type Anchors = { version: string; values: string[]; complete: boolean };
const cache = new Map<string, Anchors>();

/** An entry table: its value and owner columns, and the owner. */
export type EntryColumns = { table: PgTable; value: PgColumn; key: PgColumn; id: number };

/** The anchors of a list up to (and including) anchor `index`, read once per version. */
const anchorsUpTo = async (db: DbOrTx, source: EntryColumns, version: string, index: number) => {
  const cacheKey = `${getTableName(source.table)}:${source.id}`;
  let known = cache.get(cacheKey);
  if (known?.version !== version) known = { version, values: [], complete: false };
  cache.delete(cacheKey);
  cache.set(cacheKey, known); // most recently used last
  if (cache.size > LISTS_KEPT) cache.delete(cache.keys().next().value as string);
  if (index < known.values.length || known.complete) return known;
  // One index-only scan to the deepest anchor asked for, keeping every ANCHOR_STEP-th value;
  // a little beyond it, so the next pages down need no scan.
  const want = Math.max(index + 1, known.values.length * 2, 8);
  const rows = await rowsOf<{ value: string }>(
    db,
    sql`select value from (
          select ${source.value} as value, row_number() over (order by ${source.value}) - 1 as position
          from ${source.table} where ${source.key} = ${source.id}
          order by ${source.value} limit ${want * ANCHOR_STEP}
        ) numbered where position % ${ANCHOR_STEP} = 0 order by value`,
  );
  const values = rows.map((row) => row.value);
  const fresh: Anchors = { version, values, complete: values.length < want };
  if (cache.get(cacheKey) === known) cache.set(cacheKey, fresh);
  return fresh;
};

/**
 * The condition and offset of a numbered page of a whole list (no search): the entries from the
 * nearest anchor, skipping what lies between it and the page.
 */
export const anchoredOffset = async (
  db: DbOrTx,
  source: EntryColumns,
  version: string,
  offset: number,
): Promise<{ where: SQL | undefined; offset: number }> => {
  const base = eq(source.key, source.id);
  const index = Math.floor(offset / ANCHOR_STEP);
  if (index === 0) return { where: base, offset };
  const anchors = await anchorsUpTo(db, source, version, index);
  const anchorIndex = Math.min(index, anchors.values.length - 1);
  if (anchorIndex <= 0) return { where: base, offset };
  return {
    where: and(base, gte(source.value, anchors.values[anchorIndex]!)),
    offset: offset - anchorIndex * ANCHOR_STEP,
  };
};
