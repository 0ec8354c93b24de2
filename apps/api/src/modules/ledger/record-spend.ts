// Spend: the one function the delivery side (the bidder's billing of impressions) calls to debit an
// advertiser. The margin on top of media cost is margin.ts's rule, the bidder's too.
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
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
  /**
   * When the impressions were served (e.g. the start of the hour the batch covers): the statement
   * and the history count the spend then, as the dashboards do, whenever it is booked.
   */
  occurredAt: Date;
  /** History written after the fact (the demo seed): when it is to read as booked. */
  bookedAt?: Date;
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
    ...(input.bookedAt ? { bookedAt: input.bookedAt } : {}),
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

/** A debit with its costs known (the bidder's, the demo's hours, a repricing's difference). */
type SpendItem = Required<Pick<SpendInput, 'advertiserCostMicros'>> &
  Omit<SpendInput, 'advertiserCostMicros'>;

/**
 * The statement parts that post many spends at once, for a statement that names its debits as the
 * relation `source` (columns advertiser_id, campaign_id, media, advertiser, occurred_at, reference,
 * and booked_at, null for now: what recordSpend takes, one row per debit, media <= advertiser,
 * advertiser > 0; or a repricing's difference, signed, recordSpendDifference): the CTEs
 * `spend_transfers` (the SPEND transfers new to the ledger: a reference already debited, or named
 * twice, is skipped) and `spend_entries` (their legs). The same transfers, legs and dedupe keys as
 * recordSpend, in one statement and one round trip whatever their number (the bidder's money lane
 * once took eight round trips an impression, then six a batch):
 * - the transfers go in the order of their dedupe keys, so two statements sharing some wait for
 *   each other in one order;
 * - the entries go in one insert, every advertiser leg first (in account order), then the platform's
 *   (MEDIA, MARGIN, in account order), as every transfer locks them; the entry trigger applies
 *   each to its account's balance under that row's lock, numbers it, and marks a low-balance alert
 *   due on a threshold crossed (migration 0028).
 * Every advertiser named must hold an account already (ensureAccounts): a leg without one leaves its
 * transfer unbalanced, and the ledger's check at commit refuses the whole statement.
 */
export const spendCtesOf = (source: SQL): SQL => sql`
  spend_debits as (select distinct on (reference) * from ${source} as debit order by reference),
  spend_transfers as (
    insert into ledger_transfers (kind, reference, dedupe_key, campaign_id, media_cost_micros,
      advertiser_cost_micros, occurred_at, created_at)
    select 'SPEND', d.reference, 'spend:' || d.reference, d.campaign_id, d.media, d.advertiser, d.occurred_at,
      coalesce(d.booked_at, now())
    from spend_debits d
    order by d.reference
    on conflict (dedupe_key) do nothing
    returning id, reference, media_cost_micros, advertiser_cost_micros, occurred_at, created_at
  ),
  spend_legs as (
    select t.id as transfer_id, a.id as account_id, -t.advertiser_cost_micros as amount,
      false as platform, t.occurred_at, t.created_at
    from spend_transfers t
    join spend_debits d on d.reference = t.reference
    join ledger_accounts a on a.user_id = d.advertiser_id
    where t.advertiser_cost_micros <> 0
    union all
    select t.id, a.id, t.media_cost_micros, true, t.occurred_at, t.created_at
    from spend_transfers t join ledger_accounts a on a.code = 'MEDIA'
    where t.media_cost_micros <> 0
    union all
    select t.id, a.id, t.advertiser_cost_micros - t.media_cost_micros, true, t.occurred_at, t.created_at
    from spend_transfers t join ledger_accounts a on a.code = 'MARGIN'
    where t.advertiser_cost_micros <> t.media_cost_micros
  ),
  spend_entries as (
    insert into ledger_entries (transfer_id, account_id, account_seq, amount_micros, balance_after_micros,
      effective_at, created_at)
    select transfer_id, account_id, null, amount, null, occurred_at, created_at
    from spend_legs
    order by platform, account_id, transfer_id
    returning account_id
  )`;

/**
 * Makes sure each advertiser holds a ledger account before spendCtesOf names it; `known` remembers
 * the ones checked (accounts are never removed), so a running bidder asks once per advertiser.
 */
export const ensureAccounts = async (db: DbOrTx, advertiserIds: Iterable<number>, known: Set<number>) => {
  for (const advertiserId of advertiserIds) {
    if (known.has(advertiserId)) continue;
    await ensureUserAccount(db, advertiserId);
    known.add(advertiserId);
  }
};

/** Posts spend rows in one statement (spendCtesOf); answers how many were new. */
const postSpendRows = async (db: DbOrTx, items: readonly SpendItem[]): Promise<number> => {
  if (items.length === 0) return 0;
  await ensureAccounts(db, new Set(items.map((item) => item.advertiserId)), new Set());
  const debits = items.map((item) => ({
    advertiser_id: item.advertiserId,
    campaign_id: item.campaignId ?? null,
    media: String(item.mediaCostMicros),
    advertiser: String(item.advertiserCostMicros),
    occurred_at: item.occurredAt.toISOString(),
    booked_at: item.bookedAt?.toISOString() ?? null,
    reference: item.reference,
  }));
  const [row] = await rowsOf<{ fresh: number }>(
    db,
    sql`with ${spendCtesOf(sql`(select * from json_to_recordset(${JSON.stringify(debits)}::json) as d(
      advertiser_id bigint, campaign_id bigint, media bigint, advertiser bigint, occurred_at timestamptz,
      booked_at timestamptz, reference text))`)}
    select count(*)::int as fresh from spend_transfers`,
  );
  return row!.fresh;
};

/**
 * Many spends in one statement (spendCtesOf), for a caller holding the debits as values. Answers how
 * many spends were new.
 */
export const recordSpends = async (db: DbOrTx, items: readonly SpendItem[]): Promise<number> => {
  for (const item of items) {
    if (!item.reference) throw new Error('recordSpends: a reference is required');
    if (item.mediaCostMicros < 0n || item.advertiserCostMicros < item.mediaCostMicros)
      throw new Error('recordSpends: the costs are not media <= advertiser');
    if (item.advertiserCostMicros === 0n) throw new Error('recordSpends: nothing to debit');
  }
  return postSpendRows(db, items);
};

/**
 * A repriced impression's spend: the difference of its costs, as a SPEND transfer of signed amounts
 * (a lower price gives the advertiser the difference back, and takes it from MEDIA and MARGIN), once
 * per reference. Impressions are debited in sums (spend-debit.ts), so there is no transfer of one
 * impression to reverse. Answers whether it was new.
 */
export const recordSpendDifference = async (db: DbOrTx, item: SpendItem): Promise<boolean> => {
  if (!item.reference) throw new Error('recordSpendDifference: a reference is required');
  if (item.mediaCostMicros === 0n && item.advertiserCostMicros === 0n) return false;
  return (await postSpendRows(db, [item])) === 1;
};
