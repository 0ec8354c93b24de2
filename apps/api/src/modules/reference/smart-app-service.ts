// The smart-app taxonomy (spec section 3): categories, their genres, the genres' subgenres.
// Admin-edited; every change is recorded as entity 'smart-app-category'.
import type { SmartAppCategory, SmartAppNode } from '@console/core/api/reference';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type SmartAppLevel, smartAppCategories } from '../../db/schema/reference.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from './exchange-service.ts';

type NodeRow = typeof smartAppCategories.$inferSelect;

/**
 * Tells whether taxonomy nodes are used elsewhere (campaign targeting, smart-app lists), as a
 * phrase for the refusal ('2 campaigns'), or null. Tables that point at smart_app_categories with a
 * foreign key need none: the database itself refuses to delete a node they use.
 */
export type CategoryUsageCheck = (db: DbOrTx, nodeId: number) => Promise<string | null>;

const CHILD_LEVEL: Record<SmartAppLevel, SmartAppLevel | null> = {
  category: 'genre',
  genre: 'subgenre',
  subgenre: null,
};
const NAME_TAKEN: Record<SmartAppLevel, string> = {
  category: 'A category with this name already exists.',
  genre: 'This category already has a genre with this name.',
  subgenre: 'This genre already has a subgenre with this name.',
};
const CHILDREN_NAME: Record<SmartAppLevel, string> = { category: 'genres', genre: 'subgenres', subgenre: '' };
export const ENTITY = 'smart-app-category';

export const toNode = (row: NodeRow): SmartAppNode => ({
  id: row.id,
  level: row.level,
  name: row.name,
  parent_id: row.parentId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The whole taxonomy, nested and ordered by name at each level. */
export const readTaxonomy = async (db: DbOrTx): Promise<SmartAppCategory[]> => {
  const rows = await db
    .select({
      id: smartAppCategories.id,
      parentId: smartAppCategories.parentId,
      level: smartAppCategories.level,
      name: smartAppCategories.name,
    })
    .from(smartAppCategories)
    .orderBy(asc(sql`lower(${smartAppCategories.name})`), asc(smartAppCategories.id));
  const categories: SmartAppCategory[] = [];
  const genres = new Map<number, SmartAppCategory['genres'][number]>();
  const genresOf = new Map<number, SmartAppCategory['genres']>();
  const subgenresOf = new Map<number, SmartAppCategory['genres'][number]['subgenres']>();
  for (const row of rows) {
    if (row.level === 'category') {
      const category = { category_id: row.id, category: row.name, genres: [] };
      categories.push(category);
      genresOf.set(row.id, category.genres);
    } else if (row.level === 'genre') {
      const genre = { genre_id: row.id, genre: row.name, subgenres: [] };
      genres.set(row.id, genre);
      subgenresOf.set(row.id, genre.subgenres);
    }
  }
  for (const row of rows) {
    if (row.level === 'genre') genresOf.get(row.parentId!)?.push(genres.get(row.id)!);
    else if (row.level === 'subgenre')
      subgenresOf.get(row.parentId!)?.push({ subgenre_id: row.id, subgenre: row.name });
  }
  return categories;
};

export const requireNode = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(smartAppCategories).where(eq(smartAppCategories.id, id)).limit(1);
  if (!row) throw notFound('Category not found.');
  return row;
};

const assertNameFree = async (
  db: DbOrTx,
  name: string,
  parentId: number | null,
  level: SmartAppLevel,
  exceptId?: number,
) => {
  const [taken] = await db
    .select({ id: smartAppCategories.id })
    .from(smartAppCategories)
    .where(
      and(
        parentId === null ? isNull(smartAppCategories.parentId) : eq(smartAppCategories.parentId, parentId),
        sql`lower(${smartAppCategories.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(smartAppCategories.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw badRequest(NAME_TAKEN[level], { name: NAME_TAKEN[level] });
};

const nameClash = (error: unknown) => {
  if (!isUniqueViolation(error)) return error;
  const message = 'This name is already taken at this level.';
  return badRequest(message, { name: message });
};

/** No parent makes a category; a category as parent makes a genre; a genre, a subgenre. */
export const createNode = async (
  db: DbOrTx,
  principal: Principal,
  input: { name: string; parent_id: number | null },
): Promise<SmartAppNode> => {
  let level: SmartAppLevel = 'category';
  if (input.parent_id !== null) {
    const [parent] = await db
      .select()
      .from(smartAppCategories)
      .where(eq(smartAppCategories.id, input.parent_id))
      .limit(1);
    if (!parent)
      throw badRequest('Unknown parent category or genre.', {
        parent_id: 'Unknown parent category or genre.',
      });
    const childLevel = CHILD_LEVEL[parent.level];
    if (!childLevel) {
      const message = 'A subgenre cannot have subgenres of its own.';
      throw badRequest(message, { parent_id: message });
    }
    level = childLevel;
  }
  await assertNameFree(db, input.name, input.parent_id, level);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(smartAppCategories)
        .values({ name: input.name, parentId: input.parent_id, level })
        .returning();
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: row!.id,
        action: 'create',
        ...actorOf(principal),
        changes: diffFields({}, { name: input.name, level, parent_id: input.parent_id }),
      });
      return toNode(row!);
    });
  } catch (error) {
    throw nameClash(error);
  }
};

export const renameNode = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  name: string,
): Promise<SmartAppNode> => {
  const before = await requireNode(db, id);
  if (before.name === name) return toNode(before);
  await assertNameFree(db, name, before.parentId, before.level, id);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(smartAppCategories)
        .set({ name, updatedAt: new Date() })
        .where(eq(smartAppCategories.id, id))
        .returning();
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: id,
        action: 'update',
        ...actorOf(principal),
        changes: diffFields({ name: before.name }, { name }),
      });
      return toNode(row!);
    });
  } catch (error) {
    throw nameClash(error);
  }
};

/** Refused (400) while the node has children or anything uses it. */
export const deleteNode = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  usageChecks: readonly CategoryUsageCheck[],
) => {
  const node = await requireNode(db, id);
  const what = node.level;
  const [children] = await db
    .select({ value: count() })
    .from(smartAppCategories)
    .where(eq(smartAppCategories.parentId, id));
  if ((children?.value ?? 0) > 0) {
    throw badRequest(`This ${what} has ${CHILDREN_NAME[node.level]}: delete or move them first.`);
  }
  for (const check of usageChecks) {
    const use = await check(db, id);
    if (use) throw badRequest(`This ${what} is in use (${use}) and cannot be deleted.`);
  }
  try {
    await db.transaction(async (tx) => {
      await tx.delete(smartAppCategories).where(eq(smartAppCategories.id, id));
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: id,
        action: 'delete',
        ...actorOf(principal),
        changes: diffFields(
          { name: node.name, level: node.level, parent_id: node.parentId },
          {
            name: null,
            level: null,
            parent_id: null,
          },
        ),
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(`This ${what} is in use and cannot be deleted.`);
    throw error;
  }
  return `The ${what} was deleted.`;
};
