// One default-deny access check for every object a request names (the model is immich's
// utils/access.ts). The route's `config.access` has already said which roles may call it; this says
// whose objects: advertisers their own, agencies their advertisers', co-admins everything below
// them, admins everything. Anything else, and ids that do not exist, get the same "... not found."
// so that existence does not leak.
//
// Every kind of object is one rule in ACCESS_RULES, and every single-object read or write starts
// with `requireAccess(db, principal, kind, id)`, which answers its typed row. A new kind of object
// owned by a user is one entry: `ownedBy(table, table.ownerColumn, 'Thing not found.')`. (Lists of
// objects are scoped by their WHERE clause instead: platform/advertiser-scope.ts.)
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { decoderOf, selectAs } from '../db/aliased-columns.ts';
import type { DbOrTx } from '../db/client.ts';
import { fixedRead } from '../db/prepared-statement.ts';
import { apiKeys } from '../db/schema/api-keys.ts';
import { applists, audiences, campaigns } from '../db/schema/campaigns.ts';
import { creativeMedia, creatives } from '../db/schema/creatives.ts';
import { smartAppLists } from '../db/schema/lists.ts';
import { reports } from '../db/schema/reports.ts';
import { users } from '../db/schema/users.ts';
import { renderedOnce } from '../db/sql-fragment.ts';
import type { Principal } from './auth-guard.ts';
import { notFound, unauthorized } from './errors.ts';
import { canSee, isAbove, type ScopedUser, type ScopeOwner } from './scope.ts';

/** The object, and the user it belongs to (null for objects of the platform, like smart-app lists). */
type Found<Row> = { row: Row; owner: ScopedUser | null };

export type AccessRule<Row, Key = number> = {
  /** The message of the 404 for an unknown or out-of-scope object. */
  notFound: string;
  /** The object and its owner; `lock` (inside a transaction) takes the row lock. */
  find: (db: DbOrTx, key: Key, lock: boolean) => Promise<Found<Row> | undefined>;
  /** Whether the caller may reach it. */
  allows: (caller: ScopeOwner, found: Found<Row>) => boolean;
};

/** Any rule, whatever its row and key (what the table is checked against). */
type SomeAccessRule = {
  notFound: string;
  find: (db: DbOrTx, key: never, lock: boolean) => Promise<Found<unknown> | undefined>;
  allows: (caller: ScopeOwner, found: never) => boolean;
};

type UserRow = typeof users.$inferSelect;
type OwnedTable = PgTable & { id: PgColumn };

const ownerColumns = { id: users.id, role: users.role, agencyId: users.agencyId };

/** The caller itself, or a user below it, owns the object. */
const ownerVisible = (caller: ScopeOwner, found: Found<unknown>) =>
  found.owner !== null && canSee(caller, found.owner);

/**
 * A row of a table whose `ownerColumn` names the user it belongs to (an advertiser's campaigns,
 * creatives, lists): reachable by whoever may see that user.
 */
export const ownedBy = <T extends OwnedTable>(
  table: T,
  ownerColumn: PgColumn,
  message: string,
): AccessRule<T['$inferSelect']> => {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const rowAs = selectAs('r_', columns);
  const ownerAs = selectAs('o_', ownerColumns);
  const decodeRow = decoderOf<T['$inferSelect']>('r_', columns);
  const decodeOwner = decoderOf<ScopedUser>('o_', ownerColumns);
  // Every request that names an object reads it here first: one prepared statement (see
  // db/prepared-statement.ts), built once, decoded as the select below would be.
  const readFound = fixedRead<[number]>(
    (id) => sql`select ${rowAs}, ${ownerAs} from ${table} join ${users} on ${users.id} = ${ownerColumn}
          where ${table.id} = ${id} limit 1`,
    // On the embedded database, answered from the read cache while only reads ran since: as fresh.
    { cached: true },
  );
  return {
    notFound: message,
    find: async (db, id, lock) => {
      if (!lock) {
        const result = await readFound(db, id);
        const raw = result.rows[0];
        return raw && { row: decodeRow(raw), owner: decodeOwner(raw) };
      }
      const [found] = await db
        .select({ row: table as PgTable, owner: ownerColumns })
        .from(table as PgTable)
        .innerJoin(users, eq(users.id, ownerColumn))
        .where(eq(table.id, id))
        .limit(1)
        .for('update', { of: table as PgTable });
      return found as Found<T['$inferSelect']> | undefined;
    },
    allows: ownerVisible,
  };
};

/** A user account, with a rule on the caller's place relative to it. */
const userAccount = (message: string, allows: (caller: ScopeOwner, user: UserRow) => boolean) =>
  ({
    notFound: message,
    find: async (db, id, lock) => {
      const query = db.select().from(users).where(eq(users.id, id)).limit(1);
      const [user] = lock ? await query.for('update') : await query;
      return user && { row: user, owner: user };
    },
    allows: (caller, found) => allows(caller, found.row),
  }) satisfies AccessRule<UserRow>;

export const ADVERTISER_NOT_FOUND = 'Advertiser not found.';
export const ACCOUNT_NOT_FOUND = 'Account not found.';
export const SMART_APP_LIST_NOT_FOUND = 'Smart-app list not found.';

/** Agencies and advertisers hold funds accounts (the ledger's account holders). */
const isAccountHolder = (user: UserRow) => user.role === 'AGENCY' || user.role === 'ADVERTISER';

/** The owner of a report, with what its rows and file names are made of. */
export const reportOwnerColumns = { ...ownerColumns, email: users.email, companyName: users.companyName };
export type ReportOwner = ScopedUser & { email: string; companyName: string };

const reportColumns = getTableColumns(reports) as Record<string, PgColumn>;
/** A report's columns and its owner's in a raw statement (as r_ and o_), and their decoder. */
export const reportWithOwnerAs = renderedOnce(
  sql`${selectAs('r_', reportColumns)}, ${selectAs('o_', reportOwnerColumns)}`,
);
const decodeReport = decoderOf<typeof reports.$inferSelect>('r_', reportColumns);
const decodeReportOwner = decoderOf<ReportOwner>('o_', reportOwnerColumns);
export const decodeReportWithOwner = (raw: Record<string, unknown>) => ({
  report: decodeReport(raw),
  owner: decodeReportOwner(raw),
});

/** Every read of a report starts here: one prepared statement, decoded as the select below. */
const readReportWithOwner = fixedRead<[number]>(
  (id) => sql`select ${reportWithOwnerAs} from ${reports} join ${users} on ${users.id} = ${reports.ownerId}
          where ${reports.id} = ${id} limit 1`,
  { cached: true },
);

/** A report with its owner (read by every report operation). */
const report = {
  notFound: 'Report not found.',
  find: async (db, id, lock) => {
    if (!lock) {
      const result = await readReportWithOwner(db, id);
      const raw = result.rows[0];
      if (!raw) return undefined;
      const found = decodeReportWithOwner(raw);
      return { row: found, owner: found.owner };
    }
    const [found] = await db
      .select({ report: reports, owner: reportOwnerColumns })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.ownerId))
      .where(eq(reports.id, id))
      .limit(1)
      .for('update', { of: reports });
    return found && { row: found, owner: found.owner };
  },
  allows: ownerVisible,
} satisfies AccessRule<{ report: typeof reports.$inferSelect; owner: ReportOwner }>;

/** A smart-app list: the platform's, read by every signed-in user (changes are the staff's permission). */
const smartAppList = {
  notFound: SMART_APP_LIST_NOT_FOUND,
  find: async (db, id, lock) => {
    const query = db.select().from(smartAppLists).where(eq(smartAppLists.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row && { row, owner: null };
  },
  allows: () => true,
} satisfies AccessRule<typeof smartAppLists.$inferSelect>;

/** An API key: its own user's only, and only while it is not revoked. */
const apiKey = {
  ...ownedBy(apiKeys, apiKeys.userId, 'API key not found.'),
  allows: (caller, found) => found.owner?.id === caller.userId && found.row.revokedAt === null,
} satisfies AccessRule<typeof apiKeys.$inferSelect>;

/** An uploaded file, named by its URL: usable by whoever may see the user who uploaded it. */
const media = {
  notFound: 'Media not found.',
  find: async (db, url, lock) => {
    const query = db
      .select({ row: creativeMedia, owner: ownerColumns })
      .from(creativeMedia)
      .innerJoin(users, eq(users.id, creativeMedia.uploadedBy))
      .where(eq(creativeMedia.url, url))
      .limit(1);
    const [found] = lock ? await query.for('update', { of: creativeMedia }) : await query;
    return found;
  },
  allows: ownerVisible,
} satisfies AccessRule<typeof creativeMedia.$inferSelect, string>;

export const ACCESS_RULES = {
  campaign: ownedBy(campaigns, campaigns.advertiserId, 'Campaign not found.'),
  creative: ownedBy(creatives, creatives.advertiserId, 'Creative not found.'),
  media,
  inventoryList: ownedBy(applists, applists.ownerId, 'Inventory list not found.'),
  audience: ownedBy(audiences, audiences.ownerId, 'Audience not found.'),
  smartAppList,
  report,
  apiKey,
  /** Any user the caller may read: itself or one below it. */
  user: userAccount('User not found.', canSee),
  /** A user the caller manages (strictly below it): edit, set a password, act as. */
  managedUser: userAccount('User not found.', isAbove),
  /** An advertiser account the caller may see (itself, or one below it). */
  advertiser: userAccount(
    ADVERTISER_NOT_FOUND,
    (caller, user) => user.role === 'ADVERTISER' && canSee(caller, user),
  ),
  /** An agency account below the caller. */
  agency: userAccount('Agency not found.', (caller, user) => user.role === 'AGENCY' && isAbove(caller, user)),
  /** The funds of an agency or advertiser the caller may see (itself, or one below it). */
  fundsAccount: userAccount(
    ACCOUNT_NOT_FOUND,
    (caller, user) => isAccountHolder(user) && canSee(caller, user),
  ),
  /** The funds of an agency or advertiser strictly below the caller: money the caller may move. */
  managedFundsAccount: userAccount(
    ACCOUNT_NOT_FOUND,
    (caller, user) => isAccountHolder(user) && isAbove(caller, user),
  ),
} satisfies Record<string, SomeAccessRule>;

export type AccessResource = keyof typeof ACCESS_RULES;
export type AccessRow<R extends AccessResource> = NonNullable<
  Awaited<ReturnType<(typeof ACCESS_RULES)[R]['find']>>
>['row'];
/** What names an object of the kind: its id, or for media its URL. */
export type AccessKey<R extends AccessResource> = Parameters<(typeof ACCESS_RULES)[R]['find']>[1];

/**
 * The object `key` of `resource` if the caller may reach it; otherwise 404 with the resource's
 * message (or `denied`'s error, for a field of a form that names it). Inside a transaction, `lock`
 * takes the row lock that serialises concurrent changes.
 */
export const requireAccess = async <R extends AccessResource>(
  db: DbOrTx,
  principal: Principal | null,
  resource: R,
  key: AccessKey<R>,
  options: { lock?: boolean; denied?: () => Error } = {},
): Promise<AccessRow<R>> => {
  if (!principal) throw unauthorized();
  const rule = ACCESS_RULES[resource] as unknown as AccessRule<AccessRow<R>, AccessKey<R>>;
  const found = await rule.find(db, key, options.lock ?? false);
  const caller = { userId: principal.userId, role: principal.role };
  if (!found || !rule.allows(caller, found)) throw options.denied?.() ?? notFound(rule.notFound);
  return found.row;
};
