// Spend: the one function the delivery side (the bidder's billing of impressions) calls to debit an
// advertiser. The margin on top of media cost is margin.ts's rule, the bidder's too.
import type { Tx } from '../../db/client.ts';
import { ensureUserAccount, findPlatformAccount } from './ledger-accounts.ts';
import { advertiserCostOf, readMarginBps } from './margin.ts';
import { type PostedTransfer, postTransferInTx, type TransferLeg } from './post-transfer.ts';

export type SpendInput = {
  advertiserId: number;
  campaignId?: number | null;
  /** What the exchanges charged, in micro-units. */
  mediaCostMicros: bigint;
  /** Media cost + margin; computed from the margins (readMarginBps) when absent. */
  advertiserCostMicros?: bigint;
  /** When the impressions were served (e.g. the start of the hour the batch covers). */
  occurredAt: Date;
  /**
   * What makes this debit unique, e.g. `<advertiser>:<campaign>:2026-05-01T13` for an hourly batch or
   * an impression id. The same reference twice debits once (the second call answers the first).
   */
  reference: string;
};

export type RecordedSpend = PostedTransfer & { advertiserCostMicros: bigint; mediaCostMicros: bigint };

/**
 * Debits an advertiser for delivered media, exactly once per reference, inside the caller's
 * transaction: the advertiser's account goes down by the advertiser cost, the platform's MEDIA
 * account up by the media cost and its MARGIN account by the difference. Both costs are kept on the
 * transfer. Spend is for impressions already served, so it may take the balance below zero; the
 * bidder stops bidding for an advertiser whose balance (readBalances) is not above zero.
 *
 * Call it with a transaction (`db.transaction((tx) => recordSpend(tx, ...))`); the balance change
 * and the low-balance alert become real when that transaction commits.
 */
export const recordSpend = async (tx: Tx, input: SpendInput): Promise<RecordedSpend> => {
  const media = input.mediaCostMicros;
  if (media < 0n) throw new Error('recordSpend: the media cost cannot be negative');
  if (!input.reference)
    throw new Error('recordSpend: a reference is required (it makes the debit idempotent)');
  const advertiserCost =
    input.advertiserCostMicros ?? advertiserCostOf(media, await readMarginBps(tx, input.advertiserId));
  if (advertiserCost < media) throw new Error('recordSpend: the advertiser cost is below the media cost');
  if (advertiserCost === 0n) throw new Error('recordSpend: nothing to debit');
  const advertiser = await ensureUserAccount(tx, input.advertiserId);
  const legs: TransferLeg[] = [
    { accountId: advertiser.id, amountMicros: -advertiserCost, mayGoNegative: true },
  ];
  if (media > 0n) legs.push({ accountId: (await findPlatformAccount(tx, 'MEDIA')).id, amountMicros: media });
  const margin = advertiserCost - media;
  if (margin > 0n)
    legs.push({ accountId: (await findPlatformAccount(tx, 'MARGIN')).id, amountMicros: margin });
  const posted = await postTransferInTx(tx, {
    kind: 'SPEND',
    reference: input.reference,
    dedupeKey: `spend:${input.reference}`,
    campaignId: input.campaignId ?? null,
    mediaCostMicros: media,
    advertiserCostMicros: advertiserCost,
    occurredAt: input.occurredAt,
    createdBy: null,
    onBehalfOf: null,
    legs,
  });
  return {
    ...posted,
    mediaCostMicros: posted.transfer.mediaCostMicros ?? media,
    advertiserCostMicros: posted.transfer.advertiserCostMicros ?? advertiserCost,
  };
};
