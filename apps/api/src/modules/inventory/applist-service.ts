// Inventory lists (applists): list, read, create (empty or with a few entries), rename, entries
// (paged, searched, added and removed), delete when unused, DSP association ids, CSV export.
// Large sets of entries come through imports (list-import-service.ts).

import { LIST_COUNT_CAP } from '@console/core/api/common';
import type {
  ApplistAssocEntry,
  ApplistCreateBody,
  ApplistDetail,
  ApplistListItem,
  ApplistListQuery,
  EntryEditBody,
  EntryEditResult,
  EntryListQuery,
  EntryPage,
} from '@console/core/api/inventory-lists';
import { and, asc, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applists } from '../../db/schema/campaigns.ts';
import { applistDspAssoc, applistEntries } from '../../db/schema/lists.ts';
import { requireAccess } from '../../platform/access.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Page } from '../../platform/pagination.ts';
import { isUniqueViolation } from '../reference/index.ts';
import { anchoredOffset, type EntryColumns } from './entry-page-anchors.ts';
import { normaliserOf } from './entry-rules.ts';
import { addValues, type EditableList, editListEntries, entryChangeFields } from './entry-store.ts';
import { type ApplistRow, NAME_TAKEN, resolveListOwner } from './list-access.ts';
import { APPLIST_LINK, campaignsUsing, type DeletableList, deleteUnusedList } from './list-campaigns.ts';
import { checkEntries } from './list-file-reader.ts';
import { assertApplistNameFree, BUSY_MESSAGE, findPendingImportId } from './list-import-service.ts';
import { listOwnedLists, ownedListPages, readOwnedListItem } from './list-pages.ts';
import { updateListFields } from './list-update.ts';

const ENTITY = 'applist';

/** An inventory list as its entry edits and its delete see it. */
const LIST: EditableList<ApplistRow> & DeletableList<ApplistRow> = {
  entity: ENTITY,
  subject: 'This inventory list',
  table: applists,
  link: APPLIST_LINK,
  entries: { table: 'applist_entries', key: 'applist_id' },
  lock: (tx, principal, id) => requireAccess(tx, principal, 'inventoryList', id, { lock: true }),
  busy: async (tx, list) => {
    if (await findPendingImportId(tx, { applistId: list.id })) throw badRequest(BUSY_MESSAGE);
  },
  check: (list) => normaliserOf(list.kind),
  count: (list) => list.entryCount,
  countField: 'entry_count',
  storeCount: (tx, id, entryCount) =>
    tx.update(applists).set({ entryCount, updatedAt: new Date() }).where(eq(applists.id, id)),
};

const PAGES = ownedListPages({
  table: applists,
  link: APPLIST_LINK,
  sorts: {
    name: sql`lower(${applists.name})`,
    entry_count: applists.entryCount,
    created_at: applists.createdAt,
    updated_at: applists.updatedAt,
  },
  item: (list) => ({
    applist_id: list.id,
    name: list.name,
    kind: list.kind,
    default_mode: list.defaultMode,
    entry_count: list.entryCount,
  }),
});

export const listApplists = async (
  db: DbOrTx,
  principal: Principal,
  query: ApplistListQuery,
): Promise<Page<ApplistListItem>> =>
  listOwnedLists(db, principal, PAGES, query, query.kind ? eq(applists.kind, query.kind) : undefined);

export const readApplist = async (db: DbOrTx, principal: Principal, id: number): Promise<ApplistDetail> => {
  const list = await requireAccess(db, principal, 'inventoryList', id);
  const assoc = await db
    .select({ dsp_name: applistDspAssoc.dspName, associate_applist_id: applistDspAssoc.associateApplistId })
    .from(applistDspAssoc)
    .where(eq(applistDspAssoc.applistId, list.id))
    .orderBy(asc(applistDspAssoc.dspName));
  return {
    ...(await readOwnedListItem(db, PAGES, list.id)),
    campaigns: await campaignsUsing<'ALLOW' | 'BLOCK'>(db, APPLIST_LINK, list.id),
    applist_assoc_map: assoc,
    pending_import_id: await findPendingImportId(db, { applistId: list.id }),
  };
};

const rejectAll = (message: string, field = 'entries'): never => {
  throw badRequest(message, { [field]: message });
};

export const createApplist = async (
  deps: AppDeps,
  principal: Principal,
  body: ApplistCreateBody,
): Promise<ApplistDetail> => {
  const ownerId = await resolveListOwner(deps.db, principal, body.advertiser_id);
  const checked = checkEntries(body.entries, normaliserOf(body.kind));
  if (checked.rejected > 0) {
    const first = checked.rejectedLines[0]!;
    rejectAll(`Entry ${first.line} (${first.text}): ${first.reason}`);
  }
  try {
    const id = await deps.db.transaction(async (tx) => {
      await assertApplistNameFree(tx, ownerId, body.name);
      const actor = actorOf(principal);
      const [created] = await tx
        .insert(applists)
        .values({
          ownerId,
          name: body.name,
          kind: body.kind,
          defaultMode: body.default_mode,
          createdBy: actor.actorUserId,
        })
        .returning({ id: applists.id });
      const target = { table: 'applist_entries', key: 'applist_id', id: created!.id } as const;
      const added = await addValues(tx, target, checked.values);
      await tx.update(applists).set({ entryCount: added.count }).where(eq(applists.id, created!.id));
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: created!.id,
        action: 'create',
        ...actor,
        changes: [
          { field: 'name', from: null, to: body.name },
          { field: 'kind', from: null, to: body.kind },
          { field: 'default_mode', from: null, to: body.default_mode },
          ...entryChangeFields(
            { added: added.count, removed: 0, addedSample: added.sample, removedSample: [] },
            0,
          ),
        ],
      });
      return created!.id;
    });
    return readApplist(deps.db, principal, id);
  } catch (error) {
    if (isUniqueViolation(error)) rejectAll(NAME_TAKEN.applist, 'name');
    throw error;
  }
};

export const updateApplist = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  body: { name?: string | undefined; default_mode?: 'ALLOW' | 'BLOCK' | undefined },
): Promise<ApplistDetail> => {
  await updateListFields(deps.db, principal, {
    entity: ENTITY,
    lock: (tx) => requireAccess(tx, principal, 'inventoryList', id, { lock: true }),
    fields: (list) => ({
      before: { name: list.name, default_mode: list.defaultMode },
      after: { name: body.name ?? list.name, default_mode: body.default_mode ?? list.defaultMode },
    }),
    write: async (tx, list, after) => {
      if (body.name !== undefined) await assertApplistNameFree(tx, list.ownerId, body.name, list.id);
      await tx
        .update(applists)
        .set({ name: after.name, defaultMode: after.default_mode, updatedAt: new Date() })
        .where(eq(applists.id, list.id));
    },
    nameTaken: () => badRequest(NAME_TAKEN.applist, { name: NAME_TAKEN.applist }),
  });
  return readApplist(deps.db, principal, id);
};

/** Adds and removes entries sent as JSON; bad entries are reported by position and skipped. */
export const editApplistEntries = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  body: EntryEditBody,
): Promise<EntryEditResult> => {
  const { summary, count } = await editListEntries(deps.db, principal, id, LIST, body);
  return { ...summary, entry_count: count };
};

/**
 * A page of entries in byte order. Keyset (`after`) reads only the page from the primary key; a
 * numbered page skips `(page-1)*limit` index entries (an index-only scan). The total is the stored
 * count, or for a prefix search the matches counted up to LIST_COUNT_CAP.
 */
export const listApplistEntries = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  query: EntryListQuery,
): Promise<EntryPage> => {
  const list = await requireAccess(db, principal, 'inventoryList', id);
  return readEntryPage(db, applistEntryColumns(list.id), query, {
    count: list.entryCount,
    updatedAt: list.updatedAt,
  });
};

/** A prefix as a LIKE pattern (wildcards escaped); entries are compared byte by byte. */
const prefixPattern = (q: string) => `${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export const readEntryPage = async (
  db: DbOrTx,
  source: EntryColumns,
  query: EntryListQuery,
  stored: { count: number; updatedAt: Date },
): Promise<EntryPage> => {
  const { table, value, key, id } = source;
  const storedCount = stored.count;
  const q = query.q?.trim();
  const conditions: (SQL | undefined)[] = [
    eq(key, id),
    q ? sql`${value} like ${prefixPattern(q)}` : undefined,
  ];
  const where = and(...conditions);
  // Keyset: from the value after; a numbered page of the whole list: from the nearest anchor.
  const page =
    query.after !== undefined
      ? { where: and(where, gt(value, query.after)), offset: 0 }
      : q
        ? { where, offset: (query.page - 1) * query.limit }
        : await anchoredOffset(
            db,
            source,
            `${stored.updatedAt.getTime()}:${storedCount}`,
            (query.page - 1) * query.limit,
          );
  const rows = await db
    .select({ value: sql<string>`${value}` })
    .from(table)
    .where(page.where)
    .orderBy(asc(value))
    .limit(query.limit + 1)
    .offset(page.offset);
  const items = rows.slice(0, query.limit).map((row) => row.value);
  let total = storedCount;
  let totalExact = true;
  if (q) {
    const [counted] = await db.select({ value: count() }).from(
      db
        .select({ value: sql`1`.as('one') })
        .from(table)
        .where(where)
        .limit(LIST_COUNT_CAP + 1)
        .as('matches'),
    );
    total = Math.min(counted?.value ?? 0, LIST_COUNT_CAP);
    totalExact = (counted?.value ?? 0) <= LIST_COUNT_CAP;
  }
  return {
    items,
    total,
    total_exact: totalExact,
    page: query.page,
    limit: query.limit,
    next_after: rows.length > query.limit ? (items.at(-1) ?? null) : null,
  };
};

/** Deletes a list that no campaign uses; otherwise 409 naming the campaigns. */
export const deleteApplist = (deps: AppDeps, principal: Principal, id: number) =>
  deleteUnusedList(deps.db, principal, id, LIST);

/** Replaces the list's DSP association ids (admin, co-admin). */
export const setApplistAssocMap = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  entries: ApplistAssocEntry[],
): Promise<ApplistDetail> => {
  try {
    await deps.db.transaction(async (tx) => {
      const list = await requireAccess(tx, principal, 'inventoryList', id, { lock: true });
      const before = await tx
        .select({
          dsp_name: applistDspAssoc.dspName,
          associate_applist_id: applistDspAssoc.associateApplistId,
        })
        .from(applistDspAssoc)
        .where(eq(applistDspAssoc.applistId, list.id))
        .orderBy(asc(applistDspAssoc.dspName));
      await tx.delete(applistDspAssoc).where(eq(applistDspAssoc.applistId, list.id));
      if (entries.length > 0)
        await tx.insert(applistDspAssoc).values(
          entries.map((entry) => ({
            applistId: list.id,
            dspName: entry.dsp_name,
            associateApplistId: entry.associate_applist_id,
          })),
        );
      const after = [...entries].sort((a, b) => a.dsp_name.localeCompare(b.dsp_name));
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: list.id,
        action: 'update',
        ...actorOf(principal),
        changes: diffFields({ applist_assoc_map: before }, { applist_assoc_map: after }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = 'An associate id of this DSP belongs to another inventory list.';
      throw badRequest(message, { applist_assoc_map: message });
    }
    throw error;
  }
  return readApplist(deps.db, principal, id);
};

const EXPORT_PAGE = 10_000;

/** Every entry in order, a page of the primary key at a time (constant memory at any size). */
export async function* exportEntries(db: DbOrTx, source: EntryColumns): AsyncGenerator<string> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ value: sql<string>`${source.value}` })
      .from(source.table)
      .where(and(eq(source.key, source.id), after === undefined ? undefined : gt(source.value, after)))
      .orderBy(asc(source.value))
      .limit(EXPORT_PAGE);
    if (rows.length === 0) return;
    for (const row of rows) yield row.value;
    after = rows.at(-1)!.value;
    if (rows.length < EXPORT_PAGE) return;
  }
}

export const applistEntryColumns = (id: number): EntryColumns => ({
  table: applistEntries,
  value: applistEntries.value,
  key: applistEntries.applistId,
  id,
});
