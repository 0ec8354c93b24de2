// An agency's take on one of its advertisers: the advertiser's own margin (user config margin_bps),
// which the ledger's margin rule adds to the agency's (the platform's take, set by an admin). The
// agency chooses it within the range an admin set on the agency; an admin's own config page is not
// bound by it. Every change goes to the advertiser's change log.
import { type AdvertiserMargin, type MarginBounds, marginOutOfBoundsMessage } from '@console/core/api/users';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userConfigs } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest } from '../../platform/errors.ts';

type ConfigRow = typeof userConfigs.$inferSelect;

export const marginBoundsOf = (row: ConfigRow | undefined): MarginBounds => ({
  min_bps: row?.advertiserMarginMinBps ?? 0,
  max_bps: row?.advertiserMarginMaxBps ?? 0,
});

const NO_AGENCY = 'This advertiser has no agency: its margin is set by an admin.';

const configOf = async (db: DbOrTx, userId: number, lock = false) => {
  const query = db.select().from(userConfigs).where(eq(userConfigs.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** The advertiser (one below the caller, else "not found") and the range of its agency. */
const requireAgencyAdvertiser = async (db: DbOrTx, principal: Principal, id: number, lock = false) => {
  const advertiser = await requireAccess(db, principal, 'managedUser', id, { lock });
  if (advertiser.role !== 'ADVERTISER' || advertiser.agencyId === null) throw badRequest(NO_AGENCY);
  return { advertiser, bounds: marginBoundsOf(await configOf(db, advertiser.agencyId, lock)) };
};

export const readAdvertiserMargin = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
): Promise<AdvertiserMargin> => {
  const { bounds } = await requireAgencyAdvertiser(db, principal, id);
  return { margin_bps: (await configOf(db, id))?.marginBps ?? 0, bounds };
};

export const setAdvertiserMargin = (
  db: DbOrTx,
  principal: Principal,
  id: number,
  marginBps: number,
): Promise<AdvertiserMargin> =>
  db.transaction(async (tx) => {
    // The agency's row is locked with the advertiser's: an admin narrowing the range meanwhile waits.
    const { bounds } = await requireAgencyAdvertiser(tx, principal, id, true);
    if (marginBps < bounds.min_bps || marginBps > bounds.max_bps) {
      const message = marginOutOfBoundsMessage(bounds);
      throw badRequest(message, { margin_bps: message });
    }
    const before = (await configOf(tx, id, true))?.marginBps ?? 0;
    await tx
      .insert(userConfigs)
      .values({ userId: id, marginBps })
      .onConflictDoUpdate({ target: userConfigs.userId, set: { marginBps, updatedAt: new Date() } });
    const changes = diffFields({ margin_bps: before }, { margin_bps: marginBps });
    if (changes.length > 0)
      await recordChange(tx, {
        entityType: 'user',
        entityId: id,
        action: 'config',
        ...actorOf(principal),
        changes,
      });
    return { margin_bps: marginBps, bounds };
  });
