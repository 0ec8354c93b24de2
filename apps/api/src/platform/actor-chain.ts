// Whether an impersonation chain still holds: every parent active, still of the role it acted with,
// and still above the next one (an agency above its own advertisers only). A session or API key made
// while acting as someone is worth only as much as the chain that made it, so both are checked on
// every request (one query, only for impersonated credentials) and ended when a relationship changes.
import { canImpersonate, type Role } from '@console/core/roles';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { ActorLink } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { isAbove, type ScopedUser } from './scope.ts';

type ChainUser = ScopedUser & { status: string };

/** The check itself, on rows already read: `rows` holds the chain's users by id. */
export const isChainIntactIn = (rows: Map<number, ChainUser>, chain: ActorLink[], user: ScopedUser) => {
  for (const [index, link] of chain.entries()) {
    const parent = rows.get(link.id);
    if (parent?.status !== 'ACTIVE' || parent.role !== link.role) return false;
    const next = index + 1 < chain.length ? rows.get(chain[index + 1]!.id) : user;
    if (!next) return false;
    const owner = { userId: parent.id, role: parent.role as Role };
    if (!isAbove(owner, next) || !canImpersonate(owner.role, next.role as Role)) return false;
  }
  return true;
};

/** Reads the chain's users (one query for many chains). */
export const readChainUsers = async (db: DbOrTx, chains: ActorLink[][]) => {
  const ids = [...new Set(chains.flat().map((link) => link.id))];
  if (ids.length === 0) return new Map<number, ChainUser>();
  const rows = await db
    .select({ id: users.id, role: users.role, status: users.status, agencyId: users.agencyId })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
};

/** Whether the parents in `chain` may still act as `user`; true for an empty chain. */
export const isChainIntact = async (db: DbOrTx, chain: ActorLink[], user: ScopedUser) =>
  chain.length === 0 || isChainIntactIn(await readChainUsers(db, [chain]), chain, user);
