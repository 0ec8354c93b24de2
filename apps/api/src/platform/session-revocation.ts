// Ending sessions: a session and every impersonation session opened from it, down the tree.
import { and, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/sessions.ts';
import { forgetSessions } from './session-cache.ts';

/**
 * Ends sessions and every impersonation session opened from them (at most three levels deep), and
 * drops every session this process remembers (session-cache.ts), before and after.
 */
export const revokeSessions = async (db: DbOrTx, sessionIds: string[], reason: string) => {
  let ids = sessionIds;
  forgetSessions();
  while (ids.length > 0) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)));
    const children = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.parentSessionId, ids), isNull(sessions.revokedAt)));
    ids = children.map((child) => child.id);
  }
  forgetSessions();
};
