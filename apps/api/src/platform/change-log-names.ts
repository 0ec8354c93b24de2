// The names of the ids a page of change log entries holds (an advertiser id, a campaign's exchange,
// creative and list ids...), one query per kind of object, so the console shows names, never ids.
import {
  CHANGE_LOG_REF_KINDS,
  type ChangeLogRefKind,
  changeLogNameKey,
  changeLogRefIds,
} from '@console/core/change-log-fields';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import type { FieldChange } from '../db/schema/audit.ts';
import { applists, audiences, campaigns } from '../db/schema/campaigns.ts';
import { creatives } from '../db/schema/creatives.ts';
import { smartAppLists } from '../db/schema/lists.ts';
import { exchanges, smartAppCategories } from '../db/schema/reference.ts';
import { users } from '../db/schema/users.ts';

type NameSource = { table: PgTable; id: PgColumn; name: PgColumn; fallback?: PgColumn };

const SOURCES: Record<ChangeLogRefKind, NameSource> = {
  user: { table: users, id: users.id, name: users.companyName, fallback: users.email },
  campaign: { table: campaigns, id: campaigns.id, name: campaigns.name },
  creative: { table: creatives, id: creatives.id, name: creatives.name },
  exchange: { table: exchanges, id: exchanges.id, name: exchanges.name },
  applist: { table: applists, id: applists.id, name: applists.name },
  audience: { table: audiences, id: audiences.id, name: audiences.name },
  smartAppList: { table: smartAppLists, id: smartAppLists.id, name: smartAppLists.name },
  smartAppNode: { table: smartAppCategories, id: smartAppCategories.id, name: smartAppCategories.name },
};

const refsOf = (changes: readonly FieldChange[]) =>
  changes.flatMap((change) =>
    [change.from, change.to].flatMap((value) =>
      changeLogRefIds(change.field, value).filter(({ id }) => Number.isSafeInteger(id)),
    ),
  );

/**
 * Each entry's names: `{ 'exchange:12': 'Google AdX', ... }` for every id its changes hold (deleted
 * objects are left out), looked up once for the whole page.
 */
export const changeLogNames = async (
  db: DbOrTx,
  changeLists: readonly FieldChange[][],
): Promise<Record<string, string>[]> => {
  const refLists = changeLists.map(refsOf);
  const wanted = new Map<ChangeLogRefKind, Set<number>>();
  for (const { ref, id } of refLists.flat()) wanted.set(ref, (wanted.get(ref) ?? new Set<number>()).add(id));
  const names: Record<string, string> = {};
  for (const ref of CHANGE_LOG_REF_KINDS) {
    const ids = wanted.get(ref);
    if (!ids) continue;
    const source = SOURCES[ref];
    const rows = await db
      .select({ id: source.id, name: source.name, ...(source.fallback ? { fallback: source.fallback } : {}) })
      .from(source.table)
      .where(inArray(source.id, [...ids]));
    for (const row of rows as { id: number; name: string | null; fallback?: string | null }[]) {
      const name = row.name || row.fallback;
      if (name) names[changeLogNameKey(ref, Number(row.id))] = name;
    }
  }
  return refLists.map((refs) => {
    const own: Record<string, string> = {};
    for (const { ref, id } of refs) {
      const key = changeLogNameKey(ref, id);
      if (names[key] !== undefined) own[key] = names[key];
    }
    return own;
  });
};
