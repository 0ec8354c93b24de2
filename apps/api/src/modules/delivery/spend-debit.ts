// THE one place delivery spend reaches the money ledger.
//
// A part of the statement that records billed impressions' BILLING events: the debits are the
// events that statement newly inserted (its `fresh` rows), so the event's unique key makes the debit
// exactly-once, and event and debit commit or roll back together (one statement: one transaction).
// The ledger gets one spend transfer per advertiser and minute of delivery in a batch, not one per
// impression: the impressions' own costs are on their BILLING events (and so in the rollups and
// reports, by campaign), and the transfer carries their sums, media cost to the platform's MEDIA
// account, the agency's part of the margin (agency_margin_micros) to the advertiser's agency and the
// rest of the margin to the platform's MARGIN account, and the campaign when all of them are one
// campaign's.
// Posted one by one, an impression's transfer, three entries, three balance updates and four checks
// at commit were 70% of the database's work per notice (bench); a transfer per campaign gave little
// back where a batch's impressions spread over many campaigns (the bench's 1,000: 4,604 transfers
// for 5,000 impressions). The minute keeps every spend dated by delivery in any time zone's day and
// month. The reference `imps:<first impression>:<count>` is unique: an impression's BILLING row is
// new exactly once.
// A debit may take the balance below zero: the exchange served the impressions already (the
// bidder's funds gate, counting pending wins, keeps that to the impressions in flight).
import { type SQL, sql } from 'drizzle-orm';
import { spendCtesOf } from '../ledger/index.ts';

/** An impression's key in spend references: a repricing's is `<key>:<detail>` (billing-correction.ts). */
export const spendReferenceOf = (debit: { exchangeId: number; auctionId: string; impId: string }) =>
  `imp:${debit.exchangeId}:${debit.auctionId}:${debit.impId}`;

/**
 * The CTEs that debit the new BILLING rows of the relation `fresh` (delivery_events rows), summed by
 * advertiser and minute: the advertiser's cost (never below the media cost) from the advertiser, the
 * media cost to the platform, the agency's part of the margin (each row's, held within its margin) to
 * the agency and the rest of the margin to the platform.
 */
export const billedSpendCtesOf = (fresh: SQL): SQL =>
  spendCtesOf(sql`(
    select f.advertiser_id,
      case when min(f.campaign_id) = max(f.campaign_id) then min(f.campaign_id) end as campaign_id,
      sum(f.media_cost_micros) as media,
      sum(greatest(f.advertiser_cost_micros, f.media_cost_micros)) as advertiser,
      sum(least(greatest(f.agency_margin_micros, 0),
        greatest(f.advertiser_cost_micros, f.media_cost_micros) - f.media_cost_micros)) as agency_margin,
      min(f.occurred_at) as occurred_at, null::timestamptz as booked_at,
      'imps:' || min('imp:' || f.exchange_id || ':' || f.auction_id || ':' || f.imp_id) || ':' || count(*)
        as reference
    from ${fresh} f
    where f.type = 'BILLING' and f.advertiser_cost_micros > 0
    group by f.advertiser_id, date_trunc('minute', f.occurred_at))`);
