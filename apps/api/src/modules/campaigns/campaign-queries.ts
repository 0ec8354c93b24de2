// Reads of campaigns: the paged list (scope, filters, sorts, exchange approval counts) and the
// detail with every relation. Shapes are the API's (packages/core/src/api/campaigns.ts).

import type {
  CampaignDelivery,
  CampaignDetail,
  CampaignListItem,
  CampaignListQuery,
  CampaignSortField,
} from '@console/core/api/campaigns';
import { LIST_COUNT_CAP } from '@console/core/api/common';
import type { CreativeStatus, CreativeType } from '@console/core/api/creatives';
import { type CampaignStatus, findNextStatuses, sideOfRole } from '@console/core/campaign-status';
import { and, count, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { decoderOf, selectAs, type WithTextTimestamps } from '../../db/aliased-columns.ts';
import type { DbOrTx } from '../../db/client.ts';
import { jsonColumn, jsonList } from '../../db/json-column.ts';
import { fixedRead, readShapedRows } from '../../db/prepared-statement.ts';
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
import { creatives } from '../../db/schema/creatives.ts';
import { campaignSmartAppLists, smartAppLists } from '../../db/schema/lists.ts';
import { users } from '../../db/schema/users.ts';
import { precompiled, renderedOnce } from '../../db/sql-fragment.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';
import { ACCESS_RULES } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { notFound } from '../../platform/errors.ts';
import {
  type ExchangeCounts,
  exchangeCountColumns,
  exchangeCountsOf,
  exchangeCountsOfStates,
  exchangeDecisionsColumn,
  exchangeDecisionsOf,
} from '../../platform/exchange-decisions.ts';
import { type ListStatement, listStatementOf } from '../../platform/list-shape.ts';
import { type CappedPage, COUNT_LIMIT, capped, pageSlice, walkedPage } from '../../platform/pagination.ts';
import type { ScopedUser } from '../../platform/scope.ts';
import {
  COUNTED,
  type MatchSource,
  matchedPage,
  matchingCtes,
  nameSearch,
  type SearchText,
  searchAllPage,
  searchAllStatement,
  searchTextOf,
  suffixesHoldSort,
  suffixMatches,
} from '../../platform/search-walk.ts';
import {
  DELIVERY_FACT_COLUMNS,
  DELIVERY_FACT_JOINS,
  deliveryFactCtes,
  deliveryFactsOf,
  describeCampaignDelivery,
  factInstantFrom,
  factInstantValueOf,
  NO_DELIVERY,
} from '../bidding/index.ts';
import { type CampaignRow, campaignScope } from './campaign-access.ts';

type Advertiser = { id: number; email: string; companyName: string };
const advertiserColumns = { id: users.id, email: users.email, companyName: users.companyName };

const advertiserRefOf = (advertiser: Advertiser) => ({
  user_primary_id: advertiser.id,
  email: advertiser.email,
  companyName: advertiser.companyName,
});

/**
 * The list's and the detail's reads are answered from the embedded database's read cache while
 * nothing but reads has run on it since (db/prepared-statement.ts): their answer is the data's and
 * their values' alone, `now` among them as its quarter hour (factInstantValueOf).
 */
const CACHED = { cached: true } as const;

const NO_EXCHANGES: ExchangeCounts = { total: 0, pending: 0, approved: 0, rejected: 0 };
const NO_LATE_BILLING: CampaignListItem['late_billed'] = { impressions: 0, advertiser_cost_micros: 0 };

/**
 * `d_late` (after a `with` that defines `page`): the BILLING events of the page's campaigns billed
 * after their exchange's notice window, counted and summed per campaign in the page's statement. Late
 * rows are few and delivery_events_late_idx holds only them, so this reads those rows of the page's
 * campaigns by key, never the campaigns' other events. An impression's price corrections are rows of
 * their own (detail 'win' or 'bill'): counted in the cost, not as impressions.
 */
const LATE_BILLING_CTE = renderedOnce(
  sql`d_late as (
      select e.campaign_id, json_build_array(count(*) filter (where e.detail = ''),
        coalesce(sum(e.advertiser_cost_micros), 0)) as late
      from delivery_events e
      where e.campaign_id in (select c_id from page) and e.is_late = 1 and e.type = 'BILLING'
      group by e.campaign_id)`,
);
const LATE_BILLING_JOIN = renderedOnce(sql`left join d_late on d_late.campaign_id = page.c_id`);

/** The late-billing column ([impressions, advertiser cost]; null without late billing). */
const lateBilledOf = (value: unknown): CampaignListItem['late_billed'] => {
  const late = jsonColumn<[number | string, number | string] | null>(value);
  return late ? { impressions: Number(late[0]), advertiser_cost_micros: Number(late[1]) } : NO_LATE_BILLING;
};

/**
 * What a list row reads of a campaign: all but its targeting and frequency cap, which only the
 * detail shows; its timestamps as their ISO text, which is all the list does with them.
 */
type CampaignListRow = WithTextTimestamps<Omit<CampaignRow, 'targeting' | 'frequencyCap' | 'createdBy'>>;

export const toListItem = (
  campaign: CampaignListRow,
  advertiser: Advertiser,
  exchangeCounts: ExchangeCounts = NO_EXCHANGES,
  delivery: CampaignDelivery = NO_DELIVERY,
  lateBilled: CampaignListItem['late_billed'] = NO_LATE_BILLING,
): CampaignListItem => ({
  _id: campaign.publicId,
  campaign_id: campaign.id,
  name: campaign.name,
  status: campaign.status as CampaignStatus,
  rejection_reason: campaign.rejectionReason,
  advertiser: advertiserRefOf(advertiser),
  start_at: isoTimestamp(campaign.startAt),
  end_at: isoTimestamp(campaign.endAt),
  time_zone: campaign.timeZone,
  total_budget_micros: campaign.totalBudgetMicros,
  daily_budget_micros: campaign.dailyBudgetMicros,
  pacing: campaign.pacing as CampaignListItem['pacing'],
  price_model: campaign.priceModel as CampaignListItem['price_model'],
  bid_micros: campaign.bidMicros,
  min_bid_micros: campaign.minBidMicros,
  max_bid_micros: campaign.maxBidMicros,
  exchange_counts: exchangeCounts,
  delivery,
  late_billed: lateBilled,
  created_at: isoTimestamp(campaign.createdAt),
  updated_at: isoTimestamp(campaign.updatedAt),
});

/** lower(name), stored (migration 0034; not in the schema's declarations, see db/schema/campaigns.ts). */
const NAME_SEARCH = sql.raw('"campaigns"."name_search"');

/**
 * Sort columns; each has an index (column, id) so that a page of 100,000 rows is an index walk. The
 * name's is name_search, lower(name) stored, whose index a deep page reads index-only (migration 0042).
 */
const SORTS: Record<CampaignSortField, SQL[]> = {
  name: [NAME_SEARCH],
  status: [sql`${campaigns.status}`, sql`${campaigns.createdAt}`],
  start_at: [sql`${campaigns.startAt}`],
  end_at: [sql`${campaigns.endAt}`],
  total_budget: [sql`${campaigns.totalBudgetMicros}`],
  created_at: [sql`${campaigns.createdAt}`],
};

/**
 * The start of a day (YYYY-MM-DD, UTC), `days` later, as an ISO instant: a flight filter's bound,
 * which the statement reads out of the planner's view, as the delivery facts' instant
 * (factInstantFrom): with a range's dates in view every call's own plan looked cheaper than the
 * generic one, so a list filtered by flights was planned on each call.
 */
const dayStart = (date: string, days = 0) =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString();

/**
 * The text search: part of the name in any case (the lowered name, name_search, against the lowered
 * pattern: see searchPattern), or the id itself (platform/search-walk.ts nameSearch). Over all
 * campaigns a trigram index serves it on PostgreSQL; within one advertiser's or agency's campaigns
 * (a few thousand at most) scanning them is cheaper than intersecting with that index, so there the
 * name is searched as an expression the index does not match (measured: 17 ms against 5 ms for an
 * agency's count); so it is where an admin's dense matches are walked in the list's order
 * (searchAll), and an admin's rare ones are collected through the names' suffixes instead
 * (suffixMatches).
 */
const searchCondition = (search: SearchText, isScanned: boolean): SQL =>
  nameSearch(NAME_SEARCH, campaigns.id, search, isScanned);

export type ListFilters = Omit<CampaignListQuery, 'page' | 'limit' | 'sort' | 'order'>;

/**
 * The order a capped count reads the matches in (none: the planner's choice). A flight filter is
 * counted along the flight's own index: without an order PostgreSQL reads the table until 1,001
 * rows match, from wherever the synchronized scan stands, and the current flights are the newest
 * rows, at the end of the table (measured: 1 to 75 ms; along end_at 0.7 ms).
 */
const countOrderOf = (query: ListFilters): SQL | undefined => {
  if (query.from) return sql`order by ${campaigns.endAt}`;
  if (query.to) return sql`order by ${campaigns.startAt}`;
  return undefined;
};

// ---- one statement per page ------------------------------------------------------------------------
// A page is read in one statement: the page's campaigns (by the sort) with their exchange approval
// counts (stored on the row, migration 0036), the capped count, their advertisers and the delivery facts of those rows only. Each statement of a request costs
// the server and the database a round trip of their own (measured: about 0.5 ms of CPU each), which
// on a busy server is what the budget is spent on.

const {
  targeting: _targeting,
  frequencyCap: _frequencyCap,
  createdBy: _createdBy,
  ...campaignColumns
} = getTableColumns(campaigns);
const advertiserFields = advertiserColumns as Record<keyof Advertiser, PgColumn>;

/** A page's columns: the campaign's as c_<field> and its stored exchange counts (x_total, ...). */
const campaignsAs = renderedOnce(
  sql`${selectAs('c_', campaignColumns)}, ${exchangeCountColumns('campaigns')}`,
);
const advertisersAs = selectAs('a_', advertiserFields);

const decodeCampaign = decoderOf<CampaignListRow>('c_', campaignColumns, { timestampsAsText: true });
const decodeAdvertiser = decoderOf<Advertiser>('a_', advertiserFields);

/** The sort keys as k0, k1, ... and the order by them and the id, rendered once per sort and order. */
const renderPageOrder = (query: Pick<CampaignListQuery, 'sort' | 'order'>) => {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const keys = SORTS[query.sort];
  const orderBy = (prefix: string, id: string) =>
    renderedOnce(
      sql.join(
        [...keys.map((_, i) => sql.raw(`${prefix}k${i}`)), sql.raw(id)].map(
          (column) => sql`${column} ${direction}`,
        ),
        sql`, `,
      ),
    );
  return {
    keys: renderedOnce(
      sql.join(
        keys.map((key, i) => sql`${key} as ${sql.raw(`k${i}`)}`),
        sql`, `,
      ),
    ),
    /** The keys as p.k0, p.k1, ... */
    pageKeyNames: renderedOnce(
      sql.join(
        keys.map((_, i) => sql.raw(`p.k${i}`)),
        sql`, `,
      ),
    ),
    /** ... order by the keys and c_id (the walked page), id (the search's matches), page.c_id (the answer). */
    byCampaignId: orderBy('', 'c_id'),
    byMatchId: orderBy('', 'id'),
    byPageId: orderBy('page.', 'page.c_id'),
    byRowId: orderBy('r.', 'r.c_id'),
  };
};
const pageOrders = new Map<string, ReturnType<typeof renderPageOrder>>();
const pageOrderOf = (query: CampaignListQuery) => {
  const key = `${query.sort} ${query.order}`;
  let order = pageOrders.get(key);
  if (!order) {
    order = renderPageOrder(query);
    pageOrders.set(key, order);
  }
  return order;
};

type PageSql = {
  /** CTEs the page reads, each followed by a comma (`a as (...), `), if any. */
  ctes?: SQL;
  /** The page: the campaigns' columns as c_<field> and the sort keys as k0, k1, ..., limited. */
  page: SQL;
  /** The column `total`: the matching rows, counted up to the cap (an estimate as its negative). */
  total: SQL;
};

/**
 * The answer: the page's rows with their advertisers, exchange counts and delivery facts, in the
 * page's order. (select 1) left join: one row even for an empty page, to carry the total.
 */
const listStatement = precompiled(
  5,
  (
    ctes,
    total,
    page,
    order,
    now,
  ) => sql`with ${ctes} page as (${page}), ${deliveryFactCtes(now)}, ${LATE_BILLING_CTE}
    select ${total}, page.*, ${advertisersAs}, ${DELIVERY_FACT_COLUMNS}, d_late.late as late_billed
    from (select 1) as one
    left join (page join ${users} on ${users.id} = page."c_advertiserId"
      ${DELIVERY_FACT_JOINS} ${LATE_BILLING_JOIN}) on true
    order by ${order}`,
);

/**
 * A page of `list` (its shape and values: listStatementOf), its statement made by `statementOf` from
 * the values as slots, once per shape (readShapedRows).
 */
const readListPage = async (
  db: DbOrTx,
  query: CampaignListQuery,
  list: ListStatement & { nowMs: number },
  statementOf: (slots: Record<string, SQL>) => PageSql,
) => {
  const { byPageId, byRowId } = pageOrderOf(query);
  const all = await readShapedRows(
    db,
    list.shape,
    list.values,
    (slots) => {
      const statement = statementOf(slots);
      return listStatement(
        statement.ctes ?? sql``,
        statement.total,
        statement.page,
        byPageId,
        factInstantFrom(slots.now!),
      );
    },
    byRowId,
    CACHED,
  );
  const rows = all.filter((raw) => raw.c_id !== null && raw.c_id !== undefined);
  const campaignRows = rows.map(decodeCampaign);
  const delivery = describeCampaignDelivery(campaignRows, deliveryFactsOf(campaignRows, rows), list.nowMs);
  const items = rows.map((raw, index) =>
    toListItem(
      campaignRows[index]!,
      decodeAdvertiser(raw),
      exchangeCountsOf(raw),
      delivery.get(campaignRows[index]!.id),
      lateBilledOf(raw.late_billed),
    ),
  );
  return { items, total: Number(all[0]?.total ?? 0) };
};

/** The page's rows read by id from `p` (the search's ids with their keys), for search-walk.ts. */
const searchRowsOf = (query: CampaignListQuery) => ({
  table: sql`${campaigns}`,
  id: sql`${campaigns.id}`,
  columns: campaignsAs,
  keyNames: pageOrderOf(query).pageKeyNames,
  slice: pageSlice(query, true),
});

/**
 * An admin's search over all campaigns (see platform/search-walk.ts): the page from the first
 * campaigns in the list's order when they hold it, with the total estimated. Otherwise, where the
 * walk found the matches dense, the sort order is walked on for the page (`scannedPage`, whose
 * condition the trigram index does not serve: in a generic plan PostgreSQL read all 8,339 matches
 * of "coffee" through it and sorted them, 26 ms, for page 3), the total estimated; where it found
 * them rare, they are collected through the names' suffixes (suffixMatches) and counted, capped.
 */
const searchAll = async (
  db: DbOrTx,
  query: CampaignListQuery,
  list: ListStatement & { nowMs: number },
  statementOf: (slots: Record<string, SQL>) => {
    where: SQL;
    matches: MatchSource;
    scannedPage: (guard: SQL) => SQL;
  },
): Promise<CappedPage<CampaignListItem>> => {
  const { keys, byMatchId } = pageOrderOf(query);
  const { page: _page, limit: _limit, ...filters } = query;
  return searchAllPage(db, `campaigns ${JSON.stringify(filters)}`, async (isRare) => {
    const { items, total } = await readListPage(
      db,
      query,
      { ...list, shape: `${list.shape} all ${isRare}` },
      (slots) => {
        const { where, matches, scannedPage } = statementOf(slots);
        return searchAllStatement({
          ...searchRowsOf(query),
          tableName: 'campaigns',
          keys,
          matchOrder: byMatchId,
          where,
          matches,
          needed: query.page * query.limit,
          scannedPage,
          isRare,
        });
      },
    );
    return { page: query.page, limit: query.limit, items, total };
  });
};

export const listCampaigns = async (
  db: DbOrTx,
  principal: Principal,
  query: CampaignListQuery,
): Promise<CappedPage<CampaignListItem>> => {
  const q = query.q?.trim();
  const isScoped = sideOfRole(principal.role) === 'owner' || query.advertiser_id !== undefined;
  const nowMs = Date.now();
  const statuses = query.status ?? [];
  const list = {
    ...listStatementOf(
      isScoped ? 'campaigns' : 'campaigns all',
      principal,
      query,
      {
        now: factInstantValueOf(nowMs),
        advertiser: query.advertiser_id || undefined,
        // The flight's bounds: the start of the day after `to`, the start of `from`.
        to: query.to ? dayStart(query.to, 1) : undefined,
        from: query.from ? dayStart(query.from) : undefined,
        ...Object.fromEntries(statuses.map((status, i) => [`status${i}`, status])),
      },
      q,
    ),
    nowMs,
  };
  /** The filters, with their values as `slots` gives them, and the search as `search` tests it. */
  const whereOf = (slots: Record<string, SQL>, search: SQL | undefined) =>
    and(
      campaignScope(principal, slots.user),
      slots.status0
        ? sql`${campaigns.status} in (${sql.join(
            statuses.map((_, i) => slots[`status${i}`]!),
            sql`, `,
          )})`
        : undefined,
      slots.advertiser && eq(campaigns.advertiserId, slots.advertiser),
      // The flight overlaps [from, to]: it starts before the range ends and ends after it starts.
      slots.to && sql`${campaigns.startAt} < ${factInstantFrom(slots.to)}`,
      slots.from && sql`${campaigns.endAt} > ${factInstantFrom(slots.from)}`,
      search,
    ) ?? sql`true`;
  /** The filters and the search (none without `q`), the name tested as `isScanned` says. */
  const filteredOf = (slots: Record<string, SQL>, isScanned: boolean) =>
    whereOf(slots, q ? searchCondition(searchTextOf(q, slots), isScanned) : undefined);
  const paging = { page: query.page, limit: query.limit };
  // The offset out of the planner's view on every page, as a search's: in view, page 50 by name was
  // planned again on each call (its own plan always looked cheaper than the generic one).
  const slice = pageSlice(query, true);
  const { keys, byCampaignId } = pageOrderOf(query);
  // The page walks the sort's index (or sorts the few matches), testing the filters on the way.
  const walked = (condition: SQL, guard?: SQL) =>
    walkedPage({
      table: campaigns,
      id: campaigns.id,
      columns: campaignsAs,
      keys,
      where: guard ? sql`(${condition}) and ${guard}` : sql`(${condition})`,
      order: byCampaignId,
      slice,
      page: query.page,
    });

  if (q && !isScoped)
    return searchAll(db, query, list, (slots) => {
      const scanned = filteredOf(slots, true);
      return {
        where: filteredOf(slots, isScoped),
        matches: suffixMatches({
          table: 'campaigns',
          suffixes: 'campaign_name_suffixes',
          column: NAME_SEARCH,
          id: campaigns.id,
          search: searchTextOf(q, slots),
          isCovered: suffixesHoldSort(query.sort) && !query.from && !query.to,
          filtered: (search) => whereOf(slots, search),
        }),
        scannedPage: (guard) => walked(scanned, guard),
      };
    });
  if (q) {
    // A search collects its matches first, at most LIST_COUNT_CAP + 1, with their sort keys: the
    // materialized CTE keeps the LIMIT out of the scan's plan, so PostgreSQL takes the trigram
    // index's bitmap (all matches) and never walks a sort index testing ILIKE on each row until
    // enough match; the scan is read only as far as the cap. Up to the cap the page is sorted from
    // those; beyond it the matches are dense and the other branch walks the sort order instead
    // (each branch runs only when its one-time condition on the count holds).
    const { items, total } = await readListPage(db, query, list, (slots) => {
      const where = filteredOf(slots, isScoped);
      return {
        ctes: sql`${matchingCtes({ from: sql`${campaigns}`, where }, sql`${campaigns.id}`, keys)}, `,
        page: matchedPage(
          searchRowsOf(query),
          pageOrderOf(query).byMatchId,
          sql`${COUNTED} <= ${LIST_COUNT_CAP}`,
          walked(where, sql`${COUNTED} > ${LIST_COUNT_CAP}`),
        ),
        total: sql`${COUNTED}::int as total`,
      };
    });
    return capped({ ...paging, items, total }, false);
  }

  const { items, total } = await readListPage(db, query, list, (slots) => {
    const where = filteredOf(slots, isScoped);
    return {
      page: walked(where),
      total: sql`(select count(*) from (select 1 from ${campaigns} where ${where}
        ${countOrderOf(query) ?? sql``} ${COUNT_LIMIT}) as matching)::int as total`,
    };
  });
  return capped({ ...paging, items, total }, false);
};

const userRefOf = (id: number | null, email: string | null) =>
  id === null || email === null ? null : { user_primary_id: id, email };

export type CampaignRelations = {
  exchangeIds: number[];
  creativeIds: number[];
  inventory: { applist_id: number; mode: 'ALLOW' | 'BLOCK' }[];
  audiences: { audience_id: number; mode: 'INCLUDE' | 'EXCLUDE' }[];
  smartAppListIds: number[];
  assoc: { dsp_name: string; campaign_associate_id: string }[];
};

/** Ids of the campaign's relations, sorted (what the change log compares). */
export const readRelationIds = async (db: DbOrTx, campaignId: number): Promise<CampaignRelations> => {
  const { smartAppLists: _names, creatives: _creatives, ...relations } = await readRelations(db, campaignId);
  return {
    ...relations,
    inventory: relations.inventory.map(({ applist_id, mode }) => ({ applist_id, mode })),
    audiences: relations.audiences.map(({ audience_id, mode }) => ({ audience_id, mode })),
  };
};

/** The relations of `campaignId` (an SQL expression) with names, as JSON columns of one statement. */
const relationColumns = precompiled<[SQL]>(
  1,
  (campaignId) => sql`
  ${jsonList(
    sql`${campaignExchanges.exchangeId}`,
    sql`from ${campaignExchanges} where ${campaignExchanges.campaignId} = ${campaignId}`,
    sql`${campaignExchanges.exchangeId}`,
  )} as r_exchanges,
  ${jsonList(
    sql`json_build_array(${campaignCreatives.creativeId}, ${creatives.name}, ${creatives.creativeType}, ${creatives.status})`,
    sql`from ${campaignCreatives} join ${creatives} on ${creatives.id} = ${campaignCreatives.creativeId}
      where ${campaignCreatives.campaignId} = ${campaignId}`,
    sql`${campaignCreatives.creativeId}`,
  )} as r_creatives,
  ${jsonList(
    sql`json_build_array(${campaignInventoryLists.applistId}, ${campaignInventoryLists.mode}, ${applists.name})`,
    sql`from ${campaignInventoryLists} join ${applists} on ${applists.id} = ${campaignInventoryLists.applistId}
      where ${campaignInventoryLists.campaignId} = ${campaignId}`,
    sql`${campaignInventoryLists.applistId}`,
  )} as r_inventory,
  ${jsonList(
    sql`json_build_array(${campaignAudiences.audienceId}, ${campaignAudiences.mode}, ${audiences.name})`,
    sql`from ${campaignAudiences} join ${audiences} on ${audiences.id} = ${campaignAudiences.audienceId}
      where ${campaignAudiences.campaignId} = ${campaignId}`,
    sql`${campaignAudiences.audienceId}`,
  )} as r_audiences,
  ${jsonList(
    sql`json_build_array(${campaignSmartAppLists.listId}, ${smartAppLists.name})`,
    sql`from ${campaignSmartAppLists} join ${smartAppLists} on ${smartAppLists.id} = ${campaignSmartAppLists.listId}
      where ${campaignSmartAppLists.campaignId} = ${campaignId}`,
    sql`${campaignSmartAppLists.listId}`,
  )} as r_smart_app_lists,
  ${jsonList(
    sql`json_build_array(${campaignDspAssoc.dspName}, ${campaignDspAssoc.campaignAssociateId})`,
    sql`from ${campaignDspAssoc} where ${campaignDspAssoc.campaignId} = ${campaignId}`,
    sql`${campaignDspAssoc.dspName}`,
  )} as r_assoc`,
);

const relationsOf = (raw: Record<string, unknown>) => {
  const inventory = jsonColumn<[number, string, string][]>(raw.r_inventory);
  const audienceList = jsonColumn<[number, string, string][]>(raw.r_audiences);
  const smartApps = jsonColumn<[number, string][]>(raw.r_smart_app_lists);
  const creativeList = jsonColumn<[number, string, CreativeType, CreativeStatus][]>(raw.r_creatives);
  return {
    exchangeIds: jsonColumn<number[]>(raw.r_exchanges),
    creativeIds: creativeList.map(([id]) => id),
    creatives: creativeList.map(([id, name, type, status]) => ({
      creative_id: id,
      name,
      creative_type: type,
      status,
    })),
    inventory: inventory.map(([id, mode, name]) => ({
      applist_id: id,
      name,
      mode: mode as 'ALLOW' | 'BLOCK',
    })),
    audiences: audienceList.map(([id, mode, name]) => ({
      audience_id: id,
      name,
      mode: mode as 'INCLUDE' | 'EXCLUDE',
    })),
    smartAppListIds: smartApps.map(([id]) => id),
    smartAppLists: smartApps.map(([id, name]) => ({ list_id: id, name })),
    assoc: jsonColumn<[string, string][]>(raw.r_assoc)
      .map(([dspName, associateId]) => ({ dsp_name: dspName, campaign_associate_id: associateId }))
      .sort((a, b) => a.dsp_name.localeCompare(b.dsp_name)),
  };
};

/** The relations with the names of inventory lists and audiences (one statement). */
const relationsStatement = fixedRead<[number]>(
  (campaignId) => sql`select ${relationColumns(campaignId)}`,
  CACHED,
);
const readRelations = async (db: DbOrTx, campaignId: number) => {
  const result = await relationsStatement(db, campaignId);
  return relationsOf(result.rows[0]!);
};

const allCampaignColumns = getTableColumns(campaigns) as Record<string, PgColumn>;
const detailOwnerColumns = {
  id: users.id,
  role: users.role,
  agencyId: users.agencyId,
  email: users.email,
  companyName: users.companyName,
};
const decodeDetailCampaign = decoderOf<CampaignRow>('c_', allCampaignColumns);
const decodeDetailOwner = decoderOf<ScopedUser & Advertiser>('o_', detailOwnerColumns);

/**
 * The detail's statement for the campaign `id` at the instant `now` (both as SQL): the campaign and
 * its advertiser (the owner the access rule is checked against), its creator, its exchanges with
 * their approval, its relations and its delivery facts. No row: no such campaign.
 */
const detailStatement = precompiled<[SQL, SQL]>(
  2,
  (id, now) => sql`with page as (
      select ${selectAs('c_', allCampaignColumns)}, ${selectAs('o_', detailOwnerColumns)}
      from ${campaigns} join ${users} on ${users.id} = ${campaigns.advertiserId}
      where ${campaigns.id} = ${id} limit 1),
    ${deliveryFactCtes(now)}, ${LATE_BILLING_CTE}
    select page.*,
    (select json_build_array(creator.id, creator.email) from ${users} as creator
      where creator.id = page."c_createdBy") as creator,
    ${exchangeDecisionsColumn(sql`${campaignExchanges}`, { ...campaignExchanges, ownerId: campaignExchanges.campaignId }, id)} as exchange_list,
    ${relationColumns(id)},
    ${DELIVERY_FACT_COLUMNS}, d_late.late as late_billed
    from page ${DELIVERY_FACT_JOINS} ${LATE_BILLING_JOIN}`,
);
/** detailStatement for a campaign id and an instant (factInstantValueOf), built once. */
const readDetailRow = fixedRead<[number, string]>(
  (id, now) => detailStatement(sql`${id}::bigint`, factInstantFrom(now)),
  CACHED,
);

/**
 * Everything about one campaign the caller may reach, in one statement with the access check: the
 * campaign is read with its advertiser, and the campaign rule of platform/access.ts decides on that
 * owner as requireAccess would (a second statement for the check alone was a third of the detail's
 * time on PGlite). Unknown or out of scope: 404 "Campaign not found.".
 */
export const readCampaignDetail = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
): Promise<CampaignDetail> => {
  const nowMs = Date.now();
  const result = await readDetailRow(db, id, factInstantValueOf(nowMs));
  const raw = result.rows[0];
  const rule = ACCESS_RULES.campaign;
  if (!raw) throw notFound(rule.notFound);
  const campaign = decodeDetailCampaign(raw);
  const owner = decodeDetailOwner(raw);
  const caller = { userId: principal.userId, role: principal.role };
  if (!rule.allows(caller, { row: campaign, owner })) throw notFound(rule.notFound);
  const { id: ownerId, email: ownerEmail, companyName } = owner;
  const [creatorId, creatorEmail] = jsonColumn<[number, string] | null>(raw.creator) ?? [null, null];
  const exchangeList = exchangeDecisionsOf(raw.exchange_list);
  const relations = relationsOf(raw);
  const status = campaign.status as CampaignStatus;
  const delivery = describeCampaignDelivery([campaign], deliveryFactsOf([campaign], [raw]), nowMs);
  return {
    ...toListItem(
      campaign,
      { id: ownerId, email: ownerEmail, companyName },
      exchangeCountsOfStates(exchangeList.map((exchange) => exchange.state)),
      delivery.get(campaign.id),
      lateBilledOf(raw.late_billed),
    ),
    frequency_cap: campaign.frequencyCap ?? null,
    day_parting: campaign.dayParting ?? null,
    // Campaigns saved before deals, categories and viewability existed read them as unset.
    targeting: {
      deal_ids: [],
      ad_categories: [],
      deals_only: true,
      excluded_content_categories: [],
      min_viewability_pct: null,
      ...(campaign.targeting as Partial<CampaignDetail['targeting']>),
    } as CampaignDetail['targeting'],
    exchanges: exchangeList,
    creative_ids: relations.creativeIds,
    creatives: relations.creatives,
    inventory: relations.inventory,
    audiences: relations.audiences,
    smart_app_lists: relations.smartAppLists,
    assoc_dsp_map: relations.assoc,
    camp_data: { camp_assoc_map: relations.assoc },
    next_statuses: findNextStatuses(status, principal.role),
    created_by: userRefOf(creatorId, creatorEmail),
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
