// Reads of creatives: the detail with its exchanges and DSP ids, and the list page (one statement:
// the page with its count, the counts of its exchanges and its first DSP ids).
import type {
  CreativeApprovalState,
  CreativeDetail,
  CreativeListItem,
  CreativeListQuery,
  CreativeStatus,
  CreativeType,
} from '@console/core/api/creatives';
import { sideOfRole } from '@console/core/campaign-status';
import { and, asc, eq, exists, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { decoderOf, selectAs, type WithTextTimestamps } from '../../db/aliased-columns.ts';
import type { DbOrTx } from '../../db/client.ts';
import { jsonColumn, jsonList } from '../../db/json-column.ts';
import { fixedRead, readShapedRows } from '../../db/prepared-statement.ts';
import { campaignCreatives } from '../../db/schema/campaigns.ts';
import { creativeDspAssoc, creativeExchanges, creatives } from '../../db/schema/creatives.ts';
import { exchanges } from '../../db/schema/reference.ts';
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
import { listStatementOf } from '../../platform/list-shape.ts';
import { ownerAndCreatorColumns } from '../../platform/owner-columns.ts';
import { type CappedPage, COUNT_LIMIT, pageSlice, walkedPage } from '../../platform/pagination.ts';
import type { ScopedUser } from '../../platform/scope.ts';
import {
  type MatchSource,
  nameSearch,
  searchAllPage,
  searchAllStatement,
  searchTextOf,
  suffixesHoldSort,
  suffixMatches,
  walkedTotal,
} from '../../platform/search-walk.ts';
import { type CreativeRow, creativeScope } from './creative-access.ts';

type AdvertiserRef = CreativeListItem['advertiser'];

export type CreativeExchangeRow = {
  exchangeId: number;
  name: string;
  state: CreativeApprovalState;
  reason: string | null;
  decidedAt: Date | null;
  deciderId: number | null;
  deciderEmail: string | null;
};

export const findCreativeExchanges = async (
  db: DbOrTx,
  creativeId: number,
): Promise<CreativeExchangeRow[]> => {
  const decider = alias(users, 'decider');
  const rows = await db
    .select({
      exchangeId: creativeExchanges.exchangeId,
      name: exchanges.name,
      state: creativeExchanges.state,
      reason: creativeExchanges.reason,
      decidedAt: creativeExchanges.decidedAt,
      deciderId: decider.id,
      deciderEmail: decider.email,
    })
    .from(creativeExchanges)
    .innerJoin(exchanges, eq(exchanges.id, creativeExchanges.exchangeId))
    .leftJoin(decider, eq(decider.id, creativeExchanges.decidedBy))
    .where(eq(creativeExchanges.creativeId, creativeId))
    .orderBy(asc(exchanges.name), asc(exchanges.id));
  return rows.map((row) => ({ ...row, state: row.state as CreativeApprovalState }));
};

export const findAssocMap = async (db: DbOrTx, creativeId: number) =>
  db
    .select({
      dsp_name: creativeDspAssoc.dspName,
      creative_associate_id: creativeDspAssoc.creativeAssociateId,
    })
    .from(creativeDspAssoc)
    .where(eq(creativeDspAssoc.creativeId, creativeId))
    .orderBy(asc(creativeDspAssoc.dspName));

/**
 * What a list row reads of a creative: not its markup, tracking URLs or creator; its timestamps as
 * their ISO text (the detail's as Dates).
 */
type CreativeListRow = WithTextTimestamps<
  Omit<CreativeRow, 'htmlTag' | 'secureCompatible' | 'pixelUrls' | 'impressionUrls' | 'createdBy'>
>;

const previewOf = (row: CreativeListRow) =>
  row.creativeType === 'native'
    ? (row.nativeAssets?.main_image.url ?? null)
    : row.creativeType === 'image'
      ? (row.media?.url ?? null)
      : null;

const toListItem = (
  row: CreativeListRow,
  advertiser: AdvertiserRef,
  exchangeCounts: ExchangeCounts,
  associateId: string | null,
): CreativeListItem => ({
  _id: row.publicId,
  creative_primary_id: row.id,
  name: row.name,
  creative_type: row.creativeType as CreativeType,
  status: row.status as CreativeStatus,
  size: row.size,
  click_url: row.clickUrl,
  preview_url: previewOf(row),
  video_section: row.videoSection ?? null,
  advertiser,
  exchange_counts: exchangeCounts,
  creative_associate_id: associateId,
  adomain: row.adomain,
  iab_categories: row.iabCategories,
  created_at: isoTimestamp(row.createdAt),
  updated_at: isoTimestamp(row.updatedAt),
});

/** The detail's columns for a creative, its advertiser and its creator (ids as SQL). */
const detailColumns = precompiled<[SQL, SQL, SQL]>(
  3,
  (id, advertiserId, createdBy) => sql`${ownerAndCreatorColumns(advertiserId, createdBy)},
    ${exchangeDecisionsColumn(sql`${creativeExchanges}`, { ...creativeExchanges, ownerId: creativeExchanges.creativeId }, id)} as exchange_list,
    ${jsonList(
      sql`json_build_array(${creativeDspAssoc.dspName}, ${creativeDspAssoc.creativeAssociateId})`,
      sql`from ${creativeDspAssoc} where ${creativeDspAssoc.creativeId} = ${id}`,
      sql`${creativeDspAssoc.dspName}`,
    )} as assoc`,
);

/** The detail's answer from its statement's row (`owner`, `creator`, `exchange_list`, `assoc`). */
const detailOf = (row: CreativeRow, raw: Record<string, unknown>): CreativeDetail => {
  const owner = jsonColumn<[number, string, string] | null>(raw.owner);
  const creator = jsonColumn<[number, string] | null>(raw.creator);
  const exchangeList = exchangeDecisionsOf<CreativeApprovalState>(raw.exchange_list);
  const assoc = jsonColumn<[string, string][]>(raw.assoc).map(([dspName, associateId]) => ({
    dsp_name: dspName,
    creative_associate_id: associateId,
  }));
  const item = toListItem(
    row,
    owner
      ? { user_primary_id: owner[0], email: owner[1], companyName: owner[2] }
      : { user_primary_id: row.advertiserId, email: '', companyName: '' },
    exchangeCountsOfStates(exchangeList.map((exchange) => exchange.state)),
    assoc[0]?.creative_associate_id ?? null,
  );
  const native = row.nativeAssets;
  return {
    ...item,
    pixel_url: row.pixelUrls,
    impression_url: row.impressionUrls,
    media: row.media ?? null,
    native: native
      ? {
          title: native.title,
          sponsored_by: native.sponsored_by,
          ...(native.description ? { description: native.description } : {}),
          ...(native.cta ? { cta: native.cta } : {}),
          ...(native.icon ? { icon: native.icon } : {}),
          main_image: native.main_image,
        }
      : null,
    html_tag: row.htmlTag,
    secure_compatible: row.secureCompatible,
    exchanges: exchangeList,
    creative_assoc_map: assoc,
    created_by: creator ? { user_primary_id: creator[0], email: creator[1] } : null,
  };
};

/**
 * The list's and the detail's reads are answered from the embedded database's read cache while
 * nothing but reads has run on it since (db/prepared-statement.ts): their answer is the data's and
 * their values' alone.
 */
const CACHED = { cached: true } as const;

/** One creative the caller already holds (after a write), with its advertiser, creator, exchanges and DSP ids, in one statement. */
const detailOfIds = fixedRead<[number, number, number | null]>(
  (id, advertiserId, createdBy) =>
    sql`select ${detailColumns(sql`${id}::bigint`, sql`${advertiserId}::bigint`, sql`${createdBy}::bigint`)}`,
);
export const readCreativeDetail = async (db: DbOrTx, row: CreativeRow): Promise<CreativeDetail> => {
  const result = await detailOfIds(db, row.id, row.advertiserId, row.createdBy);
  return detailOf(row, result.rows[0]!);
};

const allCreativeColumns = getTableColumns(creatives) as Record<string, PgColumn>;
const accessOwnerColumns = { id: users.id, role: users.role, agencyId: users.agencyId };
const decodeDetailCreative = decoderOf<CreativeRow>('r_', allCreativeColumns);
const decodeOwner = decoderOf<ScopedUser>('o_', accessOwnerColumns);

/**
 * The detail by id with the access check in the same statement: the creative with its owner (the
 * advertiser the creative rule of platform/access.ts decides on, as requireAccess would), then the
 * detail's columns. No row: no such creative. (Reading the row first and the detail after was two
 * statements, each a round trip of its own.)
 */
const detailByIdStatement = precompiled<[SQL]>(
  1,
  (id) => sql`with found as (
      select ${selectAs('r_', allCreativeColumns)}, ${selectAs('o_', accessOwnerColumns)}
      from ${creatives} join ${users} on ${users.id} = ${creatives.advertiserId}
      where ${creatives.id} = ${id} limit 1)
    select found.*, ${detailColumns(id, sql.raw('found."r_advertiserId"'), sql.raw('found."r_createdBy"'))}
    from found`,
);
const readDetailRowById = fixedRead<[number]>((id) => detailByIdStatement(sql`${id}::bigint`), CACHED);

/** One creative the caller may reach, by id: 404 "Creative not found." when unknown or out of scope. */
export const readCreativeDetailById = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
): Promise<CreativeDetail> => {
  const result = await readDetailRowById(db, id);
  const raw = result.rows[0];
  const rule = ACCESS_RULES.creative;
  if (!raw) throw notFound(rule.notFound);
  const row = decodeDetailCreative(raw);
  const caller = { userId: principal.userId, role: principal.role };
  if (!rule.allows(caller, { row, owner: decodeOwner(raw) })) throw notFound(rule.notFound);
  return detailOf(row, raw);
};

/** lower(name), stored (migration 0034; not in the schema's declarations, see db/schema/campaigns.ts). */
const NAME_SEARCH = sql.raw('"creatives"."name_search"');

const SORTS = {
  created_at: creatives.createdAt,
  updated_at: creatives.updatedAt,
  // name_search: indexed with the id, read index-only (migration 0043).
  name: NAME_SEARCH,
  status: creatives.status,
  creative_type: creatives.creativeType,
} as const;

/**
 * The list's filters, their values as `slots` gives them (listStatementOf: a filter is tested where
 * its slot is given): the caller's scope, `extra` (a campaign's creatives, or the name found through
 * its suffixes), the type, status, advertiser and exchange approval filters, and the search's name
 * test (`search`: as the trigram index serves it, 'indexed', or as it does not, 'scanned', for a
 * walk of the list's order: platform/search-walk.ts; none without a search).
 */
const filtersOf = (
  db: DbOrTx,
  principal: Principal,
  slots: Record<string, SQL>,
  extra: SQL | undefined,
  search?: { q: string; as: 'indexed' | 'scanned' },
): SQL => {
  const { exchange, exchangeState } = slots;
  const exchangeFilter =
    exchange || exchangeState
      ? exists(
          db
            .select({ one: sql`1` })
            .from(creativeExchanges)
            .where(
              and(
                eq(creativeExchanges.creativeId, creatives.id),
                exchange && eq(creativeExchanges.exchangeId, exchange),
                exchangeState && eq(creativeExchanges.state, exchangeState),
              ),
            ),
        )
      : undefined;
  return (
    and(
      creativeScope(principal, slots.user),
      extra,
      slots.type && eq(creatives.creativeType, slots.type),
      slots.status && eq(creatives.status, slots.status),
      slots.advertiser && eq(creatives.advertiserId, slots.advertiser),
      exchangeFilter,
      search && nameSearch(NAME_SEARCH, creatives.id, searchTextOf(search.q, slots), search.as === 'scanned'),
    ) ?? sql`true`
  );
};

/** A campaign's creatives (listCreativePage's `campaignId`), the campaign's id as `campaign`. */
const inCampaignOf = (db: DbOrTx, campaign: SQL) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(campaignCreatives)
      .where(and(eq(campaignCreatives.campaignId, campaign), eq(campaignCreatives.creativeId, creatives.id))),
  );

/**
 * Where an admin's rare matches of the search `q` are collected from (listCreativePage's
 * search over all creatives): the names' suffixes (suffixMatches), with the list's filters.
 */
const creativeSuffixMatches = (
  db: DbOrTx,
  principal: Principal,
  query: CreativeListQuery,
  q: string,
  slots: Record<string, SQL>,
): MatchSource =>
  suffixMatches({
    table: 'creatives',
    suffixes: 'creative_name_suffixes',
    column: NAME_SEARCH,
    id: creatives.id,
    search: searchTextOf(q, slots),
    isCovered:
      suffixesHoldSort(query.sort) &&
      !query.creative_type &&
      query.exchange_id === undefined &&
      query.exchange_state === undefined,
    filtered: (search) => filtersOf(db, principal, slots, search),
  });

// ---- one statement per page ------------------------------------------------------------------------
// Like the campaign list (campaign-queries.ts): the page's creatives by the sort, the capped count,
// their advertisers, exchange counts and first DSP ids, in one named prepared statement.

const {
  htmlTag: _htmlTag,
  secureCompatible: _secureCompatible,
  pixelUrls: _pixelUrls,
  impressionUrls: _impressionUrls,
  createdBy: _createdBy,
  ...creativeColumns
} = getTableColumns(creatives);
const advertiserFields = { user_primary_id: users.id, email: users.email, companyName: users.companyName };
const decodeCreative = decoderOf<CreativeListRow>('c_', creativeColumns, { timestampsAsText: true });
const decodeAdvertiser = decoderOf<AdvertiserRef>('a_', advertiserFields);

/**
 * The answer: the page (the columns as c_<field>, the sort key as k0) with its
 * advertisers, exchange counts and first DSP ids, in the page's order; one row even for an empty
 * page, to carry the total.
 */
const listStatement = precompiled<[SQL, SQL, SQL, SQL]>(
  4,
  (ctes, total, page, order) => sql`with ${ctes} page as (${page}),
      associates as (select distinct on (${creativeDspAssoc.creativeId}) ${creativeDspAssoc.creativeId} as creative_id,
          ${creativeDspAssoc.creativeAssociateId} as associate_id
        from ${creativeDspAssoc} where ${creativeDspAssoc.creativeId} in (select c_id from page)
        order by ${creativeDspAssoc.creativeId}, ${creativeDspAssoc.dspName})
    select ${total}, page.*, ${selectAs('a_', advertiserFields)}, associates.associate_id
    from (select 1) as one
    left join (page join ${users} on ${users.id} = page."c_advertiserId"
      left join associates on associates.creative_id = page.c_id) on true
    order by ${order}`,
);
/** A page's columns: the creative's as c_<field> and its stored exchange counts (x_total, ...). */
const creativesAs = renderedOnce(
  sql`${selectAs('c_', creativeColumns)}, ${exchangeCountColumns('creatives')}`,
);

/**
 * A page in one statement, the count capped at LIST_COUNT_CAP like the campaign list's (total_exact
 * false beyond it): counting 200,000 creatives on every page would cost more than the page. An
 * admin's search over all creatives (`searchAll` given: the same filter with the name tested as the
 * trigram index does not serve it, and its names' suffixes) reads its page and total as the
 * campaign list's (platform/search-walk.ts): from the first creatives in the list's order when they
 * hold the page, else from the matches collected through the names' suffixes (suffixMatches), capped;
 * the list's order is walked only where the matches are dense. (Its page was the list's statement
 * with the search in it: in the generic plan
 * PostgreSQL walked the newest creatives testing the name until a page matched, 36 ms for a word
 * whose matches are all older.)
 */
export const listCreativePage = async (
  db: DbOrTx,
  principal: Principal,
  query: CreativeListQuery,
  /** A campaign's creatives only (the caller's access to it checked). */
  campaignId?: number,
): Promise<CappedPage<CreativeListItem>> => {
  const q = query.q?.trim() || undefined;
  // An admin's search over all creatives (see above).
  const isSearchAll =
    q !== undefined &&
    campaignId === undefined &&
    sideOfRole(principal.role) === 'admin' &&
    query.advertiser_id === undefined;
  const list = listStatementOf(
    isSearchAll ? 'creatives all' : 'creatives',
    principal,
    query,
    {
      campaign: campaignId,
      exchange: query.exchange_id,
      exchangeState: query.exchange_state,
      type: query.creative_type || undefined,
      status: query.status || undefined,
      advertiser: query.advertiser_id || undefined,
    },
    q,
  );
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const key = sql`${SORTS[query.sort]} as k0`;
  // The offset out of the planner's view on every page, as the campaign list's (pageSlice).
  const slice = pageSlice(query, true);
  const pageOf = (test: SQL) =>
    walkedPage({
      table: creatives,
      id: creatives.id,
      columns: creativesAs,
      keys: key,
      where: test,
      order: sql`k0 ${direction}, ${creatives.id} ${direction}`,
      slice,
      page: query.page,
    });
  const statementOf = (isRare: boolean, slots: Record<string, SQL>) => {
    const extra = slots.campaign && inCampaignOf(db, slots.campaign);
    const condition = filtersOf(db, principal, slots, extra, q ? { q, as: 'indexed' } : undefined);
    if (!isSearchAll || !q)
      return {
        ctes: sql``,
        page: pageOf(condition),
        total: sql`(select count(*) from (select 1 from ${creatives} where ${condition} ${COUNT_LIMIT}) as matching)::int as total`,
      };
    const scanned = filtersOf(db, principal, slots, extra, { q, as: 'scanned' });
    return searchAllStatement({
      table: sql`${creatives}`,
      id: sql`${creatives.id}`,
      columns: creativesAs,
      keyNames: sql`p.k0`,
      slice,
      tableName: 'creatives',
      keys: key,
      matchOrder: sql`k0 ${direction}, id ${direction}`,
      where: condition,
      matches: creativeSuffixMatches(db, principal, query, q, slots),
      needed: query.page * query.limit,
      scannedPage: (guard) => pageOf(sql`(${scanned}) and ${guard}`),
      isRare,
    });
  };
  const read = async (isRare: boolean) => {
    const all = await readShapedRows(
      db,
      `${list.shape} ${isRare}`,
      list.values,
      (slots) => {
        const statement = statementOf(isRare, slots);
        return listStatement(
          statement.ctes,
          statement.total,
          statement.page,
          sql`page.k0 ${direction}, page.c_id ${direction}`,
        );
      },
      sql`r.k0 ${direction}, r.c_id ${direction}`,
      CACHED,
    );
    const rows = all.filter((raw) => raw.c_id !== null && raw.c_id !== undefined);
    return {
      items: rows.map((raw) =>
        toListItem(
          decodeCreative(raw),
          decodeAdvertiser(raw),
          exchangeCountsOf(raw),
          (raw.associate_id as string | null) ?? null,
        ),
      ),
      total: Number(all[0]?.total ?? 0),
      page: query.page,
      limit: query.limit,
    };
  };
  if (!isSearchAll) return walkedTotal(await read(false));
  const { page: _page, limit: _limit, ...filters } = query;
  return searchAllPage(db, `creatives ${JSON.stringify(filters)}`, read);
};
