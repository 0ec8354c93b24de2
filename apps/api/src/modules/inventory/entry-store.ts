// Writes entry sets (inventory-list entries, audience members, smart-app list apps): all three are
// tables of (owner id, value collate "C") with that pair as primary key. Two ways in:
// - `mergeStaged`: a whole import from its staging table, as set operations inside the caller's
//   transaction (sorted insert into the primary key, anti-join for replace), so a million entries
//   cost a few seconds and nothing is half-stored;
// - `addValues` / `removeValues`: a few thousand values sent as JSON.
// Both answer counts and a small sample of what was added and removed for the change log.
import { CHANGE_LOG_SAMPLE, type ImportMode } from '@console/core/api/inventory-lists';
import { type SQL, sql } from 'drizzle-orm';
import { checkTableName } from '../../db/bulk-session.ts';
import { affectedRowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { FieldChange } from '../../db/schema/audit.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { EntryCheck } from './entry-rules.ts';
import { checkEntries } from './list-file-reader.ts';

export type EntryTable = {
  /** applist_entries, audience_members or smart_app_list_apps. */
  table: 'applist_entries' | 'audience_members' | 'smart_app_list_apps';
  /** Its owner column: applist_id, audience_id or list_id. */
  key: 'applist_id' | 'audience_id' | 'list_id';
  id: number;
};

export type EntryChange = { added: number; removed: number; addedSample: string[]; removedSample: string[] };

const countAndSample = async (db: DbOrTx, statement: SQL): Promise<{ count: number; sample: string[] }> => {
  const [row] = await rowsOf<{ n: number; sample: string[] | null }>(
    db,
    sql`with changed as (${statement} returning value)
        select (select count(*)::int from changed) as n,
               array(select value from changed limit ${CHANGE_LOG_SAMPLE}) as sample`,
  );
  return { count: Number(row?.n ?? 0), sample: row?.sample ?? [] };
};

/**
 * Applies a staged import (`mode`) to the entry set; staged rows may repeat and need no order. The
 * caller holds the owner's row lock (every writer of an entry set takes it first), so no other
 * transaction adds entries meanwhile: new values are found by an anti-join and inserted plainly,
 * which costs a third of ON CONFLICT's speculative insertion at a million rows.
 */
export const mergeStaged = async (
  db: DbOrTx,
  target: EntryTable,
  staging: string,
  mode: ImportMode,
  countBefore: number,
): Promise<EntryChange> => {
  const table = sql.identifier(target.table);
  const key = sql.identifier(target.key);
  const staged = sql.identifier(checkTableName(staging));
  // The distinct sort of a million values fits in memory instead of spilling to disk.
  await db.execute(sql`set local work_mem = '256MB'`);
  let removed = { count: 0, sample: [] as string[] };
  let added = { count: 0, sample: [] as string[] };
  if (mode === 'replace' && countBefore > 0) {
    // Hash anti-join: the staging table is read once, the list's entries once.
    removed = await countAndSample(
      db,
      sql`delete from ${table} e where e.${key} = ${target.id}
          and not exists (select 1 from ${staged} s where s.value = e.value)`,
    );
  }
  if (mode === 'remove') {
    if (countBefore > 0)
      removed = await countAndSample(
        db,
        sql`delete from ${table} e where e.${key} = ${target.id}
            and e.value in (select value from ${staged})`,
      );
  } else {
    const isNew =
      countBefore - removed.count === 0
        ? sql`true`
        : sql`not exists (select 1 from ${table} e where e.${key} = ${target.id} and e.value = d.value)`;
    const sample = await rowsOf<{ value: string }>(
      db,
      sql`select d.value from ${staged} d where ${isNew} limit ${CHANGE_LOG_SAMPLE}`,
    );
    // Distinct and in key order: the primary key's btree then fills page by page.
    const inserted = await db.execute(
      sql`insert into ${table} (${key}, value)
          select ${target.id}, d.value from (select distinct value from ${staged}) d
          where ${isNew} order by d.value`,
    );
    added = {
      count: affectedRowsOf(inserted),
      sample: [...new Set(sample.map((row) => row.value))],
    };
  }
  return {
    added: added.count,
    removed: removed.count,
    addedSample: added.sample,
    removedSample: removed.sample,
  };
};

const valuesList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`(${value})`),
    sql`, `,
  );

/** Adds values (repeats and ones already there are ignored). */
export const addValues = async (db: DbOrTx, target: EntryTable, values: readonly string[]) => {
  if (values.length === 0) return { count: 0, sample: [] };
  const table = sql.identifier(target.table);
  const key = sql.identifier(target.key);
  return countAndSample(
    db,
    sql`insert into ${table} (${key}, value)
        select distinct ${target.id}::bigint, v.value from (values ${valuesList(values)}) as v(value)
        on conflict do nothing`,
  );
};

export const removeValues = async (db: DbOrTx, target: EntryTable, values: readonly string[]) => {
  if (values.length === 0) return { count: 0, sample: [] };
  const table = sql.identifier(target.table);
  const key = sql.identifier(target.key);
  return countAndSample(
    db,
    sql`delete from ${table} e where e.${key} = ${target.id}
        and e.value in (select v.value from (values ${valuesList(values)}) as v(value))`,
  );
};

/**
 * Adds and removes values sent as JSON, each checked by `check` (bad ones are skipped and reported
 * by position; the removed ones numbered after the added, as if both were one list).
 */
const applyEntryEdit = async (
  db: DbOrTx,
  target: EntryTable,
  check: (raw: string) => EntryCheck,
  body: { add: readonly string[]; remove: readonly string[] },
) => {
  const adding = checkEntries(body.add, check);
  const removing = checkEntries(body.remove, check);
  const removed = await removeValues(db, target, removing.values);
  const added = await addValues(db, target, adding.values);
  const change: EntryChange = {
    added: added.count,
    removed: removed.count,
    addedSample: added.sample,
    removedSample: removed.sample,
  };
  return {
    change,
    summary: {
      added: change.added,
      removed: change.removed,
      duplicates: adding.values.length - change.added + (removing.values.length - change.removed),
      rejected: adding.rejected + removing.rejected,
      rejected_lines: [
        ...adding.rejectedLines,
        ...removing.rejectedLines.map((line) => ({ ...line, line: line.line + body.add.length })),
      ],
    },
  };
};

/** The change log fields of an entry change: counts and samples, never the whole set. */
export const entryChangeFields = (
  change: EntryChange,
  countBefore: number,
  countField = 'entry_count',
): FieldChange[] => {
  const fields: FieldChange[] = [];
  if (change.added > 0) {
    fields.push({ field: 'entries_added', from: null, to: change.added });
    fields.push({ field: 'entries_added_sample', from: null, to: change.addedSample });
  }
  if (change.removed > 0) {
    fields.push({ field: 'entries_removed', from: null, to: change.removed });
    fields.push({ field: 'entries_removed_sample', from: null, to: change.removedSample });
  }
  const countAfter = countBefore + change.added - change.removed;
  if (countAfter !== countBefore) fields.push({ field: countField, from: countBefore, to: countAfter });
  return fields;
};

export type EditableList<L extends { id: number }> = {
  /** The change log's entity type. */
  entity: string;
  /** The list's entry table and its owner column. */
  entries: Omit<EntryTable, 'id'>;
  /** The list, its row locked (404 outside the caller's reach). */
  lock: (tx: DbOrTx, principal: Principal, id: number) => Promise<L>;
  /** Refuses a change for a reason of the kind's own (an import under way). */
  busy?: (tx: DbOrTx, list: L) => Promise<void>;
  /** The check of one value of this list. */
  check: (list: L) => (raw: string) => EntryCheck;
  /** The list's size, and its change-log field. */
  count: (list: L) => number;
  countField: 'entry_count' | 'app_count';
  /** Stores the size after the edit on the list's row (and its update time). */
  storeCount: (tx: DbOrTx, id: number, count: number) => Promise<unknown>;
};

/**
 * Adds and removes values sent as JSON in a list (inventory lists, smart-app lists), in one
 * transaction under its row lock; bad values are reported by position and skipped. The size is
 * stored and the change logged only when something changed. Answers the summary and the size after.
 */
export const editListEntries = <L extends { id: number }>(
  db: Db,
  principal: Principal,
  id: number,
  kind: EditableList<L>,
  body: { add: readonly string[]; remove: readonly string[] },
) =>
  db.transaction(async (tx) => {
    const list = await kind.lock(tx, principal, id);
    await kind.busy?.(tx, list);
    const before = kind.count(list);
    const target = { ...kind.entries, id: list.id } as EntryTable;
    const { change, summary } = await applyEntryEdit(tx, target, kind.check(list), body);
    const count = before + change.added - change.removed;
    if (change.added + change.removed > 0) {
      await kind.storeCount(tx, list.id, count);
      await recordChange(tx, {
        entityType: kind.entity,
        entityId: list.id,
        action: 'entries',
        ...actorOf(principal),
        changes: entryChangeFields(change, before, kind.countField),
      });
    }
    return { summary, count };
  });
