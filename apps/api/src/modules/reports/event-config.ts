// A user's conversion event config (spec section 3): key event1.. or event_{name}, event_name and
// event_status. Report event columns read E{n}-{name}, n the event's place in this config.
import { type EventConfigItem, eventColumnLabel } from '@console/core/api/reports';
import { eq, sql } from 'drizzle-orm';
import { decoderOf, selectAs } from '../../db/aliased-columns.ts';
import type { DbOrTx } from '../../db/client.ts';
import { fixedRead } from '../../db/prepared-statement.ts';
import { eventConfigs } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';

export type LabelledEvent = EventConfigItem & { label: string };

const configFields = {
  key: eventConfigs.key,
  eventName: eventConfigs.eventName,
  eventStatus: eventConfigs.eventStatus,
  position: eventConfigs.position,
};
const decodeConfig = decoderOf<Pick<typeof eventConfigs.$inferSelect, keyof typeof configFields>>(
  'e_',
  configFields,
);
const readConfigRows = fixedRead<[number]>(
  (userId) => sql`select ${selectAs('e_', configFields)} from ${eventConfigs}
    where ${eventConfigs.userId} = ${userId}::bigint order by ${eventConfigs.position}`,
  { cached: true },
);

export const readEventConfig = async (db: DbOrTx, userId: number): Promise<LabelledEvent[]> => {
  // A prepared read: a report's detail and rows read it on every request, and on the embedded
  // database a read of another kind would empty the read cache the rest of the request reads from.
  const { rows } = await readConfigRows(db, userId);
  return rows.map(decodeConfig).map((row) => ({
    key: row.key,
    event_name: row.eventName,
    event_status: row.eventStatus as EventConfigItem['event_status'],
    label: eventColumnLabel(row.position, row.eventName),
  }));
};

/**
 * Replaces the whole config (the settings form saves the list as shown) and answers it as saved.
 * Saves of one user run one after the other: each first locks the user's row, so two at once (a
 * form sent twice, two tabs) cannot both delete and then insert the same keys; the last one wins.
 */
export const saveEventConfig = async (db: DbOrTx, userId: number, events: EventConfigItem[]) =>
  db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await tx.delete(eventConfigs).where(eq(eventConfigs.userId, userId));
    if (events.length > 0)
      await tx.insert(eventConfigs).values(
        events.map((event, i) => ({
          userId,
          key: event.key,
          eventName: event.event_name,
          eventStatus: event.event_status,
          position: i + 1,
        })),
      );
    return readEventConfig(tx, userId);
  });

/** The label of an event column: E{n}-{name} from the config, else E{n}-{key} by its key's number. */
export const eventLabelOf = (config: readonly LabelledEvent[], key: string): string => {
  const known = config.find((event) => event.key === key);
  if (known) return known.label;
  const numbered = /^event(\d+)$/.exec(key);
  return numbered ? eventColumnLabel(Number(numbered[1]), key) : eventColumnLabel(config.length + 1, key);
};
