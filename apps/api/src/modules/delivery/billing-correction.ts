// A billed impression repriced by a notice of higher rank (notice-price.ts): the beacon or a notice
// without a price billed the bid, then the win notice brings the clearing price; or the win notice
// billed its price, then the billing notice brings another. The impression keeps its first BILLING
// row; the change is a row of its own (detail 'win' or 'bill', once each by the events' unique key)
// carrying the difference of the costs, so the rollups (sums of BILLING rows) follow, and in the
// ledger the same difference is posted as a spend of its own (recordSpendDifference: impressions are
// debited in sums, spend-debit.ts), in one transaction. The BILLING rows of the impression are
// locked first, so two notices correcting it at once queue.
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { deliveryEvents } from '../../db/schema/delivery.ts';
import { recordSpendDifference } from '../ledger/index.ts';
import { type DeliveryEvent, eventRow, insertEventRows } from './event-recorder.ts';
import { CORRECTION_DETAIL, type PriceSource } from './notice-price.ts';
import { spendReferenceOf } from './spend-debit.ts';

type Billed = { source: number; mediaMicros: number; advertiserMicros: number; agencyMarginMicros?: number };

const readBilled = async (db: DbOrTx, billing: DeliveryEvent, lock: boolean): Promise<Billed | null> => {
  const query = db
    .select({
      source: deliveryEvents.priceSource,
      media: deliveryEvents.mediaCostMicros,
      advertiser: deliveryEvents.advertiserCostMicros,
      agencyMargin: deliveryEvents.agencyMarginMicros,
    })
    .from(deliveryEvents)
    .where(
      and(
        eq(deliveryEvents.day, billing.day),
        eq(deliveryEvents.type, 'BILLING'),
        eq(deliveryEvents.exchangeId, billing.exchangeId),
        eq(deliveryEvents.auctionId, billing.auctionId),
        eq(deliveryEvents.impId, billing.impId),
      ),
    );
  const rows = lock ? await query.for('update') : await query;
  if (rows.length === 0) return null;
  return {
    source: Math.max(...rows.map((row) => row.source)),
    mediaMicros: rows.reduce((sum, row) => sum + row.media, 0),
    advertiserMicros: rows.reduce((sum, row) => sum + row.advertiser, 0),
    agencyMarginMicros: rows.reduce((sum, row) => sum + row.agencyMargin, 0),
  };
};

/** What the notice changes, or null when its price does not outrank the billed one (or equals it). */
const changeOf = (billed: Billed | null, billing: DeliveryEvent, source: PriceSource) =>
  billed
    ? changeOfPrice(billed, {
        source,
        mediaMicros: billing.mediaCostMicros ?? 0,
        advertiserMicros: billing.advertiserCostMicros ?? 0,
        agencyMarginMicros: billing.agencyMarginMicros ?? 0,
      })
    : null;

/** Whether a notice's price (its rank and costs) would reprice what was billed. */
export const repricesBilled = (billed: Billed, notice: Billed) => changeOfPrice(billed, notice) !== null;

const changeOfPrice = (billed: Billed, notice: Billed) => {
  if (notice.source <= billed.source) return null;
  const media = notice.mediaMicros - billed.mediaMicros;
  const advertiser = notice.advertiserMicros - billed.advertiserMicros;
  const agencyMargin = (notice.agencyMarginMicros ?? 0) - (billed.agencyMarginMicros ?? 0);
  // The same price from a higher rank only matters over an unpriced billing: it fixes the price
  // against a later notice of a lower rank.
  if (media === 0 && advertiser === 0 && billed.source > 0) return null;
  return { media, advertiser, agencyMargin };
};

/**
 * Reprices a billed impression with the BILLING event this notice would have recorded (its costs
 * and price source). Answers the change of the advertiser's cost (0 when nothing changed).
 */
export const correctBilledPrice = async (db: Db, billing: DeliveryEvent): Promise<number> => {
  const source = (billing.priceSource ?? 0) as PriceSource;
  if (source === 0 || !changeOf(await readBilled(db, billing, false), billing, source)) return 0;
  return db.transaction(async (tx) => {
    const billed = await readBilled(tx, billing, true);
    const change = changeOf(billed, billing, source);
    if (!change) return 0;
    const detail = CORRECTION_DETAIL[source as Exclude<PriceSource, 0>];
    const row = {
      ...billing,
      detail,
      mediaCostMicros: change.media,
      advertiserCostMicros: change.advertiser,
      agencyMarginMicros: change.agencyMargin,
    };
    const inserted = await insertEventRows(tx, JSON.stringify([eventRow(row)]), 'direct');
    if (inserted.length === 0) return 0;
    await recordSpendDifference(tx, {
      advertiserId: billing.advertiserId,
      campaignId: billing.campaignId,
      mediaCostMicros: BigInt(change.media),
      advertiserCostMicros: BigInt(change.advertiser),
      agencyMarginMicros: BigInt(change.agencyMargin),
      occurredAt: billing.occurredAt,
      reference: `${spendReferenceOf(billing)}:${detail}`,
    });
    return change.advertiser;
  });
};
