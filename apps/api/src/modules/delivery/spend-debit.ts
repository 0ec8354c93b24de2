// THE one place delivery spend reaches the money ledger.
//
// Called inside the transaction that records the billed impressions' BILLING events, and only for
// the events that transaction newly inserted: the event's unique key makes the debit exactly-once,
// and event and debit commit or roll back together. One spend transfer per billed impression, the
// batch's all posted at once (ledger/record-spend.ts recordSpends: a few statements per batch, not
// eight round trips per impression), with the reference `imp:<exchange>:<auction>:<imp>` that makes it
// idempotent a second time over, and both costs kept on it (media cost to the platform's MEDIA
// account, the margin to its MARGIN account). A debit may take the balance below zero: the exchange
// served the impression already (the bidder's funds gate, counting pending wins, keeps that to the
// impressions in flight).
import type { Tx } from '../../db/client.ts';
import { recordSpends } from '../ledger/index.ts';

export type SpendDebit = {
  advertiserId: number;
  /** What the exchange charged (clearing price / 1000), micro-units. */
  mediaCostMicros: number;
  /** The advertiser's cost (media cost with its margin), micro-units. */
  advertiserCostMicros: number;
  occurredAt: Date;
  exchangeId: number;
  auctionId: string;
  impId: string;
  campaignId: number;
};

export const spendReferenceOf = (debit: Pick<SpendDebit, 'exchangeId' | 'auctionId' | 'impId'>) =>
  `imp:${debit.exchangeId}:${debit.auctionId}:${debit.impId}`;

export const debitSpend = async (tx: Tx, debits: readonly SpendDebit[]): Promise<void> => {
  await recordSpends(
    tx,
    debits
      .filter((debit) => debit.advertiserCostMicros > 0)
      .map((debit) => ({
        advertiserId: debit.advertiserId,
        campaignId: debit.campaignId,
        mediaCostMicros: BigInt(debit.mediaCostMicros),
        advertiserCostMicros: BigInt(Math.max(debit.advertiserCostMicros, debit.mediaCostMicros)),
        occurredAt: debit.occurredAt,
        reference: spendReferenceOf(debit),
      })),
  );
};
