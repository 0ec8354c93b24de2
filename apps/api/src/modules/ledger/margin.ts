// The one margin rule. An advertiser pays the media cost plus a margin in basis points (1500 = 15%):
// its own `margin_bps` (user config) plus its agency's, so an admin sets an agency's margin once for
// everything its advertisers spend and may add one per advertiser; a direct advertiser pays its own
// only. Of that margin, the agency's part is its advertiser's own margin_bps (what the agency sets) and
// the platform's part the rest (marginSplitOf, agencyMarginOf). The bidder (the margin it signs into tracking tokens and the holds it reserves), the ledger's
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

/**
 * An advertiser's margin and the agency's part of it, in basis points: an agency's advertiser pays
 * its own margin (the agency's take, which the agency sets) plus its agency's (the platform's take,
 * which an admin sets); a direct advertiser's margin is all the platform's.
 */
export type MarginSplit = { bps: number; agencyBps: number };

export const marginSplitOf = (
  advertiserBps: number | null,
  agencyBps: number | null,
  hasAgency: boolean,
): MarginSplit => ({
  bps: marginBpsOf(advertiserBps, agencyBps),
  agencyBps: hasAgency ? (advertiserBps ?? 0) : 0,
});

/**
 * The agency's part of one cost's margin, in micro-units: media cost x the agency's basis points /
 * 10,000, rounded half up as advertiserCostOf rounds, and never more than the whole margin (advertiser
 * cost - media cost) nor below 0. The platform's part is the rest, so media cost + platform's part +
 * agency's part = advertiser cost exactly; the platform's part takes the rounding of the sum.
 */
export const agencyMarginOf = (mediaCostMicros: bigint, agencyBps: number, advertiserCostMicros: bigint) => {
  const share = advertiserCostOf(mediaCostMicros, agencyBps) - mediaCostMicros;
  const margin = advertiserCostMicros - mediaCostMicros;
  if (share < 0n || margin < 0n) return 0n;
  // bigint: no Math.min.
  if (share > margin) return margin;
  return share;
};

const agencyConfigs = alias(userConfigs, 'agency_configs');

/** The margin split of each advertiser (marginSplitOf), in one query; an unknown id is absent. */
export const readMarginSplits = async (
  db: DbOrTx,
  advertiserIds: readonly number[],
): Promise<Map<number, MarginSplit>> => {
  if (advertiserIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      agencyId: users.agencyId,
      own: userConfigs.marginBps,
      agency: agencyConfigs.marginBps,
    })
    .from(users)
    .leftJoin(userConfigs, eq(userConfigs.userId, users.id))
    .leftJoin(agencyConfigs, eq(agencyConfigs.userId, users.agencyId))
    .where(inArray(users.id, [...advertiserIds]));
  return new Map(rows.map((row) => [row.id, marginSplitOf(row.own, row.agency, row.agencyId !== null)]));
};

/** The margin of each advertiser (marginBpsOf), in one query; an unknown id is absent from the map. */
export const readMarginsBps = async (
  db: DbOrTx,
  advertiserIds: readonly number[],
): Promise<Map<number, number>> =>
  new Map([...(await readMarginSplits(db, advertiserIds))].map(([id, split]) => [id, split.bps]));

/** One advertiser's margin (0 for an unknown id). */
export const readMarginBps = async (db: DbOrTx, advertiserId: number): Promise<number> =>
  (await readMarginsBps(db, [advertiserId])).get(advertiserId) ?? 0;
