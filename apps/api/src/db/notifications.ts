// Listening to a notification channel (LISTEN/NOTIFY) on either driver. A notification is sent
// inside a transaction and delivered when it commits (never when it rolls back): PGlite calls back
// in-process as the commit completes, before the committing query answers; on PostgreSQL a
// connection of its own (not one of the pool's) LISTENs, told of every process's commits.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type StopListening = () => Promise<void>;

export const listenOnPglite = async (
  client: PGlite,
  channel: string,
  onNotice: (payload: string) => void,
): Promise<StopListening> => {
  const unlisten = await client.listen(channel, onNotice);
  return async () => {
    // Closing the database ends the listening with it.
    if (!client.closed) await unlisten();
  };
};

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1_000;

/**
 * LISTENs on a connection of its own, connecting again after it is lost (a server restart, a
 * network cut); notices sent meanwhile are lost, so `onResync` is told once it listens again.
 */
export const listenOnPostgres = async (
  connectionString: string,
  channel: string,
  onNotice: (payload: string) => void,
  onResync: () => void,
): Promise<StopListening> => {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  const connect = async () => {
    // Named, so that an operator (or a test) can tell it in pg_stat_activity.
    const next = new pg.Client({ connectionString, application_name: `${channel} ${process.pid}` });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    // A lost connection errors (then ends): connect again, unless stopping. (One that never
    // listened is retried by whoever connected it.)
    next.on('error', () => {});
    next.once('end', () => {
      if (client !== next) return;
      client = null;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  const scheduleReconnect = () => {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(onResync, () => scheduleReconnect());
    }, RECONNECT_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end();
  };
};
