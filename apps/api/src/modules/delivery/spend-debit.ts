// THE one place delivery spend reaches the money ledger.
//
// A part of the statement that records billed impressions' BILLING events: the debits are the
// events that statement newly inserted (its `fresh` rows), so the event's unique key makes the debit
// exactly-once, and event and debit commit or roll back together (one statement: one transaction).
// One spend transfer per billed impression, posted by the ledger's spendCtesOf (all of a batch's in
// the same statement), with the reference `imp:<exchange>:<auction>:<imp>` that makes it idempotent
// a second time over, and both costs kept on it (media cost to the platform's MEDIA account, the
// margin to its MARGIN account). A debit may take the balance below zero: the exchange served the
// impression already (the bidder's funds gate, counting pending wins, keeps that to the impressions
// in flight).
import { type SQL, sql } from 'drizzle-orm';
import { spendCtesOf } from '../ledger/index.ts';

/** An impression's spend reference (billedSpendCtesOf writes the same in SQL). */
export const spendReferenceOf = (debit: { exchangeId: number; auctionId: string; impId: string }) =>
  `imp:${debit.exchangeId}:${debit.auctionId}:${debit.impId}`;

/**
 * The CTEs that debit the new BILLING rows of the relation `fresh` (delivery_events rows): the
 * advertiser's cost (never below the media cost) from the advertiser, the media cost and the margin
 * to the platform.
 */
export const billedSpendCtesOf = (fresh: SQL): SQL =>
  spendCtesOf(sql`(
    select f.advertiser_id, f.campaign_id, f.media_cost_micros as media,
      greatest(f.advertiser_cost_micros, f.media_cost_micros) as advertiser, f.occurred_at,
      'imp:' || f.exchange_id || ':' || f.auction_id || ':' || f.imp_id as reference
    from ${fresh} f
    where f.type = 'BILLING' and f.advertiser_cost_micros > 0)`);
