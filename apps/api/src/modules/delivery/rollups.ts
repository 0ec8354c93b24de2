// Hourly rollups of the raw delivery events. Kept current incrementally (the recorder's statement
// that inserts a batch adds that batch's rollup rows in the same statement) and rebuilt from the raw events by
// `npm run rollups:rebuild` (rebuildRollups), which must give the same numbers.
import { type SQL, sql } from 'drizzle-orm';
import { affectedRowsOf, type DbOrTx } from '../../db/client.ts';

const ROLLUP_COLUMNS = sql.raw(`hour, campaign_id, creative_id, advertiser_id, exchange_id, country, os,
  device_type, traffic_type, bids, wins, impressions, clicks, conversions, media_cost_micros,
  advertiser_cost_micros`);

/**
 * The rollup rows of a set of raw events (`source`: a table or a CTE with delivery_events' columns),
 * by UTC hour and in key order (so concurrent writers lock rows in one order). BILLING adds the
 * costs; other types than these are raw-only. The one definition the incremental path and the
 * rebuild share, so both give the same numbers.
 */
const rollupRowsOf = (source: SQL, where: SQL = sql`true`) => sql`
  select date_trunc('hour', occurred_at, 'UTC'), campaign_id, creative_id, min(advertiser_id), exchange_id,
    country, os, device_type, traffic_type,
    count(*) filter (where type = 'BID'),
    count(*) filter (where type = 'WIN'),
    count(*) filter (where type = 'IMPRESSION'),
    count(*) filter (where type = 'CLICK'),
    count(*) filter (where type = 'CONVERSION'),
    coalesce(sum(media_cost_micros), 0),
    coalesce(sum(advertiser_cost_micros), 0)
  from ${source}
  where ${where} and type in ('BID', 'WIN', 'IMPRESSION', 'CLICK', 'CONVERSION', 'BILLING')
  group by 1, campaign_id, creative_id, exchange_id, country, os, device_type, traffic_type
  order by 1, campaign_id, creative_id, exchange_id, country, os, device_type, traffic_type`;

const added = (column: string) => sql.raw(`"${column}" = delivery_hourly."${column}" + excluded."${column}"`);

/** Adding rows to existing rollup rows: the sums grow. */
const ADD_ON_CONFLICT = sql`
  on conflict (hour, campaign_id, creative_id, exchange_id, country, os, device_type, traffic_type)
  do update set ${sql.join(
    [
      'bids',
      'wins',
      'impressions',
      'clicks',
      'conversions',
      'media_cost_micros',
      'advertiser_cost_micros',
    ].map(added),
    sql`, `,
  )}`;

/** Adds the rollup rows of `source` (the events a statement just inserted) to the hourly rollups. */
export const addRollupsOf = (source: SQL) => sql`
  insert into delivery_hourly (${ROLLUP_COLUMNS})
  ${rollupRowsOf(source)}
  ${ADD_ON_CONFLICT}`;

/**
 * Appends the rollup rows of `source` to delivery_hourly_pending instead: no row of delivery_hourly
 * is locked, so batches of bids written side by side never wait on each other (foldPendingRollups
 * adds them within a second).
 */
export const appendPendingRollupsOf = (source: SQL) => sql`
  insert into delivery_hourly_pending (${ROLLUP_COLUMNS})
  ${rollupRowsOf(source)}`;

/**
 * Moves every pending rollup row into delivery_hourly, in one statement: rows another process folds
 * at the same time are deleted (and added) by one of them only. Answers the rows moved.
 */
export const foldPendingRollups = async (db: DbOrTx): Promise<number> => {
  const result = await db.execute(sql`
    with moved as (delete from delivery_hourly_pending returning *)
    insert into delivery_hourly (${ROLLUP_COLUMNS})
    select hour, campaign_id, creative_id, min(advertiser_id), exchange_id, country, os, device_type,
      traffic_type, sum(bids), sum(wins), sum(impressions), sum(clicks), sum(conversions),
      sum(media_cost_micros), sum(advertiser_cost_micros)
    from moved
    group by hour, campaign_id, creative_id, exchange_id, country, os, device_type, traffic_type
    order by hour, campaign_id, creative_id, exchange_id, country, os, device_type, traffic_type
    ${ADD_ON_CONFLICT}`);
  return affectedRowsOf(result);
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
    // Rows not folded yet are counted again from the raw events below.
    await tx.execute(
      sql`delete from delivery_hourly_pending where hour >= ${from.toISOString()} and hour < ${to.toISOString()}`,
    );
    const result = await tx.execute(sql`
      insert into delivery_hourly (${ROLLUP_COLUMNS})
      ${rollupRowsOf(
        sql`delivery_events`,
        sql`occurred_at >= ${from.toISOString()} and occurred_at < ${to.toISOString()}`,
      )}
    `);
    return affectedRowsOf(result);
  });
};
