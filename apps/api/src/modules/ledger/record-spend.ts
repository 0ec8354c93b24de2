// Spend: the one function the delivery side (the bidder's billing of impressions) calls to debit an
// advertiser. The margin on top of media cost is margin.ts's rule, the bidder's too.
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { users } from '../../db/schema/users.ts';
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
   * The agency's part of the margin (delivery_events.agency_margin_micros, summed), credited to the
   * advertiser's agency's account; the rest of the margin goes to the platform's MARGIN account.
   * 0 when absent, and for a direct advertiser (whose margin is all the platform's).
   */
  agencyMarginMicros?: bigint;
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
 * account up by the media cost, the agency's account by its part of the margin (agencyMarginMicros,
 * an agency's advertiser only) and the platform's MARGIN account by the rest. Both costs are kept on the
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
  const agencyId = await agencyOf(tx, input.advertiserId);
  const agencyPart = agencyId === null ? 0n : (input.agencyMarginMicros ?? 0n);
  if (agencyPart < 0n || agencyPart > advertiserCost - media)
    throw new Error("recordSpend: the agency's part is not within the margin");
  if (agencyId !== null && agencyPart > 0n)
    legs.push({ accountId: (await ensureUserAccount(tx, agencyId)).id, amountMicros: agencyPart });
  const margin = advertiserCost - media - agencyPart;
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

/** The advertiser's agency (null: a direct advertiser, or no such user). */
const agencyOf = async (db: DbOrTx, advertiserId: number): Promise<number | null> => {
  const [row] = await db
    .select({ agencyId: users.agencyId })
    .from(users)
    .where(eq(users.id, advertiserId))
    .limit(1);
  return row?.agencyId ?? null;
};

/** A debit with its costs known (the bidder's, the demo's hours, a repricing's difference). */
type SpendItem = Required<Pick<SpendInput, 'advertiserCostMicros'>> &
  Omit<SpendInput, 'advertiserCostMicros'>;

/**
 * The statement parts that post many spends at once, for a statement that names its debits as the
 * relation `source` (columns advertiser_id, campaign_id, media, advertiser, agency_margin,
 * occurred_at, reference, and booked_at, null for now: what recordSpend takes, one row per debit,
 * media <= advertiser, 0 <= agency_margin <= advertiser - media, advertiser > 0; or a repricing's
 * difference, signed, recordSpendDifference): the CTEs
 * `spend_transfers` (the SPEND transfers new to the ledger: a reference already debited, or named
 * twice, is skipped) and `spend_entries` (their legs). The same transfers, legs and dedupe keys as
 * recordSpend, in one statement and one round trip whatever their number (the bidder's money lane
 * once took eight round trips an impression, then six a batch):
 * - the transfers go in the order of their dedupe keys, so two statements sharing some wait for
 *   each other in one order;
 * - the agency's part of the margin goes to the advertiser's agency's account (users.agency_id, read
 *   here, so a debit follows the advertiser's agency of the moment it is posted), the rest of the
 *   margin to MARGIN; an advertiser without an agency, or whose agency holds no account yet (never
 *   so after ensureAccounts), leaves it all to MARGIN, so a transfer always balances;
 * - the entries go in one insert, every agency's and advertiser's leg first (in account order), then
 *   the platform's (MEDIA, MARGIN, in account order), as every transfer locks them; the entry trigger applies
 *   each to its account's balance under that row's lock, numbers it, and marks a low-balance alert
 *   due on a threshold crossed (migration 0028).
 * Every advertiser named must hold an account already (ensureAccounts): a leg without one leaves its
 * transfer unbalanced, and the ledger's check at commit refuses the whole statement.
 */
export const spendCtesOf = (source: SQL): SQL => sql`
  spend_debits as (
    select distinct on (debit.reference) debit.*, agency.id as agency_account_id,
      case when agency.id is null then 0 else coalesce(debit.agency_margin, 0) end as agency_part
    from ${source} as debit
      left join users u on u.id = debit.advertiser_id
      left join ledger_accounts agency on agency.user_id = u.agency_id
    order by debit.reference),
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
    select t.id, d.agency_account_id, d.agency_part, false, t.occurred_at, t.created_at
    from spend_transfers t join spend_debits d on d.reference = t.reference
    where d.agency_part <> 0
    union all
    select t.id, a.id, t.media_cost_micros, true, t.occurred_at, t.created_at
    from spend_transfers t join ledger_accounts a on a.code = 'MEDIA'
    where t.media_cost_micros <> 0
    union all
    select t.id, a.id, t.advertiser_cost_micros - t.media_cost_micros - d.agency_part, true, t.occurred_at,
      t.created_at
    from spend_transfers t
    join spend_debits d on d.reference = t.reference
    join ledger_accounts a on a.code = 'MARGIN'
    where t.advertiser_cost_micros - t.media_cost_micros - d.agency_part <> 0
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
 * Makes sure each advertiser, and its agency, holds a ledger account before spendCtesOf names it;
 * `known` remembers the advertisers checked (accounts are never removed), so a running bidder asks
 * once per advertiser.
 */
export const ensureAccounts = async (db: DbOrTx, advertiserIds: Iterable<number>, known: Set<number>) => {
  for (const advertiserId of advertiserIds) {
    if (known.has(advertiserId)) continue;
    await ensureUserAccount(db, advertiserId);
    const agencyId = await agencyOf(db, advertiserId);
    if (agencyId !== null) await ensureUserAccount(db, agencyId);
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
    agency_margin: String(item.agencyMarginMicros ?? 0n),
    occurred_at: item.occurredAt.toISOString(),
    booked_at: item.bookedAt?.toISOString() ?? null,
    reference: item.reference,
  }));
  const [row] = await rowsOf<{ fresh: number }>(
    db,
    sql`with ${spendCtesOf(sql`(select * from json_to_recordset(${JSON.stringify(debits)}::json) as d(
      advertiser_id bigint, campaign_id bigint, media bigint, advertiser bigint, agency_margin bigint,
      occurred_at timestamptz,
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
    const agency = item.agencyMarginMicros ?? 0n;
    if (agency < 0n || agency > item.advertiserCostMicros - item.mediaCostMicros)
      throw new Error("recordSpends: the agency's part is not within the margin");
    if (item.advertiserCostMicros === 0n) throw new Error('recordSpends: nothing to debit');
  }
  return postSpendRows(db, items);
};

/**
 * A repriced impression's spend: the difference of its costs and of the agency's part, as a SPEND
 * transfer of signed amounts (a lower price gives the advertiser the difference back, and takes it
 * from MEDIA, the agency and MARGIN), once
 * per reference. Impressions are debited in sums (spend-debit.ts), so there is no transfer of one
 * impression to reverse. Answers whether it was new.
 */
export const recordSpendDifference = async (db: DbOrTx, item: SpendItem): Promise<boolean> => {
  if (!item.reference) throw new Error('recordSpendDifference: a reference is required');
  if (item.mediaCostMicros === 0n && item.advertiserCostMicros === 0n && !item.agencyMarginMicros)
    return false;
  return (await postSpendRows(db, [item])) === 1;
};
