// Notices that something was created, updated or moved, told once it is committed, to every process
// on the database. Every such write records a change (audit.ts), which sends `pg_notify` inside the
// writer's transaction: the database delivers it at commit, once per entity type and transaction,
// and never for a transaction (or savepoint) rolled back. Each process listens through its Database
// (db/client.ts: PGlite calls back in-process as the commit completes; on PostgreSQL a connection of
// its own LISTENs) and hands the notices to the listeners here: the bidder's campaign index, the
// session and company caches. So a listener that re-reads after a notice sees the change.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** The notification channel of change notices (its payload: the entity type). */
export const CHANGE_CHANNEL = 'console_changes';

/**
 * Told when notices may have been missed (the listening connection was lost and is back): a
 * listener should act as on a change of every entity type.
 */
export const EVERY_ENTITY = '*';

type Listener = (entityType: string) => void;

const listeners = new Set<Listener>();

/** Subscribes; answers the function that unsubscribes. */
export const onEntityChange = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a notice concerns one of `entityTypes` (a resync concerns them all). */
export const concerns = (entityType: string, entityTypes: ReadonlySet<string>): boolean =>
  entityType === EVERY_ENTITY || entityTypes.has(entityType);

/** Hands a delivered notice to this process's listeners (the Database's listening connection). */
export const deliverChange = (entityType: string): void => {
  for (const listener of listeners) listener(entityType);
};

/** Announces a change of `entityType` when the transaction `db` is in commits (at once outside one). */
export const announceChange = async (db: DbOrTx, entityType: string): Promise<void> => {
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${entityType})`);
};
