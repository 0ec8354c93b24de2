// The update of a list's own fields (inventory lists, audiences, smart-app lists): in one
// transaction under the list's row lock, the kind's checks and write, then a change-log entry of
// what changed (none when nothing did). A name taken meanwhile by another writer (the unique index)
// becomes the kind's 400 on the name.
import type { Db, DbOrTx } from '../../db/client.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../reference/index.ts';

export const updateListFields = async <L extends { id: number }, F extends Record<string, unknown>>(
  db: Db,
  principal: Principal,
  edit: {
    /** The change log's entity type. */
    entity: string;
    /** The list, its row locked (404 outside the caller's reach). */
    lock: (tx: DbOrTx) => Promise<L>;
    /** Its fields before and after the edit, by their change-log names. */
    fields: (list: L) => { before: F; after: F };
    /** Checks the edit (a name free, a state that allows it) and writes `after` on the row. */
    write: (tx: DbOrTx, list: L, after: F) => Promise<unknown>;
    /** The 400 of a name taken. */
    nameTaken: () => Error;
  },
): Promise<void> => {
  try {
    await db.transaction(async (tx) => {
      const list = await edit.lock(tx);
      const { before, after } = edit.fields(list);
      await edit.write(tx, list, after);
      await recordChange(tx, {
        entityType: edit.entity,
        entityId: list.id,
        action: 'update',
        ...actorOf(principal),
        changes: diffFields(before, after),
      });
    });
  } catch (error) {
    throw isUniqueViolation(error) ? edit.nameTaken() : error;
  }
};
