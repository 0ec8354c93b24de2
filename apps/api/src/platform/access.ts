// One default-deny access check for every object a request names by id (the model is immich's
// utils/access.ts). The route's `config.access` has already said which roles may call it; this says
// whose objects: advertisers their own, agencies their advertisers', co-admins everything below
// them, admins everything. Anything else, and ids that do not exist, get the same "... not found."
// so that existence does not leak.
//
// A module adds a resource with one entry in ACCESS_RULES (an advertiser-owned table:
// `ownedByAdvertiser(table, 'Thing not found.')`); `requireAccess` then answers its typed row.
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { decoderOf, selectAs } from '../db/aliased-columns.ts';
import type { DbOrTx } from '../db/client.ts';
import { executePrepared } from '../db/prepared-statement.ts';
import { campaigns } from '../db/schema/campaigns.ts';
import { creatives } from '../db/schema/creatives.ts';
import { users } from '../db/schema/users.ts';
import type { Principal } from './auth-guard.ts';
import { notFound, unauthorized } from './errors.ts';
import { canSee, isAbove, type ScopedUser, type ScopeOwner } from './scope.ts';

type Found<Row> = { row: Row; owner: ScopedUser };

export type AccessRule<Row> = {
  /** The message of the 404 for an unknown or out-of-scope id. */
  notFound: string;
  /** The row and the user it belongs to; `lock` (inside a transaction) takes the row lock. */
  find: (db: DbOrTx, id: number, lock: boolean) => Promise<Found<Row> | undefined>;
  /** Whether the caller may reach it. */
  allows: (caller: ScopeOwner, found: Found<Row>) => boolean;
};

/** Any rule, whatever its row (what the registry is checked against). */
type SomeAccessRule = Omit<AccessRule<unknown>, 'allows'> & {
  allows: (caller: ScopeOwner, found: never) => boolean;
};

type UserRow = typeof users.$inferSelect;
type AdvertiserOwnedTable = PgTable & { id: PgColumn; advertiserId: PgColumn };

const ownerColumns = { id: users.id, role: users.role, agencyId: users.agencyId };

/** A row of a table with an `advertiser_id`: reachable by whoever may see that advertiser. */
export const ownedByAdvertiser = <T extends AdvertiserOwnedTable>(
  table: T,
  message: string,
): AccessRule<T['$inferSelect']> => {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const rowAs = selectAs('r_', columns);
  const ownerAs = selectAs('o_', ownerColumns);
  const decodeRow = decoderOf<T['$inferSelect']>('r_', columns);
  const decodeOwner = decoderOf<ScopedUser>('o_', ownerColumns);
  return {
    notFound: message,
    find: async (db, id, lock) => {
      if (!lock) {
        // Every request that names an object reads it here first: one prepared statement (see
        // db/prepared-statement.ts), decoded as the select below would be.
        const result = await executePrepared(
          db,
          sql`select ${rowAs}, ${ownerAs} from ${table} join ${users} on ${users.id} = ${table.advertiserId}
          where ${table.id} = ${id} limit 1`,
        );
        const raw = result.rows[0];
        return raw && { row: decodeRow(raw), owner: decodeOwner(raw) };
      }
      const [found] = await db
        .select({ row: table as PgTable, owner: ownerColumns })
        .from(table as PgTable)
        .innerJoin(users, eq(users.id, table.advertiserId))
        .where(eq(table.id, id))
        .limit(1)
        .for('update', { of: table as PgTable });
      return found as Found<T['$inferSelect']> | undefined;
    },
    allows: (caller, found) => canSee(caller, found.owner),
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

export const ACCESS_RULES = {
  campaign: ownedByAdvertiser(campaigns, 'Campaign not found.'),
  creative: ownedByAdvertiser(creatives, 'Creative not found.'),
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
} satisfies Record<string, SomeAccessRule>;

export type AccessResource = keyof typeof ACCESS_RULES;
export type AccessRow<R extends AccessResource> = NonNullable<
  Awaited<ReturnType<(typeof ACCESS_RULES)[R]['find']>>
>['row'];

/**
 * The object `id` of `resource` if the caller may reach it; otherwise 404 with the resource's
 * message. Inside a transaction, `lock` takes the row lock that serialises concurrent changes.
 */
export const requireAccess = async <R extends AccessResource>(
  db: DbOrTx,
  principal: Principal | null,
  resource: R,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AccessRow<R>> => {
  if (!principal) throw unauthorized();
  const rule = ACCESS_RULES[resource] as AccessRule<AccessRow<R>>;
  const found = await rule.find(db, id, options.lock ?? false);
  const caller = { userId: principal.userId, role: principal.role };
  if (!found || !rule.allows(caller, found)) throw notFound(rule.notFound);
  return found.row;
};
