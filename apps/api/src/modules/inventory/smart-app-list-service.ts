// Smart-app lists: curated by admin and co-admin, placed on the smart-app taxonomy (a category, and
// optionally a genre of it and a subgenre of that genre), holding app bundles and store ids checked
// like an APP inventory list. They belong to the platform: every role reads and targets them.
import type { EntryListQuery, EntryPage } from '@console/core/api/inventory-lists';
import type {
  SmartAppListCreateBody,
  SmartAppListItem,
  SmartAppListQuery,
  SmartAppListUpdateBody,
} from '@console/core/api/smart-app-lists';
import { and, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { smartAppListApps, smartAppLists } from '../../db/schema/lists.ts';
import { smartAppCategories } from '../../db/schema/reference.ts';
import { requireAccess, SMART_APP_LIST_NOT_FOUND } from '../../platform/access.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likePattern, type Page } from '../../platform/pagination.ts';
import { isUniqueViolation } from '../reference/index.ts';
import { readEntryPage } from './applist-service.ts';
import { normaliseApp } from './entry-rules.ts';
import { addValues, type EditableList, editListEntries, entryChangeFields } from './entry-store.ts';
import {
  campaignCountColumn,
  type DeletableList,
  deleteUnusedList,
  SMART_APP_LIST_LINK,
} from './list-campaigns.ts';
import { checkEntries } from './list-file-reader.ts';
import { listKindPage } from './list-pages.ts';
import { updateListFields } from './list-update.ts';

export const SMART_APP_NAME_TAKEN = 'A smart-app list with this name already exists.';
const ENTITY = 'smart-app-list';

/** A smart-app list as its app edits and its delete see it. */
const LIST: EditableList<ListRow> & DeletableList<ListRow> = {
  entity: ENTITY,
  subject: 'This smart-app list',
  table: smartAppLists,
  link: SMART_APP_LIST_LINK,
  entries: { table: 'smart_app_list_apps', key: 'list_id' },
  lock: (tx, principal, id) => requireAccess(tx, principal, 'smartAppList', id, { lock: true }),
  check: () => normaliseApp,
  count: (list) => list.appCount,
  countField: 'app_count',
  storeCount: (tx, id, appCount) =>
    tx.update(smartAppLists).set({ appCount, updatedAt: new Date() }).where(eq(smartAppLists.id, id)),
};

type ListRow = typeof smartAppLists.$inferSelect;

const category = alias(smartAppCategories, 'category');
const genre = alias(smartAppCategories, 'genre');
const subgenre = alias(smartAppCategories, 'subgenre');
const columns = {
  list: smartAppLists,
  category: { id: category.id, name: category.name },
  genreName: genre.name,
  subgenreName: subgenre.name,
  campaignCount: campaignCountColumn(SMART_APP_LIST_LINK),
};
type Row = {
  list: ListRow;
  category: { id: number; name: string };
  genreName: string | null;
  subgenreName: string | null;
  campaignCount: number;
};

const toItem = (row: Row): SmartAppListItem => ({
  list_id: row.list.id,
  name: row.list.name,
  description: row.list.description,
  category: row.category,
  genre: row.list.genreId === null ? null : { id: row.list.genreId, name: row.genreName ?? '' },
  subgenre: row.list.subgenreId === null ? null : { id: row.list.subgenreId, name: row.subgenreName ?? '' },
  app_count: row.list.appCount,
  campaign_count: Number(row.campaignCount),
  created_at: row.list.createdAt.toISOString(),
  updated_at: row.list.updatedAt.toISOString(),
});

const selectLists = (db: DbOrTx) =>
  db
    .select(columns)
    .from(smartAppLists)
    .innerJoin(category, eq(category.id, smartAppLists.categoryId))
    .leftJoin(genre, eq(genre.id, smartAppLists.genreId))
    .leftJoin(subgenre, eq(subgenre.id, smartAppLists.subgenreId))
    .$dynamic();

const SORTS = {
  name: sql`lower(${smartAppLists.name})`,
  app_count: smartAppLists.appCount,
  created_at: smartAppLists.createdAt,
} as const;

export const listSmartAppLists = async (
  db: DbOrTx,
  query: SmartAppListQuery,
): Promise<Page<SmartAppListItem>> =>
  listKindPage(
    db,
    { table: smartAppLists, id: smartAppLists.id, sorts: SORTS, select: selectLists, toItem },
    query,
    and(
      query.q ? ilike(smartAppLists.name, likePattern(query.q)) : undefined,
      query.category_id ? eq(smartAppLists.categoryId, query.category_id) : undefined,
    ),
  );

export const readSmartAppList = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
): Promise<SmartAppListItem> => {
  await requireAccess(db, principal, 'smartAppList', id);
  const [row] = await selectLists(db).where(eq(smartAppLists.id, id));
  if (!row) throw notFound(SMART_APP_LIST_NOT_FOUND);
  return toItem(row as Row);
};

export const listSmartAppListApps = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  query: EntryListQuery,
): Promise<EntryPage> => {
  const list = await requireAccess(db, principal, 'smartAppList', id);
  return readEntryPage(
    db,
    { table: smartAppListApps, value: smartAppListApps.value, key: smartAppListApps.listId, id: list.id },
    query,
    { count: list.appCount, updatedAt: list.updatedAt },
  );
};

const refuse = (field: string, message: string): never => {
  throw badRequest(message, { [field]: message });
};

/** The placement must follow the taxonomy: a category, a genre of it, a subgenre of that genre. */
const checkPlacement = async (
  db: DbOrTx,
  placement: { category_id: number; genre_id: number | null; subgenre_id: number | null },
) => {
  const nodeOf = async (id: number) =>
    (await db.select().from(smartAppCategories).where(eq(smartAppCategories.id, id)).limit(1))[0];
  const categoryNode = await nodeOf(placement.category_id);
  if (categoryNode?.level !== 'category')
    refuse('category_id', 'Choose a category of the smart-app taxonomy.');
  if (placement.genre_id !== null) {
    const genreNode = await nodeOf(placement.genre_id);
    if (genreNode?.level !== 'genre' || genreNode.parentId !== placement.category_id)
      refuse('genre_id', 'Choose a genre of the chosen category.');
  }
  if (placement.subgenre_id !== null) {
    const subgenreNode = await nodeOf(placement.subgenre_id);
    if (subgenreNode?.level !== 'subgenre' || subgenreNode.parentId !== placement.genre_id)
      refuse('subgenre_id', 'Choose a subgenre of the chosen genre.');
  }
};

const nameTaken = () => badRequest(SMART_APP_NAME_TAKEN, { name: SMART_APP_NAME_TAKEN });
const nameClash = (error: unknown) => (isUniqueViolation(error) ? nameTaken() : error);

export const createSmartAppList = async (
  deps: AppDeps,
  principal: Principal,
  body: SmartAppListCreateBody,
): Promise<SmartAppListItem> => {
  await checkPlacement(deps.db, body);
  const checked = checkEntries(body.apps, normaliseApp);
  if (checked.rejected > 0) {
    const first = checked.rejectedLines[0]!;
    refuse('apps', `App ${first.line} (${first.text}): ${first.reason}`);
  }
  try {
    const id = await deps.db.transaction(async (tx) => {
      const actor = actorOf(principal);
      const [created] = await tx
        .insert(smartAppLists)
        .values({
          name: body.name,
          description: body.description,
          categoryId: body.category_id,
          genreId: body.genre_id,
          subgenreId: body.subgenre_id,
          createdBy: actor.actorUserId,
        })
        .returning({ id: smartAppLists.id });
      const added = await addValues(
        tx,
        { table: 'smart_app_list_apps', key: 'list_id', id: created!.id },
        checked.values,
      );
      await tx.update(smartAppLists).set({ appCount: added.count }).where(eq(smartAppLists.id, created!.id));
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: created!.id,
        action: 'create',
        ...actor,
        changes: [
          ...diffFields(
            {},
            {
              name: body.name,
              description: body.description || null,
              category_id: body.category_id,
              genre_id: body.genre_id,
              subgenre_id: body.subgenre_id,
            },
          ).filter((change) => change.to !== null),
          ...entryChangeFields(
            { added: added.count, removed: 0, addedSample: added.sample, removedSample: [] },
            0,
            'app_count',
          ),
        ],
      });
      return created!.id;
    });
    return readSmartAppList(deps.db, principal, id);
  } catch (error) {
    throw nameClash(error);
  }
};

export const updateSmartAppList = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  body: SmartAppListUpdateBody,
): Promise<SmartAppListItem> => {
  await checkPlacement(deps.db, body);
  await updateListFields(deps.db, principal, {
    entity: ENTITY,
    lock: (tx) => requireAccess(tx, principal, 'smartAppList', id, { lock: true }),
    fields: (list) => ({
      before: {
        name: list.name,
        description: list.description,
        category_id: list.categoryId,
        genre_id: list.genreId,
        subgenre_id: list.subgenreId,
      },
      after: {
        name: body.name,
        description: body.description,
        category_id: body.category_id,
        genre_id: body.genre_id,
        subgenre_id: body.subgenre_id,
      },
    }),
    write: (tx, list) =>
      tx
        .update(smartAppLists)
        .set({
          name: body.name,
          description: body.description,
          categoryId: body.category_id,
          genreId: body.genre_id,
          subgenreId: body.subgenre_id,
          updatedAt: new Date(),
        })
        .where(eq(smartAppLists.id, list.id)),
    nameTaken,
  });
  return readSmartAppList(deps.db, principal, id);
};

export const editSmartAppListApps = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  body: { add: string[]; remove: string[] },
) => {
  const { summary, count } = await editListEntries(deps.db, principal, id, LIST, body);
  return { ...summary, app_count: count };
};

export const deleteSmartAppList = (deps: AppDeps, principal: Principal, id: number) =>
  deleteUnusedList(deps.db, principal, id, LIST);
