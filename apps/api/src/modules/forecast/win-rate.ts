// The observed win rate by bid price: BID and WIN events of the last 7 days (delivery_events),
// counted by bid CPM bucket, each bucket's rate a Beta posterior around a prior curve so that thin
// data gives a wide range near the prior and plenty of data a narrow one near what was seen. A
// campaign's own bids and wins in its bucket then move that pooled rate towards its own (the pooled
// rate is the prior): the same price wins more on some exchanges and audiences than others. Also the
// observed clearing price as a share of the bid (second-price auctions and shading pay less).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { firstKeptDay } from '../bidding/index.ts';

/** Upper edges of the bid CPM buckets, micro-units ($0.50, $1, ... $25; the last bucket is open). */
export const BUCKET_EDGES_MICROS = [
  500_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 4_000_000, 6_000_000, 8_000_000, 12_000_000,
  16_000_000, 25_000_000,
] as const;

/** Prior win rate at a CPM: half the auctions at the market's typical $2.50, more above, fewer below. */
export const PRIOR_MARKET_CPM_MICROS = 2_500_000;
/** How many auctions the prior weighs as. */
export const PRIOR_STRENGTH = 20;
/** The range is the posterior mean +- this many standard deviations (about 90%). */
export const RANGE_Z = 1.645;

export const priorWinRate = (bidMicros: number) => bidMicros / (bidMicros + PRIOR_MARKET_CPM_MICROS);

/** The bucket of a bid (0 .. edges.length): the first edge the bid is below. */
export const bucketOf = (bidMicros: number) => {
  const index = BUCKET_EDGES_MICROS.findIndex((edge) => bidMicros < edge);
  return index === -1 ? BUCKET_EDGES_MICROS.length : index;
};

type BucketCounts = { bids: number; wins: number };

export type WinData = {
  /** Per bucket: bids and wins seen. */
  buckets: BucketCounts[];
  /** Per campaign, per bucket: its own bids and wins (absent: none seen). */
  byCampaign?: ReadonlyMap<number, BucketCounts[]>;
  /** Media cost / (bid CPM / 1000) of billed wins; 1 (first price) without data. */
  clearingRatio: number;
  totalBids: number;
};

export type RateRange = { low: number; expected: number; high: number };

/** Beta(wins + k p0, losses + k (1 - p0)): its mean +- RANGE_Z sd. */
const posterior = ({ bids, wins }: BucketCounts, prior: number): RateRange => {
  const alpha = Math.min(wins, bids) + PRIOR_STRENGTH * prior;
  const beta = Math.max(0, bids - wins) + PRIOR_STRENGTH * (1 - prior);
  const n = alpha + beta;
  const mean = alpha / n;
  const sd = Math.sqrt((alpha * beta) / (n * n * (n + 1)));
  return {
    low: Math.max(0, mean - RANGE_Z * sd),
    expected: mean,
    high: Math.min(1, mean + RANGE_Z * sd),
  };
};

const NONE: BucketCounts = { bids: 0, wins: 0 };

/**
 * The win rate at a bid price: the bucket's pooled posterior around the prior curve; for a campaign
 * with bids of its own in the bucket, its own posterior around that pooled rate.
 */
export const winRateAt = (data: WinData, bidMicros: number, campaignId?: number): RateRange => {
  const bucket = bucketOf(bidMicros);
  const pooled = posterior(data.buckets[bucket] ?? NONE, priorWinRate(bidMicros));
  const own = campaignId === undefined ? undefined : data.byCampaign?.get(campaignId)?.[bucket];
  return own && own.bids > 0 ? posterior(own, pooled.expected) : pooled;
};

const CACHE_MS = 60_000;

export const readWinData = async (db: Db, nowMs: number): Promise<WinData> => {
  const edges = sql.raw(`'{${BUCKET_EDGES_MICROS.join(',')}}'::bigint[]`);
  const rows = await rowsOf<{ bucket: number; campaign_id: number; bids: string; wins: string }>(
    db,
    sql`
    select width_bucket(bid_micros, ${edges}) as bucket, campaign_id::int as campaign_id,
      count(*) filter (where type = 'BID')::text as bids,
      count(*) filter (where type = 'WIN')::text as wins
    from delivery_events
    where day >= ${firstKeptDay(nowMs)} and type in ('BID', 'WIN')
    group by 1, 2`,
  );
  const [cost] = await rowsOf<{ media: string | null; bids: string | null }>(
    db,
    sql`
    select sum(media_cost_micros)::text as media,
      sum(bid_micros) filter (where detail = '')::text as bids
    from delivery_events
    where day >= ${firstKeptDay(nowMs)} and type = 'BILLING' and bid_micros > 0`,
  );
  const emptyBuckets = () => [...BUCKET_EDGES_MICROS, 0].map(() => ({ bids: 0, wins: 0 }));
  const buckets = emptyBuckets();
  const byCampaign = new Map<number, BucketCounts[]>();
  let totalBids = 0;
  for (const row of rows) {
    const index = Number(row.bucket);
    if (!buckets[index]) continue;
    const own = byCampaign.get(row.campaign_id) ?? emptyBuckets();
    byCampaign.set(row.campaign_id, own);
    for (const counts of [buckets[index]!, own[index]!]) {
      counts.bids += Number(row.bids);
      counts.wins += Number(row.wins);
    }
    totalBids += Number(row.bids);
  }
  const media = Number(cost?.media ?? 0);
  const bidTotal = Number(cost?.bids ?? 0);
  const clearingRatio = bidTotal > 0 ? Math.min(1, (media * 1000) / bidTotal) : 1;
  return { buckets, byCampaign, clearingRatio, totalBids };
};

/** readWinData, kept a minute (the counts move slowly; a forecast must answer fast). */
export const createWinDataCache = (db: Db, now: () => number = Date.now) => {
  let cached: { atMs: number; data: Promise<WinData> } | null = null;
  return () => {
    const nowMs = now();
    if (!cached || nowMs - cached.atMs > CACHE_MS) {
      const data = readWinData(db, nowMs);
      cached = { atMs: nowMs, data };
      data.catch(() => {
        cached = null;
      });
    }
    return cached.data;
  };
};
