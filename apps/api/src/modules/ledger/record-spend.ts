// Spend: the one function the delivery side (the bidder's billing of impressions) calls to debit an
// advertiser. The margin on top of media cost is margin.ts's rule, the bidder's too.
import { asc, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
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

/** One billed impression's debit, its costs known (the bidder's), for recordSpends. */
type SpendItem = Required<Pick<SpendInput, 'advertiserCostMicros'>> &
  Omit<SpendInput, 'advertiserCostMicros'>;

type RunningAccount = { id: number; balance: bigint; threshold: bigint | null; alertDue: boolean };

/**
 * Many spends in one go, inside the caller's transaction: what recordSpend does for each (the same
 * transfers, legs, dedupe keys, running balances and low-balance alerts), in a handful of statements
 * whatever their number. Recording the impressions a group commit billed one by one took eight
 * round trips each, on the one connection that may move delivery money, and held notices in line
 * behind it (bench: 100 notices a second, p99 56 s).
 * 1. the transfers, one statement, in the order of their dedupe keys (so two batches that share
 *    some wait for each other in one order); a reference already debited is skipped;
 * 2. the advertisers' accounts locked in id order (as postTransferInTx does), their balances read;
 * 3. the entries, one statement: every advertiser leg first (in account order, each with the
 *    balance after it computed under that lock, which the database's trigger checks), then the
 *    platform legs (MEDIA, MARGIN), whose rows only that insert locks, last, as every transfer does;
 * 4. a low-balance alert marked due on each account whose balance crossed its threshold.
 * Answers how many spends were new.
 */
export const recordSpends = async (tx: Tx, items: readonly SpendItem[]): Promise<number> => {
  for (const item of items) {
    if (!item.reference) throw new Error('recordSpends: a reference is required');
    if (item.mediaCostMicros < 0n || item.advertiserCostMicros < item.mediaCostMicros)
      throw new Error('recordSpends: the costs are not media <= advertiser');
    if (item.advertiserCostMicros === 0n) throw new Error('recordSpends: nothing to debit');
  }
  // One spend per reference: a repeat in the list is the same debit.
  const byReference = new Map(items.map((item) => [item.reference, item]));
  if (byReference.size === 0) return 0;
  // The advertisers' accounts and the platform's, in one read (an advertiser's is made on first use).
  const advertiserIds = [...new Set(items.map((item) => item.advertiserId))];
  const accounts = await tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(
      or(inArray(ledgerAccounts.userId, advertiserIds), inArray(ledgerAccounts.code, ['MEDIA', 'MARGIN'])),
    );
  const accountOf = new Map<number, number>();
  for (const account of accounts) if (account.userId !== null) accountOf.set(account.userId, account.id);
  for (const advertiserId of advertiserIds)
    if (!accountOf.has(advertiserId))
      accountOf.set(advertiserId, (await ensureUserAccount(tx, advertiserId)).id);
  const media =
    accounts.find((account) => account.code === 'MEDIA') ?? (await findPlatformAccount(tx, 'MEDIA'));
  const margin =
    accounts.find((account) => account.code === 'MARGIN') ?? (await findPlatformAccount(tx, 'MARGIN'));

  const transfers = [...byReference.values()].map((item) => ({
    reference: item.reference,
    dedupe_key: `spend:${item.reference}`,
    campaign_id: item.campaignId ?? null,
    media: String(item.mediaCostMicros),
    advertiser: String(item.advertiserCostMicros),
    occurred_at: item.occurredAt.toISOString(),
  }));
  const inserted = await rowsOf<{ id: number | string; reference: string }>(
    tx,
    sql`
    insert into ledger_transfers (kind, reference, dedupe_key, campaign_id, media_cost_micros,
      advertiser_cost_micros, occurred_at)
    select 'SPEND', t.reference, t.dedupe_key, t.campaign_id, t.media, t.advertiser, t.occurred_at
    from json_to_recordset(${JSON.stringify(transfers)}::json) as t(reference text, dedupe_key text,
      campaign_id bigint, media bigint, advertiser bigint, occurred_at timestamptz)
    order by t.dedupe_key
    on conflict (dedupe_key) do nothing
    returning id, reference`,
  );
  if (inserted.length === 0) return 0;

  const fresh = inserted
    .map((row) => ({ transferId: Number(row.id), item: byReference.get(row.reference)! }))
    .sort((a, b) => a.transferId - b.transferId);
  const accountIds = [...new Set(fresh.map(({ item }) => accountOf.get(item.advertiserId)!))].sort(
    (a, b) => a - b,
  );
  const locked = await tx
    .select({
      id: ledgerAccounts.id,
      balance: ledgerAccounts.balanceMicros,
      threshold: ledgerAccounts.lowBalanceThresholdMicros,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const running = new Map<number, RunningAccount>(locked.map((row) => [row.id, { ...row, alertDue: false }]));

  // `at`: when the money moved (the delivery time), which statements and the history date it by.
  type EntryRow = {
    transfer_id: number;
    account_id: number;
    amount: string;
    after: string | null;
    at: string;
  };
  // The order the entries go in (n): the running balances and account_seq follow it.
  const holderEntries: EntryRow[] = [];
  const platformEntries: EntryRow[] = [];
  // Advertiser legs in account order (the order the running balances move in), transfer by transfer.
  const ordered = [...fresh].sort(
    (a, b) =>
      accountOf.get(a.item.advertiserId)! - accountOf.get(b.item.advertiserId)! ||
      a.transferId - b.transferId,
  );
  for (const { transferId, item } of ordered) {
    const account = running.get(accountOf.get(item.advertiserId)!)!;
    const before = account.balance;
    account.balance -= item.advertiserCostMicros;
    if (account.threshold !== null && before >= account.threshold && account.balance < account.threshold)
      account.alertDue = true;
    holderEntries.push({
      transfer_id: transferId,
      account_id: account.id,
      amount: String(-item.advertiserCostMicros),
      after: String(account.balance),
      at: item.occurredAt.toISOString(),
    });
  }
  for (const { transferId, item } of fresh) {
    const marginMicros = item.advertiserCostMicros - item.mediaCostMicros;
    if (item.mediaCostMicros > 0n)
      platformEntries.push({
        transfer_id: transferId,
        account_id: media.id,
        amount: String(item.mediaCostMicros),
        after: null,
        at: item.occurredAt.toISOString(),
      });
    if (marginMicros > 0n)
      platformEntries.push({
        transfer_id: transferId,
        account_id: margin.id,
        amount: String(marginMicros),
        after: null,
        at: item.occurredAt.toISOString(),
      });
  }
  // Platform legs grouped by account (MEDIA's, then MARGIN's), each row locked once and in id order.
  platformEntries.sort((a, b) => a.account_id - b.account_id || a.transfer_id - b.transfer_id);
  await tx.execute(sql`
    insert into ledger_entries (transfer_id, account_id, account_seq, amount_micros, balance_after_micros,
      effective_at)
    select e.transfer_id, e.account_id, null, e.amount, e.after, e.at
    from json_to_recordset(${JSON.stringify([...holderEntries, ...platformEntries].map((entry, n) => ({ ...entry, n })))}::json)
      as e(transfer_id bigint, account_id bigint, amount bigint, after bigint, at timestamptz, n int)
    order by e.n`);
  const due = [...running.values()].filter((account) => account.alertDue).map((account) => account.id);
  if (due.length > 0)
    await tx
      .update(ledgerAccounts)
      .set({ lowBalanceAlertDueAt: new Date() })
      .where(inArray(ledgerAccounts.id, due));
  return fresh.length;
};
