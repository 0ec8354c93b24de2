// The inventory lists and audiences a campaign of one advertiser may use: the choices of the campaign
// form and bulk edit (GET /api/campaigns/relation-options). The advertiser is scoped like every
// campaign route: an advertiser its own, an agency its advertisers, admin and co-admin any; outside
// that the answer is "not found".
import {
  RELATION_OPTIONS_LIMIT,
  type RelationOptions,
  type RelationOptionsQuery,
} from '@console/core/api/campaigns';
import { ATTACHABLE_AUDIENCE_STATUSES } from '@console/core/audience-status';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applists, audiences } from '../../db/schema/campaigns.ts';
import { requireAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { likePattern } from '../../platform/pagination.ts';
import { CHOOSE_ADVERTISER } from './campaign-access.ts';

/** The advertiser whose options are asked for: an advertiser's own unless named; others must name one. */
const resolveAdvertiser = async (db: DbOrTx, principal: Principal, advertiserId: number | undefined) => {
  if (advertiserId === undefined) {
    if (principal.role === 'ADVERTISER') return principal.userId;
    throw badRequest(CHOOSE_ADVERTISER, { advertiser_id: CHOOSE_ADVERTISER });
  }
  return (await requireAccess(db, principal, 'advertiser', advertiserId)).id;
};

/** Both lists by name (case-insensitive, then id), each at most RELATION_OPTIONS_LIMIT. */
export const listRelationOptions = async (
  db: DbOrTx,
  principal: Principal,
  query: RelationOptionsQuery,
): Promise<RelationOptions> => {
  const advertiserId = await resolveAdvertiser(db, principal, query.advertiser_id);
  const q = query.q?.trim();
  const pattern = q ? likePattern(q) : undefined;
  // Sequential on purpose: each is an index read of one owner's rows (see readRelationIds).
  const applistRows = await db
    .select({
      applist_id: applists.id,
      name: applists.name,
      kind: applists.kind,
      default_mode: applists.defaultMode,
      entry_count: applists.entryCount,
    })
    .from(applists)
    .where(and(eq(applists.ownerId, advertiserId), pattern ? ilike(applists.name, pattern) : undefined))
    .orderBy(asc(sql`lower(${applists.name})`), asc(applists.id))
    .limit(RELATION_OPTIONS_LIMIT);
  const audienceRows = await db
    .select({
      audience_id: audiences.id,
      name: audiences.name,
      status: audiences.status,
      matched_size: audiences.matchedSize,
    })
    .from(audiences)
    .where(
      and(
        eq(audiences.ownerId, advertiserId),
        inArray(audiences.status, [...ATTACHABLE_AUDIENCE_STATUSES]),
        pattern ? ilike(audiences.name, pattern) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${audiences.name})`), asc(audiences.id))
    .limit(RELATION_OPTIONS_LIMIT);
  return { applists: applistRows, audiences: audienceRows };
};
