// The campaigns that use a list of each kind (inventory lists, audiences, smart-app lists), through
// its campaign link table: counted in the list pages, named in a list's detail, and a list is deleted
// (an audience archived) only when none uses it, else 409 naming them.
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  applists,
  audiences,
  campaignAudiences,
  campaignInventoryLists,
  campaigns,
} from '../../db/schema/campaigns.ts';
import { campaignSmartAppLists, smartAppLists } from '../../db/schema/lists.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { conflict } from '../../platform/errors.ts';

export type CampaignLink = {
  table: PgTable;
  listColumn: PgColumn;
  campaignColumn: PgColumn;
  /** How a campaign uses the list (allow or block, include or exclude); smart-app lists have none. */
  modeColumn?: PgColumn;
  /** The list table's id, which the link's list column names. */
  listId: PgColumn;
};

export const APPLIST_LINK = {
  table: campaignInventoryLists,
  listColumn: campaignInventoryLists.applistId,
  campaignColumn: campaignInventoryLists.campaignId,
  modeColumn: campaignInventoryLists.mode,
  listId: applists.id,
} satisfies CampaignLink;

export const AUDIENCE_LINK = {
  table: campaignAudiences,
  listColumn: campaignAudiences.audienceId,
  campaignColumn: campaignAudiences.campaignId,
  modeColumn: campaignAudiences.mode,
  listId: audiences.id,
} satisfies CampaignLink;

export const SMART_APP_LIST_LINK = {
  table: campaignSmartAppLists,
  listColumn: campaignSmartAppLists.listId,
  campaignColumn: campaignSmartAppLists.campaignId,
  listId: smartAppLists.id,
} satisfies CampaignLink;

/** How many campaigns use each listed list, as a column of the list statement. */
export const campaignCountColumn = (link: CampaignLink): SQL<number> =>
  sql<number>`(select count(*)::int from ${link.table} where ${link.listColumn} = ${link.listId})`;

/** A list's detail names at most this many of the campaigns that use it. */
const CAMPAIGNS_SHOWN = 100;

/** The campaigns that use a list, by name, each with how it uses the list. */
export const campaignsUsing = async <Mode extends string>(
  db: DbOrTx,
  link: CampaignLink & { modeColumn: PgColumn },
  id: number,
): Promise<{ campaign_id: number; name: string; mode: Mode }[]> => {
  const rows = await db
    .select({ campaign_id: campaigns.id, name: campaigns.name, mode: sql<string>`${link.modeColumn}` })
    .from(link.table)
    .innerJoin(campaigns, eq(campaigns.id, link.campaignColumn))
    .where(eq(link.listColumn, id))
    .orderBy(asc(sql`lower(${campaigns.name})`), asc(campaigns.id))
    .limit(CAMPAIGNS_SHOWN);
  return rows.map((row) => ({ ...row, mode: row.mode as Mode }));
};

/** "… is used by campaigns A, B and 3 more. Remove it from them first." (at most 10 names). */
const usedByMessage = (subject: string, names: string[]) => {
  const shown = names.slice(0, 10).map((name) => `"${name}"`);
  const more = names.length > 10 ? ' and more' : '';
  return `${subject} is used by ${names.length === 1 ? 'the campaign' : 'the campaigns'} ${shown.join(', ')}${more}. Remove it from ${names.length === 1 ? 'that campaign' : 'them'} first.`;
};

/** 409 naming the campaigns (up to ten) that use a list. */
export const assertUnusedByCampaigns = async (
  tx: DbOrTx,
  link: CampaignLink,
  id: number,
  subject: string,
) => {
  const used = await tx
    .select({ name: campaigns.name })
    .from(link.table)
    .innerJoin(campaigns, eq(campaigns.id, link.campaignColumn))
    .where(eq(link.listColumn, id))
    .orderBy(asc(sql`lower(${campaigns.name})`))
    .limit(11);
  if (used.length > 0)
    throw conflict(
      usedByMessage(
        subject,
        used.map((row) => row.name),
      ),
    );
};

export type DeletableList<L extends { id: number; name: string }> = {
  /** The change log's entity type. */
  entity: string;
  /** The list in the 409's sentence ("This inventory list"). */
  subject: string;
  table: PgTable;
  link: CampaignLink;
  /** The list, its row locked (404 outside the caller's reach). */
  lock: (tx: DbOrTx, principal: Principal, id: number) => Promise<L>;
  /** Refuses a change for a reason of the kind's own (an import under way). */
  busy?: (tx: DbOrTx, list: L) => Promise<void>;
  /** The list's size, and its change-log field. */
  count: (list: L) => number;
  countField: 'entry_count' | 'app_count';
};

/**
 * Deletes a list that no campaign uses, in one transaction under its row lock, and logs its name and
 * size; `busy` refuses it for a reason of its kind once the campaigns are known not to use it.
 * Answers the list as it was.
 */
export const deleteUnusedList = <L extends { id: number; name: string }>(
  db: Db,
  principal: Principal,
  id: number,
  kind: DeletableList<L>,
) =>
  db.transaction(async (tx) => {
    const list = await kind.lock(tx, principal, id);
    await assertUnusedByCampaigns(tx, kind.link, list.id, kind.subject);
    await kind.busy?.(tx, list);
    await tx.delete(kind.table).where(eq(kind.link.listId, list.id));
    await recordChange(tx, {
      entityType: kind.entity,
      entityId: list.id,
      action: 'delete',
      ...actorOf(principal),
      changes: [
        { field: 'name', from: list.name, to: null },
        { field: kind.countField, from: kind.count(list), to: null },
      ],
    });
    return list;
  });
