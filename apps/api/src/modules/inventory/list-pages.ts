// The list pages of the three list kinds (inventory lists, audiences, smart-app lists): each kind's
// statement and sorts, the filter every advertiser-owned list takes, and a page of it with its count.
import { type AnyColumn, and, count, eq, ilike, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { advertiserOwnedScope } from '../../platform/advertiser-scope.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { fetchSortedPage, likePattern, type SortedPageRequest } from '../../platform/pagination.ts';
import { type AdvertiserColumns, advertiserColumns, advertiserOf } from './list-access.ts';
import { type CampaignLink, campaignCountColumn } from './list-campaigns.ts';

export type ListKindPages<K extends string, S extends PgSelect, TItem> = {
  table: PgTable;
  id: AnyColumn;
  sorts: Record<K, SQLWrapper | AnyColumn>;
  /** The kind's statement with its joins (`.$dynamic()`), read for pages and for one list. */
  select: (db: DbOrTx) => S;
  toItem: (row: S['_']['result'][number]) => TItem;
};

/** A page of the kind's lists matching `where`, sorted by the query, and how many match. */
export const listKindPage = <K extends string, S extends PgSelect, TItem>(
  db: DbOrTx,
  kind: ListKindPages<K, S, TItem>,
  query: SortedPageRequest<K>,
  where: SQL | undefined,
) =>
  fetchSortedPage(
    query,
    kind.select(db).where(where),
    kind,
    () => db.select({ value: count() }).from(kind.table).where(where),
    kind.toItem,
  );

/**
 * The filter of advertiser-owned lists: those the principal may see, of the advertiser chosen,
 * named with a part of `q`, and the kind's own conditions.
 */
export const ownedListWhere = (
  principal: Principal,
  columns: { ownerId: PgColumn; name: PgColumn },
  query: { advertiser_id?: number | undefined; q?: string | undefined },
  ...conditions: (SQL | undefined)[]
) =>
  and(
    advertiserOwnedScope(principal, columns.ownerId),
    query.advertiser_id ? eq(columns.ownerId, query.advertiser_id) : undefined,
    ...conditions,
    query.q ? ilike(columns.name, likePattern(query.q)) : undefined,
  );

type OwnedListRow<Row> = { list: Row; advertiser: AdvertiserColumns; campaignCount: number };

type OwnedListTable = PgTable & { id: PgColumn; ownerId: PgColumn; name: PgColumn };

/**
 * The pages of an advertiser-owned list kind (inventory lists, audiences): its rows beside their
 * owner (`advertiser`) and use (`campaignCount`), its sorts, and its item: the kind's own fields of
 * the list (`item`), then those every owned list has (ownedListFields).
 */
export const ownedListPages = <T extends OwnedListTable, K extends string, TOwn extends object>(kind: {
  table: T;
  link: CampaignLink;
  sorts: Record<K, SQLWrapper | AnyColumn>;
  item: (list: T['$inferSelect']) => TOwn;
}) => ({
  table: kind.table,
  id: kind.table.id,
  sorts: kind.sorts,
  select: (db: DbOrTx) =>
    db
      .select({
        list: kind.table,
        advertiser: advertiserColumns,
        campaignCount: campaignCountColumn(kind.link),
      })
      .from(kind.table as PgTable)
      .innerJoin(users, eq(users.id, kind.table.ownerId))
      .$dynamic() as unknown as PgSelect,
  toItem: (row: unknown) => {
    const owned = row as OwnedListRow<T['$inferSelect'] & { createdAt: Date; updatedAt: Date }>;
    return { ...kind.item(owned.list), ...ownedListFields(owned) };
  },
});
type OwnedListPages<TItem> = Omit<ReturnType<typeof ownedListPages>, 'toItem'> & {
  toItem: (row: unknown) => TItem;
};

/** A page of an owned kind's lists the principal may see, filtered by the query and `conditions`. */
export const listOwnedLists = <K extends string, TItem>(
  db: DbOrTx,
  principal: Principal,
  kind: OwnedListPages<TItem> & { sorts: Record<K, SQLWrapper | AnyColumn> },
  query: SortedPageRequest<K> & { advertiser_id?: number | undefined; q?: string | undefined },
  ...conditions: (SQL | undefined)[]
) => listKindPage(db, kind, query, ownedListWhere(principal, kind.table, query, ...conditions));

/** One owned list as an item of its kind's page (the caller has checked access). */
export const readOwnedListItem = async <TItem>(db: DbOrTx, kind: OwnedListPages<TItem>, id: number) => {
  const [row] = await kind.select(db).where(eq(kind.id, id));
  return kind.toItem(row);
};

/** The last fields of an owned list's item: how many campaigns use it, its owner, its dates. */
const ownedListFields = (row: OwnedListRow<{ createdAt: Date; updatedAt: Date }>) => ({
  campaign_count: Number(row.campaignCount),
  advertiser: advertiserOf(row.advertiser),
  created_at: row.list.createdAt.toISOString(),
  updated_at: row.list.updatedAt.toISOString(),
});
