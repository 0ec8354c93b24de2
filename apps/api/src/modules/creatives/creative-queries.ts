// Reads of creatives: the detail with its exchanges and DSP ids, and the list page (one query for
// the page, one for the counts of its exchanges, one for its first DSP ids).
import type {
  CreativeApprovalState,
  CreativeDetail,
  CreativeListItem,
  CreativeListQuery,
  CreativeStatus,
  CreativeType,
} from '@console/core/api/creatives';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { creativeDspAssoc, creativeExchanges, creatives } from '../../db/schema/creatives.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { users } from '../../db/schema/users.ts';
import { fetchPage, likePattern, type Page } from '../../platform/pagination.ts';
import type { CreativeRow } from './creative-access.ts';

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

const countsOf = (states: readonly string[]) => ({
  total: states.length,
  pending: states.filter((state) => state === 'PENDING').length,
  approved: states.filter((state) => state === 'APPROVED').length,
  rejected: states.filter((state) => state === 'REJECTED').length,
});

const previewOf = (row: CreativeRow) =>
  row.creativeType === 'native'
    ? (row.nativeAssets?.main_image.url ?? null)
    : row.creativeType === 'image'
      ? (row.media?.url ?? null)
      : null;

const toListItem = (
  row: CreativeRow,
  advertiser: AdvertiserRef,
  states: readonly string[],
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
  exchange_counts: countsOf(states),
  creative_associate_id: associateId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const userRef = (id: number | null, email: string | null) =>
  id === null || email === null ? null : { user_primary_id: id, email };

export const readCreativeDetail = async (db: DbOrTx, row: CreativeRow): Promise<CreativeDetail> => {
  const [exchangeRows, assoc, [advertiser], [creator]] = await Promise.all([
    findCreativeExchanges(db, row.id),
    findAssocMap(db, row.id),
    db
      .select({ user_primary_id: users.id, email: users.email, companyName: users.companyName })
      .from(users)
      .where(eq(users.id, row.advertiserId)),
    row.createdBy === null
      ? Promise.resolve([])
      : db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.createdBy)),
  ]);
  const item = toListItem(
    row,
    advertiser ?? { user_primary_id: row.advertiserId, email: '', companyName: '' },
    exchangeRows.map((exchange) => exchange.state),
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
    exchanges: exchangeRows.map((exchange) => ({
      exchange_id: exchange.exchangeId,
      name: exchange.name,
      state: exchange.state,
      reason: exchange.reason,
      decided_by: userRef(exchange.deciderId, exchange.deciderEmail),
      decided_at: exchange.decidedAt?.toISOString() ?? null,
    })),
    creative_assoc_map: assoc,
    created_by: creator ? { user_primary_id: creator.id, email: creator.email } : null,
  };
};

const SORTS = {
  created_at: creatives.createdAt,
  updated_at: creatives.updatedAt,
  name: sql`lower(${creatives.name})`,
  status: creatives.status,
  creative_type: creatives.creativeType,
} as const;

/** Filters of the list; `scope` is the caller's tenancy condition, `extra` a route's own (a campaign). */
export const listCreativesWhere = (
  db: DbOrTx,
  query: CreativeListQuery,
  scope: SQL | undefined,
  extra?: SQL,
): SQL | undefined => {
  const q = query.q?.trim();
  const exchangeFilter =
    query.exchange_id !== undefined || query.exchange_state !== undefined
      ? exists(
          db
            .select({ one: sql`1` })
            .from(creativeExchanges)
            .where(
              and(
                eq(creativeExchanges.creativeId, creatives.id),
                query.exchange_id === undefined
                  ? undefined
                  : eq(creativeExchanges.exchangeId, query.exchange_id),
                query.exchange_state === undefined
                  ? undefined
                  : eq(creativeExchanges.state, query.exchange_state),
              ),
            ),
        )
      : undefined;
  return and(
    scope,
    extra,
    query.creative_type ? eq(creatives.creativeType, query.creative_type) : undefined,
    query.status ? eq(creatives.status, query.status) : undefined,
    query.advertiser_id ? eq(creatives.advertiserId, query.advertiser_id) : undefined,
    exchangeFilter,
    q
      ? or(
          ilike(creatives.name, likePattern(q)),
          /^\d{1,15}$/.test(q) ? eq(creatives.id, Number(q)) : undefined,
        )
      : undefined,
  );
};

export const listCreativePage = async (
  db: DbOrTx,
  query: CreativeListQuery,
  where: SQL | undefined,
): Promise<Page<CreativeListItem>> => {
  const direction = query.order === 'asc' ? asc : desc;
  const page = await fetchPage(
    query,
    (limit, offset) =>
      db
        .select({
          creative: creatives,
          advertiser: { user_primary_id: users.id, email: users.email, companyName: users.companyName },
        })
        .from(creatives)
        .innerJoin(users, eq(users.id, creatives.advertiserId))
        .where(where)
        .orderBy(direction(SORTS[query.sort]), direction(creatives.id))
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ value: count() })
        .from(creatives)
        .innerJoin(users, eq(users.id, creatives.advertiserId))
        .where(where),
    (row) => row,
  );
  const ids = page.items.map((row) => row.creative.id);
  const [stateRows, assocRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ creativeId: creativeExchanges.creativeId, state: creativeExchanges.state })
            .from(creativeExchanges)
            .where(inArray(creativeExchanges.creativeId, ids)),
          db
            .select({
              creativeId: creativeDspAssoc.creativeId,
              id: creativeDspAssoc.creativeAssociateId,
            })
            .from(creativeDspAssoc)
            .where(inArray(creativeDspAssoc.creativeId, ids))
            .orderBy(asc(creativeDspAssoc.dspName)),
        ]);
  const states = new Map<number, string[]>();
  for (const row of stateRows) states.set(row.creativeId, [...(states.get(row.creativeId) ?? []), row.state]);
  const firstAssoc = new Map<number, string>();
  for (const row of assocRows) if (!firstAssoc.has(row.creativeId)) firstAssoc.set(row.creativeId, row.id);
  return {
    ...page,
    items: page.items.map((row) =>
      toListItem(
        row.creative,
        row.advertiser,
        states.get(row.creative.id) ?? [],
        firstAssoc.get(row.creative.id) ?? null,
      ),
    ),
  };
};
