// Hourly rollups of the raw delivery events. Kept current incrementally (the recorder adds the
// deltas of each batch it inserts, in the same transaction) and rebuilt from the raw events by
// `npm run rollups:rebuild` (rebuildRollups), which must give the same numbers.
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type DeliveryEventType, deliveryHourly } from '../../db/schema/delivery.ts';

/** The dimensions of a rollup row (the advertiser rides along for the tenancy filter). */
type RollupDimensions = {
  campaignId: number;
  creativeId: number;
  advertiserId: number;
  exchangeId: number;
  country: string;
  os: string;
  deviceType: string;
  trafficType: string;
};

export type RollupDelta = RollupDimensions & {
  hour: Date;
  bids: number;
  wins: number;
  impressions: number;
  clicks: number;
  conversions: number;
  mediaCostMicros: number;
  advertiserCostMicros: number;
};

/** Which counter an event type adds to (other types are raw-only). */
const COUNTER_OF: Partial<
  Record<DeliveryEventType, 'bids' | 'wins' | 'impressions' | 'clicks' | 'conversions'>
> = {
  BID: 'bids',
  WIN: 'wins',
  IMPRESSION: 'impressions',
  CLICK: 'clicks',
  CONVERSION: 'conversions',
};

export type RollupSource = RollupDimensions & {
  type: DeliveryEventType;
  occurredAt: Date;
  mediaCostMicros: number;
  advertiserCostMicros: number;
};

const HOUR_MS = 3_600_000;

/** Sums events into one delta per rollup row, ordered by key (so concurrent writers lock rows in one order). */
export const aggregateDeltas = (events: readonly RollupSource[]): RollupDelta[] => {
  const deltas = new Map<string, RollupDelta>();
  for (const event of events) {
    const counter = COUNTER_OF[event.type];
    if (!counter && event.type !== 'BILLING') continue;
    const hour = new Date(Math.floor(event.occurredAt.getTime() / HOUR_MS) * HOUR_MS);
    const key = [
      hour.getTime(),
      event.campaignId,
      event.creativeId,
      event.exchangeId,
      event.country,
      event.os,
      event.deviceType,
      event.trafficType,
    ].join('|');
    let delta = deltas.get(key);
    if (!delta) {
      delta = {
        hour,
        campaignId: event.campaignId,
        creativeId: event.creativeId,
        advertiserId: event.advertiserId,
        exchangeId: event.exchangeId,
        country: event.country,
        os: event.os,
        deviceType: event.deviceType,
        trafficType: event.trafficType,
        bids: 0,
        wins: 0,
        impressions: 0,
        clicks: 0,
        conversions: 0,
        mediaCostMicros: 0,
        advertiserCostMicros: 0,
      };
      deltas.set(key, delta);
    }
    if (counter) delta[counter] += 1;
    delta.mediaCostMicros += event.mediaCostMicros;
    delta.advertiserCostMicros += event.advertiserCostMicros;
  }
  return [...deltas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, delta]) => delta);
};

const added = (column: string) => sql.raw(`delivery_hourly."${column}" + excluded."${column}"`);

export const applyRollupDeltas = async (tx: Tx, deltas: readonly RollupDelta[]): Promise<void> => {
  if (deltas.length === 0) return;
  await tx
    .insert(deliveryHourly)
    .values([...deltas])
    .onConflictDoUpdate({
      target: [
        deliveryHourly.hour,
        deliveryHourly.campaignId,
        deliveryHourly.creativeId,
        deliveryHourly.exchangeId,
        deliveryHourly.country,
        deliveryHourly.os,
        deliveryHourly.deviceType,
        deliveryHourly.trafficType,
      ],
      set: {
        bids: added('bids'),
        wins: added('wins'),
        impressions: added('impressions'),
        clicks: added('clicks'),
        conversions: added('conversions'),
        mediaCostMicros: added('media_cost_micros'),
        advertiserCostMicros: added('advertiser_cost_micros'),
      },
    });
};

/**
 * Rebuilds the rollups of [from, to) (whole hours; default: everything) from the raw events, in one
 * transaction. Answers the number of rollup rows written.
 */
export const rebuildRollups = async (db: DbOrTx, range: { from?: Date; to?: Date } = {}): Promise<number> => {
  const from = range.from ?? new Date(0);
  const to = range.to ?? new Date('9999-01-01T00:00:00Z');
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from delivery_hourly where hour >= ${from.toISOString()} and hour < ${to.toISOString()}`,
    );
    const result = await tx.execute(sql`
      insert into delivery_hourly (hour, campaign_id, creative_id, advertiser_id, exchange_id, country, os,
        device_type, traffic_type, bids, wins, impressions, clicks, conversions, media_cost_micros,
        advertiser_cost_micros)
      select date_trunc('hour', occurred_at), campaign_id, creative_id, min(advertiser_id), exchange_id,
        country, os, device_type, traffic_type,
        count(*) filter (where type = 'BID'),
        count(*) filter (where type = 'WIN'),
        count(*) filter (where type = 'IMPRESSION'),
        count(*) filter (where type = 'CLICK'),
        count(*) filter (where type = 'CONVERSION'),
        coalesce(sum(media_cost_micros), 0),
        coalesce(sum(advertiser_cost_micros), 0)
      from delivery_events
      where occurred_at >= ${from.toISOString()} and occurred_at < ${to.toISOString()}
        and type in ('BID', 'WIN', 'IMPRESSION', 'CLICK', 'CONVERSION', 'BILLING')
      group by 1, campaign_id, creative_id, exchange_id, country, os, device_type, traffic_type
    `);
    return (
      (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as unknown as { affectedRows?: number }).affectedRows ??
      0
    );
  });
};
