// Ledger accounts: one per agency and advertiser (made on first use, and by the migration for the
// users that existed), and the platform's own: FUNDING (money from and to the outside world: wires,
// cheques, cards, promotions), MEDIA (media cost of spend) and MARGIN (the markup on it).
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../platform/errors.ts';

export type PlatformAccountCode = 'FUNDING' | 'MEDIA' | 'MARGIN';
export type AccountRow = typeof ledgerAccounts.$inferSelect;

/** Only agencies and advertisers hold money; admins and co-admins move it. */
export const isAccountHolderRole = (role: string): role is 'AGENCY' | 'ADVERTISER' =>
  role === 'AGENCY' || role === 'ADVERTISER';

export const findPlatformAccount = async (db: DbOrTx, code: PlatformAccountCode): Promise<AccountRow> => {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).limit(1);
  // The migration creates them; a missing one is a broken database, not bad input.
  if (!row) throw new Error(`ledger platform account ${code} is missing`);
  return row;
};

/** The account of an agency or advertiser, created on first use. */
export const ensureUserAccount = async (db: DbOrTx, userId: number): Promise<AccountRow> => {
  const [existing] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId)).limit(1);
  if (existing) return existing;
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !isAccountHolderRole(user.role)) throw badRequest('Only agencies and advertisers hold funds.');
  await db.insert(ledgerAccounts).values({ kind: user.role, userId }).onConflictDoNothing();
  const [created] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId)).limit(1);
  return created!;
};

/**
 * A user's balance in micro-units: one indexed row (the running balance), however long the
 * history. 0 for a user without an account yet.
 */
export const readBalanceMicros = async (db: DbOrTx, userId: number): Promise<bigint> => {
  const [row] = await db
    .select({ balance: ledgerAccounts.balanceMicros })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .limit(1);
  return row?.balance ?? 0n;
};

/**
 * Balances of many users in one indexed query, for the bidder: an advertiser whose balance is not
 * above zero (less its pending spend) stops bidding, and bids again once a top-up lands. Users
 * without an account are absent from the map (balance 0).
 */
export const readBalances = async (db: DbOrTx, userIds: readonly number[]): Promise<Map<number, bigint>> => {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: ledgerAccounts.userId, balance: ledgerAccounts.balanceMicros })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId!, row.balance]));
};
