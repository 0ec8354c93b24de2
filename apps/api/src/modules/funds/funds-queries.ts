// Reading funds: an account's summary, its history (a page, or every row for the CSV export),
// the accounts a caller manages, and the platform's totals. Media cost and margins are shown to
// admins and co-admins only; an advertiser and its agency see what the advertiser pays.
import type { FundsEntry, FundsSummary, HistoryQuery, TransferKind } from '@console/core/api/funds';
import { localMidnightMs, shiftDay } from '@console/core/time/zoned-time';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { campaigns } from '../../db/schema/campaigns.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { userConfigs, users } from '../../db/schema/users.ts';
import { recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import { fetchPage, likePattern } from '../../platform/pagination.ts';
import type { UserRow } from '../../platform/user-queries.ts';
import { ensureUserAccount, findPlatformAccount, readMarginBps, readPendingSpend } from '../ledger/index.ts';
import type { FundsViewer } from './funds-access.ts';
import { mayReverse } from './movements.ts';

/** The first and last instants a JavaScript date is sent to PostgreSQL as (years 0001 to 9999). */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * When a day (YYYY-MM-DD) starts in the zone, `days` later, held to the years 0001 to 9999: a bound
 * beyond them (a date of year 0000, the day after 9999-12-31) is read as the first or last instant,
 * which no ledger entry precedes or follows, instead of a year PostgreSQL cannot read.
 */
export const zonedDayStart = (day: string, zone: string, days = 0): Date => {
  const start = localMidnightMs(zone, shiftDay(day, days));
  // The day after 9999-12-31 has no YYYY-MM-DD form (its start reads NaN): the last instant.
  return new Date(
    Number.isNaN(start) ? LAST_INSTANT : Math.min(LAST_INSTANT, Math.max(FIRST_INSTANT, start)),
  );
};

const accountOf = async (db: DbOrTx, holder: UserRow) => {
  const [account] = await db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, holder.id))
    .limit(1);
  return account;
};

const agencyRefOf = async (db: DbOrTx, holder: UserRow) => {
  if (holder.agencyId === null) return null;
  const [agency] = await db
    .select({ id: users.id, companyName: users.companyName })
    .from(users)
    .where(eq(users.id, holder.agencyId))
    .limit(1);
  return agency ? { user_primary_id: agency.id, companyName: agency.companyName } : null;
};

export const readFundsSummary = async (
  db: DbOrTx,
  viewer: FundsViewer,
  holder: UserRow,
): Promise<FundsSummary> => {
  const account = await accountOf(db, holder);
  const balance = account?.balanceMicros ?? 0n;
  const pending = (await readPendingSpend([holder.id])).get(holder.id) ?? 0n;
  const margin = viewer.isStaff ? await readMarginBps(db, holder.id) : null;
  return {
    account: {
      user_primary_id: holder.id,
      email: holder.email,
      companyName: holder.companyName,
      role: holder.role as 'AGENCY' | 'ADVERTISER',
      agency: await agencyRefOf(db, holder),
      balance_micros: Number(balance),
      margin_bps: margin,
    },
    balance_micros: Number(balance),
    pending_spend_micros: Number(pending),
    available_micros: Number(balance - pending),
    low_balance_threshold_micros:
      account?.lowBalanceThresholdMicros == null ? null : Number(account.lowBalanceThresholdMicros),
    margin_bps: margin,
  };
};

/** The owner's low-balance threshold (null: no alert). Changing it re-arms the alert. */
export const setLowBalanceThreshold = async (db: DbOrTx, principal: Principal, threshold: number | null) =>
  db.transaction(async (tx) => {
    const account = await ensureUserAccount(tx, principal.userId);
    const before = account.lowBalanceThresholdMicros;
    const next = threshold === null ? null : BigInt(threshold);
    await tx
      .update(ledgerAccounts)
      .set({ lowBalanceThresholdMicros: next, lowBalanceAlertDueAt: null, updatedAt: new Date() })
      .where(eq(ledgerAccounts.id, account.id));
    await recordChange(tx, {
      entityType: 'user',
      entityId: principal.userId,
      action: 'update',
      actorUserId: actorIdOf(principal),
      effectiveUserId: principal.userId,
      changes:
        before === next
          ? []
          : [
              {
                field: 'low_balance_threshold_micros',
                from: before === null ? null : Number(before),
                to: threshold,
              },
            ],
    });
  });

const historyWhere = (
  accountId: number,
  query: Omit<HistoryQuery, 'page' | 'limit' | 'order'>,
): SQL | undefined =>
  and(
    eq(ledgerEntries.accountId, accountId),
    query.kind ? eq(ledgerTransfers.kind, query.kind) : undefined,
    query.method ? eq(ledgerTransfers.method, query.method) : undefined,
    // Days are the days movements occurred (spend's delivery day, whenever it was booked), in the
    // reader's zone as the dashboards count them.
    query.from ? gte(ledgerEntries.effectiveAt, zonedDayStart(query.from, query.tz ?? 'UTC')) : undefined,
    query.to ? lt(ledgerEntries.effectiveAt, zonedDayStart(query.to, query.tz ?? 'UTC', 1)) : undefined,
    query.q
      ? or(
          ilike(ledgerTransfers.reference, likePattern(query.q)),
          ilike(ledgerTransfers.note, likePattern(query.q)),
        )
      : undefined,
  );

const creator = alias(users, 'creator');
// The other agency or advertiser of the transfer (allocations; spend on an agency's account: the
// advertiser whose spend it is); none for movements with the platform. An advertiser's spend names
// no counterparty: its agency's part of the margin is not the advertiser's to see.
const counterpartyId = sql<number | null>`(
  select a2.user_id from ${ledgerEntries} e2 join ${ledgerAccounts} a2 on a2.id = e2.account_id
  where e2.transfer_id = ${ledgerEntries.transferId} and e2.account_id <> ${ledgerEntries.accountId}
    and a2.user_id is not null and (${ledgerTransfers.kind} <> 'SPEND' or a2.kind = 'ADVERTISER')
  order by a2.user_id limit 1)`.mapWith(Number);
const reversedById = sql<number | null>`(
  select r.id from ${ledgerTransfers} r where r.reverses_transfer_id = ${ledgerTransfers.id})`.mapWith(
  Number,
);

const historyColumns = {
  entry: ledgerEntries,
  transfer: ledgerTransfers,
  campaignName: campaigns.name,
  creatorEmail: creator.email,
  counterpartyId,
  reversedById,
};

type HistoryRow = {
  entry: typeof ledgerEntries.$inferSelect;
  transfer: typeof ledgerTransfers.$inferSelect;
  campaignName: string | null;
  creatorEmail: string | null;
  counterpartyId: number | null;
  reversedById: number | null;
};

const selectHistory = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(historyColumns)
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .leftJoin(creator, eq(creator.id, ledgerTransfers.createdBy))
    .leftJoin(campaigns, eq(campaigns.id, ledgerTransfers.campaignId))
    .where(where);

/** The bidder's spend references: `imps:<first impression>:<count>` (spend-debit.ts). */
const IMPRESSIONS_REFERENCE = /^imps:.*:(\d+)$/;
/** A repriced impression's difference: `imp:<exchange>:<auction>:<imp>:<win|bill>`. */
const REPRICING_REFERENCE = /^imp:/;

type Counterparty = FundsEntry['counterparty'];

const readCounterparties = async (
  db: DbOrTx,
  rows: HistoryRow[],
): Promise<Map<number, NonNullable<Counterparty>>> => {
  const ids = [...new Set(rows.flatMap((row) => (row.counterpartyId === null ? [] : [row.counterpartyId])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, email: users.email, companyName: users.companyName, role: users.role })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    found.map((user) => [
      user.id,
      { user_primary_id: user.id, email: user.email, companyName: user.companyName, role: user.role },
    ]),
  );
};

const spendCount = (kind: string, reference: string | null) => {
  const count = kind === 'SPEND' ? IMPRESSIONS_REFERENCE.exec(reference ?? '')?.[1] : undefined;
  return count === undefined ? null : Number(count);
};

const toEntry = (
  viewer: FundsViewer,
  holder: UserRow,
  row: HistoryRow,
  counterparties: Map<number, NonNullable<Counterparty>>,
): FundsEntry => {
  const { entry, transfer } = row;
  const holderUserIds = [holder.id, ...(row.counterpartyId === null ? [] : [row.counterpartyId])];
  return {
    id: entry.id,
    transfer_id: transfer.id,
    kind: transfer.kind as TransferKind,
    method: transfer.method as FundsEntry['method'],
    amount_micros: Number(entry.amountMicros),
    balance_after_micros: Number(entry.balanceAfterMicros),
    counterparty: row.counterpartyId === null ? null : (counterparties.get(row.counterpartyId) ?? null),
    reference: transfer.reference,
    note: transfer.note,
    createdBy:
      transfer.createdBy === null || row.creatorEmail === null
        ? null
        : { user_primary_id: transfer.createdBy, email: row.creatorEmail },
    occurredAt: transfer.occurredAt.toISOString(),
    createdAt: entry.createdAt.toISOString(),
    campaign_id: transfer.campaignId,
    reverses_transfer_id: transfer.reversesTransferId,
    reversed_by_transfer_id: row.reversedById,
    media_cost_micros:
      viewer.isStaff && transfer.mediaCostMicros !== null ? Number(transfer.mediaCostMicros) : null,
    advertiser_cost_micros:
      transfer.advertiserCostMicros === null ? null : Number(transfer.advertiserCostMicros),
    agency_margin: transfer.kind === 'SPEND' && holder.role === 'AGENCY',
    impressions: spendCount(transfer.kind, transfer.reference),
    repricing: transfer.kind === 'SPEND' && REPRICING_REFERENCE.test(transfer.reference ?? ''),
    campaign_name: row.campaignName,
    can_reverse: row.reversedById === null && mayReverse(viewer, { kind: transfer.kind, holderUserIds }),
  };
};

/**
 * The balance after each of `seqs` (account entry numbers) when the account's entries are taken in
 * the order they occurred (effective_at, then the booking order): the history's and the statement's
 * order, so a late notice's spend sits, with the balance it leaves, among the movements of when it
 * was delivered. Read from the nearer end of that order (newest first: the balance after the last
 * booking less what occurred after; oldest first: the sum of what occurred up to it), in one
 * statement so that both ends are one snapshot; a first page costs what its rows do.
 */
const balancesInOrderOccurred = async (
  db: DbOrTx,
  accountId: number,
  seqs: readonly number[],
  order: 'asc' | 'desc',
): Promise<Map<number, number>> => {
  if (seqs.length === 0) return new Map();
  if (order === 'asc') return runningSumsInOrderOccurred(db, accountId, seqs, null);
  const seqList = sqlListOf(seqs);
  // The page's entry farthest from the end read from: every entry from that end up to it is summed.
  const rows = await rowsOf<{ seq: number | string; running: string }>(
    db,
    sql`select seq, running from (
      select e.account_seq as seq,
        (select l.balance_after_micros from ledger_entries l where l.account_id = ${accountId}
          order by l.account_seq desc limit 1)
          - sum(e.amount_micros) over (order by e.effective_at desc, e.account_seq desc)
          + e.amount_micros as running
      from ledger_entries e
      where e.account_id = ${accountId} and (e.effective_at, e.account_seq) >= ${occurredOf(accountId, seqList, 'first')}
    ) later where seq in (${seqList})`,
  );
  return new Map(rows.map((row) => [Number(row.seq), Number(row.running)]));
};

const sqlListOf = (seqs: readonly number[]) =>
  sql.join(
    seqs.map((seq) => sql`${seq}`),
    sql`, `,
  );

/** Where the first or last of the entries `seqList` stands in the order occurred: (effective_at, seq). */
const occurredOf = (accountId: number, seqList: SQL, which: 'first' | 'last') => {
  const direction = sql.raw(which === 'first' ? 'asc' : 'desc');
  return sql`(select b.effective_at, b.account_seq from ledger_entries b
    where b.account_id = ${accountId} and b.account_seq in (${seqList})
    order by b.effective_at ${direction}, b.account_seq ${direction} limit 1)`;
};

/**
 * The sum of the account's amounts in the order occurred, from the entry after `afterSeq` (or the
 * first) up to each of `seqs` (inclusive): from the first, the balance after each.
 */
const runningSumsInOrderOccurred = async (
  db: DbOrTx,
  accountId: number,
  seqs: readonly number[],
  afterSeq: number | null,
): Promise<Map<number, number>> => {
  const seqList = sqlListOf(seqs);
  const rows = await rowsOf<{ seq: number | string; running: string }>(
    db,
    sql`select seq, running from (
      select e.account_seq as seq,
        sum(e.amount_micros) over (order by e.effective_at, e.account_seq) as running
      from ledger_entries e
      where e.account_id = ${accountId} and (e.effective_at, e.account_seq) <= ${occurredOf(accountId, seqList, 'last')}
        ${afterSeq === null ? sql`` : sql`and (e.effective_at, e.account_seq) > ${occurredOf(accountId, sqlListOf([afterSeq]), 'last')}`}
    ) earlier where seq in (${seqList})`,
  );
  return new Map(rows.map((row) => [Number(row.seq), Number(row.running)]));
};

/**
 * A page of an account's history, newest or oldest first, in the order movements occurred (the time
 * each row shows, as the statement lists them; among the same instant, the booking order), each
 * with the balance after it in that order.
 */
export const listHistory = async (db: DbOrTx, viewer: FundsViewer, holder: UserRow, query: HistoryQuery) => {
  const account = await accountOf(db, holder);
  if (!account) return { items: [], total: 0, page: query.page, limit: query.limit, balance_micros: 0 };
  const where = historyWhere(account.id, query);
  const order = query.order === 'asc' ? asc : desc;
  const page = await fetchPage(
    query,
    (limit, offset) =>
      selectHistory(db, where)
        .orderBy(order(ledgerEntries.effectiveAt), order(ledgerEntries.accountSeq))
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ value: count() })
        .from(ledgerEntries)
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
        .where(where),
    (row: HistoryRow) => row,
  );
  const [counterparties, balances] = await Promise.all([
    readCounterparties(db, page.items),
    balancesInOrderOccurred(
      db,
      account.id,
      page.items.map((row) => row.entry.accountSeq),
      query.order,
    ),
  ]);
  return {
    ...page,
    items: page.items.map((row) => ({
      ...toEntry(viewer, holder, row, counterparties),
      balance_after_micros: balances.get(row.entry.accountSeq) ?? Number(row.entry.balanceAfterMicros),
    })),
    balance_micros: Number(account.balanceMicros),
  };
};

const EXPORT_BATCH = 1000;

/**
 * Every history row matching the filters, oldest first in the order movements occurred (as the
 * history and the statement list them), each with the balance after it in that order, read in
 * batches after the last row given (keyset, so batch 500 costs what batch 1 does) for a streamed
 * CSV. A batch's balances are the one before it plus what occurred since, filtered or not.
 */
export async function* iterateHistory(
  db: DbOrTx,
  viewer: FundsViewer,
  holder: UserRow,
  query: Omit<HistoryQuery, 'page' | 'limit' | 'order'>,
): AsyncGenerator<FundsEntry> {
  const account = await accountOf(db, holder);
  if (!account) return;
  let afterSeq: number | null = null;
  let balance = 0;
  for (;;) {
    const after: SQL | undefined =
      afterSeq === null
        ? undefined
        : sql`(${ledgerEntries.effectiveAt}, ${ledgerEntries.accountSeq}) > ${occurredOf(account.id, sqlListOf([afterSeq]), 'last')}`;
    const rows: HistoryRow[] = await selectHistory(db, and(historyWhere(account.id, query), after))
      .orderBy(asc(ledgerEntries.effectiveAt), asc(ledgerEntries.accountSeq))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    const [counterparties, sums] = await Promise.all([
      readCounterparties(db, rows),
      runningSumsInOrderOccurred(
        db,
        account.id,
        rows.map((row) => row.entry.accountSeq),
        afterSeq,
      ),
    ]);
    for (const row of rows)
      yield {
        ...toEntry(viewer, holder, row, counterparties),
        balance_after_micros: balance + (sums.get(row.entry.accountSeq) ?? 0),
      };
    const last: number = rows.at(-1)!.entry.accountSeq;
    balance += sums.get(last) ?? 0;
    afterSeq = last;
    if (rows.length < EXPORT_BATCH) return;
  }
}

const ACCOUNT_SORTS = {
  companyName: users.companyName,
  email: users.email,
  balance: sql`coalesce(${ledgerAccounts.balanceMicros}, 0)`,
} as const;

/** Agencies and advertisers with their balances: all for admins and co-admins; an agency its own advertisers. */
export const listFundsAccounts = async (
  db: DbOrTx,
  viewer: FundsViewer,
  query: {
    page: number;
    limit: number;
    q?: string | undefined;
    role?: 'AGENCY' | 'ADVERTISER' | undefined;
    sort: keyof typeof ACCOUNT_SORTS;
    order: 'asc' | 'desc';
  },
) => {
  const agency = alias(users, 'agency');
  const where = and(
    viewer.role === 'AGENCY'
      ? and(eq(users.role, 'ADVERTISER'), eq(users.agencyId, viewer.userId))
      : inArray(users.role, ['AGENCY', 'ADVERTISER']),
    query.role ? eq(users.role, query.role) : undefined,
    query.q
      ? or(ilike(users.email, likePattern(query.q)), ilike(users.companyName, likePattern(query.q)))
      : undefined,
  );
  const sort = ACCOUNT_SORTS[query.sort];
  return fetchPage(
    query,
    (limit, offset) =>
      db
        .select({
          user: users,
          balance: ledgerAccounts.balanceMicros,
          marginBps: userConfigs.marginBps,
          agencyId: agency.id,
          agencyCompany: agency.companyName,
        })
        .from(users)
        .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
        .leftJoin(userConfigs, eq(userConfigs.userId, users.id))
        .leftJoin(agency, eq(agency.id, users.agencyId))
        .where(where)
        .orderBy(query.order === 'asc' ? asc(sort) : desc(sort), asc(users.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ value: count() }).from(users).where(where),
    (row) => ({
      user_primary_id: row.user.id,
      email: row.user.email,
      companyName: row.user.companyName,
      role: row.user.role as 'AGENCY' | 'ADVERTISER',
      agency:
        row.agencyId === null
          ? null
          : { user_primary_id: row.agencyId, companyName: row.agencyCompany ?? '' },
      balance_micros: Number(row.balance ?? 0n),
      margin_bps: viewer.isStaff ? (row.marginBps ?? 0) : null,
    }),
  );
};

/** The platform's accounts and the sum of everyone's balances (admins and co-admins). */
export const readFundsOverview = async (db: DbOrTx) => {
  const [funding, media, margin] = await Promise.all([
    findPlatformAccount(db, 'FUNDING'),
    findPlatformAccount(db, 'MEDIA'),
    findPlatformAccount(db, 'MARGIN'),
  ]);
  const [holders] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balanceMicros}), 0)::text` })
    .from(ledgerAccounts)
    .where(isNull(ledgerAccounts.code));
  return {
    funding_micros: Number(funding.balanceMicros),
    media_micros: Number(media.balanceMicros),
    margin_micros: Number(margin.balanceMicros),
    accounts_micros: Number(holders?.total ?? 0),
  };
};
