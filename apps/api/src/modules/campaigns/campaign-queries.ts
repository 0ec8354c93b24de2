// Reads of campaigns: the paged list (scope, filters, sorts, exchange approval counts) and the
// detail with every relation. Shapes are the API's (packages/core/src/api/campaigns.ts).
import {
  type CampaignDetail,
  type CampaignListItem,
  type CampaignListQuery,
  type CampaignSortField,
  LIST_COUNT_CAP,
} from '@console/core/api/campaigns';
import {
  type CampaignStatus,
  type ExchangeApprovalState,
  findNextStatuses,
  sideOfRole,
} from '@console/core/campaign-status';
import type { Role } from '@console/core/roles';
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  applists,
  audiences,
  campaignAudiences,
  campaignCreatives,
  campaignDspAssoc,
  campaignExchanges,
  campaignInventoryLists,
  campaigns,
} from '../../db/schema/campaigns.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { users } from '../../db/schema/users.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { fetchPage, likePattern, type Page } from '../../platform/pagination.ts';
import { type CampaignRow, campaignScope } from './campaign-access.ts';

type Advertiser = { id: number; email: string; companyName: string };
const advertiserColumns = { id: users.id, email: users.email, companyName: users.companyName };

const advertiserRefOf = (advertiser: Advertiser) => ({
  user_primary_id: advertiser.id,
  email: advertiser.email,
  companyName: advertiser.companyName,
});

type ExchangeCounts = CampaignListItem['exchange_counts'];
const NO_EXCHANGES: ExchangeCounts = { total: 0, pending: 0, approved: 0, rejected: 0 };

/** Approval counts of the exchanges of some campaigns (one grouped query for a page). */
export const countExchangeStates = async (db: DbOrTx, campaignIds: number[]) => {
  const counts = new Map<number, ExchangeCounts>();
  if (campaignIds.length === 0) return counts;
  const rows = await db
    .select({ campaignId: campaignExchanges.campaignId, state: campaignExchanges.state, value: count() })
    .from(campaignExchanges)
    .where(inArray(campaignExchanges.campaignId, campaignIds))
    .groupBy(campaignExchanges.campaignId, campaignExchanges.state);
  for (const row of rows) {
    const entry = counts.get(row.campaignId) ?? { ...NO_EXCHANGES };
    entry.total += row.value;
    if (row.state === 'PENDING') entry.pending += row.value;
    else if (row.state === 'APPROVED') entry.approved += row.value;
    else if (row.state === 'REJECTED') entry.rejected += row.value;
    counts.set(row.campaignId, entry);
  }
  return counts;
};

export const toListItem = (
  campaign: CampaignRow,
  advertiser: Advertiser,
  exchangeCounts: ExchangeCounts = NO_EXCHANGES,
): CampaignListItem => ({
  _id: campaign.publicId,
  campaign_id: campaign.id,
  name: campaign.name,
  status: campaign.status as CampaignStatus,
  rejection_reason: campaign.rejectionReason,
  advertiser: advertiserRefOf(advertiser),
  start_at: campaign.startAt.toISOString(),
  end_at: campaign.endAt.toISOString(),
  time_zone: campaign.timeZone,
  total_budget_micros: campaign.totalBudgetMicros,
  daily_budget_micros: campaign.dailyBudgetMicros,
  pacing: campaign.pacing as CampaignListItem['pacing'],
  price_model: campaign.priceModel as CampaignListItem['price_model'],
  bid_micros: campaign.bidMicros,
  min_bid_micros: campaign.minBidMicros,
  max_bid_micros: campaign.maxBidMicros,
  exchange_counts: exchangeCounts,
  created_at: campaign.createdAt.toISOString(),
  updated_at: campaign.updatedAt.toISOString(),
});

/** Sort columns; each has an index (column, id) so that a page of 100,000 rows is an index walk. */
const SORTS: Record<CampaignSortField, SQL[]> = {
  name: [sql`lower(${campaigns.name})`],
  status: [sql`${campaigns.status}`, sql`${campaigns.createdAt}`],
  start_at: [sql`${campaigns.startAt}`],
  end_at: [sql`${campaigns.endAt}`],
  total_budget: [sql`${campaigns.totalBudgetMicros}`],
  created_at: [sql`${campaigns.createdAt}`],
};

const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
const nextDayStart = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

/**
 * The text search: part of the name, or the id itself. Over all campaigns a trigram index serves
 * `name ILIKE` on PostgreSQL; within one advertiser's or agency's campaigns (a few thousand at most)
 * scanning them is cheaper than intersecting with that index, so there the name is searched as an
 * expression the index does not match (measured: 17 ms against 5 ms for an agency's count).
 */
const searchCondition = (q: string, isScoped: boolean): SQL | undefined => {
  const pattern = likePattern(q);
  const byName = isScoped ? sql`(${campaigns.name} || '') ilike ${pattern}` : ilike(campaigns.name, pattern);
  return /^\d{1,15}$/.test(q) ? or(byName, eq(campaigns.id, Number(q))) : byName;
};

export type CappedPage<T> = Page<T> & { total_exact: boolean };

/**
 * Lists count exactly up to LIST_COUNT_CAP (+1 to know there are more), then answer the cap with
 * total_exact false. `exact` keeps a count that was taken in full (the exchange approval queue's
 * search).
 */
export const capped = <T>(page: Page<T>, exact: boolean): CappedPage<T> =>
  exact || page.total <= LIST_COUNT_CAP
    ? { ...page, total_exact: true }
    : { ...page, total: LIST_COUNT_CAP, total_exact: false };

export type ListFilters = Omit<CampaignListQuery, 'page' | 'limit' | 'sort' | 'order'>;

type ListRow = { campaign: CampaignRow; advertiser: Advertiser };

const listColumns = { campaign: campaigns, advertiser: advertiserColumns };

const toListItems = async (db: DbOrTx, rows: ListRow[]) => {
  const counts = await countExchangeStates(
    db,
    rows.map((row) => row.campaign.id),
  );
  return rows.map((row) => toListItem(row.campaign, row.advertiser, counts.get(row.campaign.id)));
};

/**
 * A search finds its matches first, at most LIST_COUNT_CAP + 1 of them, in one statement that also
 * counts them and sorts them for the page: the ids and sort keys of the matches, collected by a
 * scan planned for every match (the materialized CTE keeps the LIMIT out of the plan, so PostgreSQL
 * takes the trigram index's bitmap, never a walk down a sort index that tests ILIKE on each row
 * until enough match) and read only as far as the cap.
 */
const probeSearch = async (
  db: DbOrTx,
  where: SQL | undefined,
  sortKeys: SQL[],
  query: CampaignListQuery,
): Promise<{ total: number; ids: number[] }> => {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const keys = sortKeys.map((key, i) => sql`${key} as ${sql.raw(`k${i}`)}`);
  const order = [...sortKeys.map((_, i) => sql`${sql.raw(`k${i}`)} ${direction}`), sql`id ${direction}`];
  const result = (await db.execute(sql`
    with matching as materialized (
      select ${campaigns.id} as id, ${sql.join(keys, sql`, `)} from ${campaigns} where ${where}
    ),
    capped as materialized (select * from matching limit ${LIST_COUNT_CAP + 1})
    select (select count(*) from capped)::int as total,
           array(
             select id from capped order by ${sql.join(order, sql`, `)}
             limit ${query.limit} offset ${(query.page - 1) * query.limit}
           )::text[] as ids`)) as unknown as { rows: { total: number; ids: string[] }[] };
  const [row] = result.rows;
  return { total: Number(row?.total ?? 0), ids: (row?.ids ?? []).map(Number) };
};

/**
 * The order a capped count reads the matches in (none: the planner's choice). A flight filter is
 * counted along the flight's own index: without an order PostgreSQL reads the table until 1,001
 * rows match, from wherever the synchronized scan stands, and the current flights are the newest
 * rows, at the end of the table (measured: 1 to 75 ms; along end_at 0.7 ms).
 */
const countOrderOf = (query: ListFilters): SQL[] => {
  if (query.from) return [sql`${campaigns.endAt}`];
  if (query.to) return [sql`${campaigns.startAt}`];
  return [];
};

export const listCampaigns = async (
  db: DbOrTx,
  principal: Principal,
  query: CampaignListQuery,
): Promise<CappedPage<CampaignListItem>> => {
  const q = query.q?.trim();
  const where = and(
    campaignScope(db, principal),
    query.status?.length ? inArray(campaigns.status, query.status) : undefined,
    query.advertiser_id ? eq(campaigns.advertiserId, query.advertiser_id) : undefined,
    // The flight overlaps [from, to]: it starts before the range ends and ends after it starts.
    query.to ? lt(campaigns.startAt, nextDayStart(query.to)) : undefined,
    query.from ? gt(campaigns.endAt, dayStart(query.from)) : undefined,
    q
      ? searchCondition(q, sideOfRole(principal.role) === 'owner' || query.advertiser_id !== undefined)
      : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const orderBy = [...SORTS[query.sort].map((column) => direction(column)), direction(campaigns.id)];
  const readPage = async (limit: number, offset: number) =>
    toListItems(
      db,
      await db
        .select(listColumns)
        .from(campaigns)
        .innerJoin(users, eq(users.id, campaigns.advertiserId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );

  if (q) {
    const probe = await probeSearch(db, where, SORTS[query.sort], query);
    const paging = { page: query.page, limit: query.limit };
    if (probe.total > LIST_COUNT_CAP) {
      // Many matches: they are dense, so walking the sort order finds a page quickly.
      const items = await readPage(query.limit, (query.page - 1) * query.limit);
      return { items, total: LIST_COUNT_CAP, total_exact: false, ...paging };
    }
    if (probe.ids.length === 0) return { items: [], total: probe.total, total_exact: true, ...paging };
    const rows = await db
      .select(listColumns)
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.advertiserId))
      // By id within the scope again, not the search: the planner would read the trigram index again.
      .where(and(inArray(campaigns.id, probe.ids), campaignScope(db, principal)));
    const position = new Map(probe.ids.map((id, i) => [id, i]));
    rows.sort((a, b) => position.get(a.campaign.id)! - position.get(b.campaign.id)!);
    return { items: await toListItems(db, rows), total: probe.total, total_exact: true, ...paging };
  }

  const countOrder = countOrderOf(query);
  const page = await fetchPage(
    query,
    readPage,
    () => {
      const matching = db.select({ one: sql`1` }).from(campaigns).where(where);
      const ordered = countOrder.length > 0 ? matching.orderBy(...countOrder) : matching;
      return db.select({ value: count() }).from(ordered.limit(LIST_COUNT_CAP + 1).as('matching'));
    },
    (item) => item,
  );
  return capped(page, false);
};

const userRefOf = (id: number | null, email: string | null) =>
  id === null || email === null ? null : { user_primary_id: id, email };

/** The campaign's exchanges with their approval state, by exchange name. */
export const readCampaignExchanges = async (db: DbOrTx, campaignId: number) => {
  const decider = alias(users, 'decider');
  const rows = await db
    .select({
      exchangeId: campaignExchanges.exchangeId,
      name: exchanges.name,
      state: campaignExchanges.state,
      reason: campaignExchanges.reason,
      decidedAt: campaignExchanges.decidedAt,
      deciderId: decider.id,
      deciderEmail: decider.email,
    })
    .from(campaignExchanges)
    .innerJoin(exchanges, eq(exchanges.id, campaignExchanges.exchangeId))
    .leftJoin(decider, eq(decider.id, campaignExchanges.decidedBy))
    .where(eq(campaignExchanges.campaignId, campaignId))
    .orderBy(asc(exchanges.name), asc(campaignExchanges.exchangeId));
  return rows.map((row) => ({
    exchange_id: row.exchangeId,
    name: row.name,
    state: row.state as ExchangeApprovalState,
    reason: row.reason,
    decided_by: userRefOf(row.deciderId, row.deciderEmail),
    decided_at: row.decidedAt?.toISOString() ?? null,
  }));
};

export type CampaignRelations = {
  exchangeIds: number[];
  creativeIds: number[];
  inventory: { applist_id: number; mode: 'ALLOW' | 'BLOCK' }[];
  audiences: { audience_id: number; mode: 'INCLUDE' | 'EXCLUDE' }[];
  assoc: { dsp_name: string; campaign_associate_id: string }[];
};

/**
 * Ids of the campaign's relations, sorted (what the change log compares). Sequential on purpose: on
 * a pool each parallel query would hold a connection of its own for a few microseconds of work.
 */
export const readRelationIds = async (db: DbOrTx, campaignId: number): Promise<CampaignRelations> => {
  const relations = await readRelations(db, campaignId);
  return {
    ...relations,
    inventory: relations.inventory.map(({ applist_id, mode }) => ({ applist_id, mode })),
    audiences: relations.audiences.map(({ audience_id, mode }) => ({ audience_id, mode })),
  };
};

/** The relations with the names of inventory lists and audiences. */
const readRelations = async (db: DbOrTx, campaignId: number) => {
  const exchangeRows = await db
    .select({ id: campaignExchanges.exchangeId })
    .from(campaignExchanges)
    .where(eq(campaignExchanges.campaignId, campaignId))
    .orderBy(asc(campaignExchanges.exchangeId));
  const creativeRows = await db
    .select({ id: campaignCreatives.creativeId })
    .from(campaignCreatives)
    .where(eq(campaignCreatives.campaignId, campaignId))
    .orderBy(asc(campaignCreatives.creativeId));
  const inventoryRows = await db
    .select({ id: campaignInventoryLists.applistId, mode: campaignInventoryLists.mode, name: applists.name })
    .from(campaignInventoryLists)
    .innerJoin(applists, eq(applists.id, campaignInventoryLists.applistId))
    .where(eq(campaignInventoryLists.campaignId, campaignId))
    .orderBy(asc(campaignInventoryLists.applistId));
  const audienceRows = await db
    .select({ id: campaignAudiences.audienceId, mode: campaignAudiences.mode, name: audiences.name })
    .from(campaignAudiences)
    .innerJoin(audiences, eq(audiences.id, campaignAudiences.audienceId))
    .where(eq(campaignAudiences.campaignId, campaignId))
    .orderBy(asc(campaignAudiences.audienceId));
  const assocRows = await db
    .select({ dspName: campaignDspAssoc.dspName, associateId: campaignDspAssoc.campaignAssociateId })
    .from(campaignDspAssoc)
    .where(eq(campaignDspAssoc.campaignId, campaignId));
  return {
    exchangeIds: exchangeRows.map((row) => row.id),
    creativeIds: creativeRows.map((row) => row.id),
    inventory: inventoryRows.map((row) => ({
      applist_id: row.id,
      name: row.name,
      mode: row.mode as 'ALLOW' | 'BLOCK',
    })),
    audiences: audienceRows.map((row) => ({
      audience_id: row.id,
      name: row.name,
      mode: row.mode as 'INCLUDE' | 'EXCLUDE',
    })),
    assoc: assocRows
      .map((row) => ({ dsp_name: row.dspName, campaign_associate_id: row.associateId }))
      .sort((a, b) => a.dsp_name.localeCompare(b.dsp_name)),
  };
};

/** Everything about one campaign (the caller's access was checked before). */
export const readCampaignDetail = async (
  db: DbOrTx,
  campaign: CampaignRow,
  role: Role,
): Promise<CampaignDetail> => {
  const creator = alias(users, 'creator');
  const [people] = await db
    .select({ owner: advertiserColumns, creatorId: creator.id, creatorEmail: creator.email })
    .from(users)
    .leftJoin(creator, campaign.createdBy === null ? sql`false` : eq(creator.id, campaign.createdBy))
    .where(eq(users.id, campaign.advertiserId));
  const exchangeList = await readCampaignExchanges(db, campaign.id);
  const relations = await readRelations(db, campaign.id);
  const counts: ExchangeCounts = { ...NO_EXCHANGES, total: exchangeList.length };
  for (const exchange of exchangeList) {
    if (exchange.state === 'PENDING') counts.pending++;
    else if (exchange.state === 'APPROVED') counts.approved++;
    else counts.rejected++;
  }
  const status = campaign.status as CampaignStatus;
  return {
    ...toListItem(campaign, people!.owner, counts),
    frequency_cap: campaign.frequencyCap ?? null,
    day_parting: campaign.dayParting ?? null,
    targeting: campaign.targeting as CampaignDetail['targeting'],
    exchanges: exchangeList,
    creative_ids: relations.creativeIds,
    inventory: relations.inventory,
    audiences: relations.audiences,
    assoc_dsp_map: relations.assoc,
    camp_data: { camp_assoc_map: relations.assoc },
    next_statuses: findNextStatuses(status, role),
    created_by: userRefOf(people!.creatorId, people!.creatorEmail),
  };
};

/**
 * For the reference module: how many campaigns target a smart-app taxonomy node (targeting is JSON,
 * so no foreign key refuses its deletion). A phrase like '2 campaigns', or null when none does.
 */
export const findCampaignCategoryUsage = async (db: DbOrTx, nodeId: number): Promise<string | null> => {
  const node = JSON.stringify([nodeId]);
  const [row] = await db
    .select({ value: count() })
    .from(campaigns)
    .where(
      or(
        sql`${campaigns.targeting} -> 'app_categories' @> ${node}::jsonb`,
        sql`${campaigns.targeting} -> 'app_genres' @> ${node}::jsonb`,
        sql`${campaigns.targeting} -> 'app_subgenres' @> ${node}::jsonb`,
      ),
    );
  const used = row?.value ?? 0;
  return used === 0 ? null : `${used} campaign${used === 1 ? '' : 's'}`;
};
