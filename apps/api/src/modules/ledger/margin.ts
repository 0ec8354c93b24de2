// The one margin rule. An advertiser pays the media cost plus a margin in basis points (1500 = 15%):
// its own `margin_bps` (user config) plus its agency's, so an admin sets an agency's margin once for
// everything its advertisers spend and may add one per advertiser; a direct advertiser pays its own
// only. The bidder (the margin it signs into tracking tokens and the holds it reserves), the ledger's
// spend debits, the forecast and the demo seed all read margins and costs from here.
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { userConfigs, users } from '../../db/schema/users.ts';

const BPS_PER_UNIT = 10_000n;

/** The margin an advertiser pays: its own plus its agency's (null: none set, or no agency). */
export const marginBpsOf = (advertiserBps: number | null, agencyBps: number | null): number =>
  (advertiserBps ?? 0) + (agencyBps ?? 0);

/** Advertiser cost = media cost + margin, rounded half up to the micro-unit. */
export const advertiserCostOf = (mediaCostMicros: bigint, marginBps: number): bigint =>
  mediaCostMicros + (mediaCostMicros * BigInt(marginBps) + BPS_PER_UNIT / 2n) / BPS_PER_UNIT;

const agencyConfigs = alias(userConfigs, 'agency_configs');

/** The margin of each advertiser (marginBpsOf), in one query; an unknown id is absent from the map. */
export const readMarginsBps = async (
  db: DbOrTx,
  advertiserIds: readonly number[],
): Promise<Map<number, number>> => {
  if (advertiserIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, own: userConfigs.marginBps, agency: agencyConfigs.marginBps })
    .from(users)
    .leftJoin(userConfigs, eq(userConfigs.userId, users.id))
    .leftJoin(agencyConfigs, eq(agencyConfigs.userId, users.agencyId))
    .where(inArray(users.id, [...advertiserIds]));
  return new Map(rows.map((row) => [row.id, marginBpsOf(row.own, row.agency)]));
};

/** One advertiser's margin (0 for an unknown id). */
export const readMarginBps = async (db: DbOrTx, advertiserId: number): Promise<number> =>
  (await readMarginsBps(db, [advertiserId])).get(advertiserId) ?? 0;
