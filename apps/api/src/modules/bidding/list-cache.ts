// The bidder's loaded targeting lists: the inventory lists, audiences and smart-app lists that active
// campaigns use, held as compact membership sets (inventory/list-membership.ts) so that a bid request
// asks memory, never the database. Refreshed with every campaign-index reload: a list is read again
// only when its version (updated_at and count, bumped in the same transaction as its entries) moved,
// and a list no active campaign uses any more is dropped, so memory follows what is live.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applists, audiences } from '../../db/schema/campaigns.ts';
import { smartAppLists } from '../../db/schema/lists.ts';
import {
  loadApplistMembership,
  loadAudienceMembership,
  loadSmartAppListMembership,
  type MembershipSet,
  toStoredApp,
  toStoredDevice,
} from '../inventory/index.ts';
import type { ListMembership } from './bidder-campaign.ts';

export type WantedLists = {
  applists: ReadonlySet<number>;
  audiences: ReadonlySet<number>;
  smartAppLists: ReadonlySet<number>;
};

type Loaded = { version: string; set: MembershipSet; site: boolean };

export type ListCache = {
  /** Loads what changed or is new, drops what is no longer wanted; answers the membership to bid with. */
  refresh: (wanted: WantedLists) => Promise<ListMembership>;
  /** Entries held (all lists together), for tests and monitoring. */
  size: () => number;
};

const versionOf = (row: { updatedAt: Date; count: number | null }) =>
  `${row.updatedAt.getTime()}:${row.count ?? 0}`;

export const createListCache = (db: Db): ListCache => {
  let applistSets = new Map<number, Loaded>();
  let audienceSets = new Map<number, Loaded>();
  let smartAppSets = new Map<number, Loaded>();

  /** Keeps the loaded sets whose version is current and loads the others (one at a time: bounded memory). */
  const refreshKind = async (
    previous: Map<number, Loaded>,
    versions: { id: number; updatedAt: Date; count: number | null; site?: boolean }[],
    load: (id: number) => Promise<MembershipSet>,
  ) => {
    const next = new Map<number, Loaded>();
    for (const row of versions) {
      const version = versionOf(row);
      const known = previous.get(row.id);
      next.set(
        row.id,
        known?.version === version ? known : { version, set: await load(row.id), site: row.site === true },
      );
    }
    return next;
  };

  return {
    refresh: async (wanted) => {
      const ids = (set: ReadonlySet<number>) => [...set];
      const [applistRows, audienceRows, smartAppRows] = await Promise.all([
        wanted.applists.size === 0
          ? []
          : db
              .select({
                id: applists.id,
                updatedAt: applists.updatedAt,
                count: applists.entryCount,
                kind: applists.kind,
              })
              .from(applists)
              .where(inArray(applists.id, ids(wanted.applists))),
        wanted.audiences.size === 0
          ? []
          : db
              .select({ id: audiences.id, updatedAt: audiences.updatedAt, count: audiences.matchedSize })
              .from(audiences)
              .where(inArray(audiences.id, ids(wanted.audiences))),
        wanted.smartAppLists.size === 0
          ? []
          : db
              .select({
                id: smartAppLists.id,
                updatedAt: smartAppLists.updatedAt,
                count: smartAppLists.appCount,
              })
              .from(smartAppLists)
              .where(inArray(smartAppLists.id, ids(wanted.smartAppLists))),
      ]);
      applistSets = await refreshKind(
        applistSets,
        applistRows.map((row) => ({ ...row, site: row.kind === 'SITE' })),
        (id) => loadApplistMembership(db, id),
      );
      audienceSets = await refreshKind(audienceSets, audienceRows, (id) => loadAudienceMembership(db, id));
      smartAppSets = await refreshKind(smartAppSets, smartAppRows, (id) =>
        loadSmartAppListMembership(db, id),
      );
      return membershipOf(applistSets, audienceSets, smartAppSets);
    },
    size: () =>
      [applistSets, audienceSets, smartAppSets].reduce(
        (sum, sets) => sum + [...sets.values()].reduce((inner, loaded) => inner + loaded.set.size, 0),
        0,
      ),
  };
};

/** A fixed view of the sets of one refresh (a snapshot keeps answering the same while the next loads). */
const membershipOf = (
  applistSets: ReadonlyMap<number, Loaded>,
  audienceSets: ReadonlyMap<number, Loaded>,
  smartAppSets: ReadonlyMap<number, Loaded>,
): ListMembership => ({
  inInventoryList: (listId, key) => {
    const list = applistSets.get(listId);
    if (!list) return false;
    return list.site ? list.set.hasDomain(key) : list.set.has(toStoredApp(key));
  },
  inAudience: (audienceId, key) => audienceSets.get(audienceId)?.set.has(toStoredDevice(key)) ?? false,
  inSmartAppList: (listId, bundle) => smartAppSets.get(listId)?.set.has(toStoredApp(bundle)) ?? false,
});
