// Audiences: list, read, create a rule audience, rename, status moves (archive) and the rule's
// refresh. Uploaded audiences are created by list-import-service.ts. Every status write checks the
// lifecycle of packages/core/src/audience-status.ts; the worker makes the 'system' moves.
import type {
  AudienceDetail,
  AudienceListItem,
  AudienceListQuery,
  AudienceRuleCreateBody,
} from '@console/core/api/audiences';
import {
  type AudienceStatus,
  checkAudienceTransition,
  findOwnerAudienceMoves,
} from '@console/core/audience-status';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { audiences, campaigns } from '../../db/schema/campaigns.ts';
import { listImports } from '../../db/schema/lists.ts';
import { requireAccess } from '../../platform/access.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Page } from '../../platform/pagination.ts';
import { isUniqueViolation } from '../reference/index.ts';
import { type AudienceRow, NAME_TAKEN, resolveListOwner } from './list-access.ts';
import { AUDIENCE_LINK, assertUnusedByCampaigns, campaignsUsing } from './list-campaigns.ts';
import { assertAudienceNameFree, findPendingImportId } from './list-import-service.ts';
import { listOwnedLists, ownedListPages, readOwnedListItem } from './list-pages.ts';
import { updateListFields } from './list-update.ts';
import { RULE_JOB_PAYLOAD, RULE_NOTE } from './rule-audience.ts';

const ENTITY = 'audience';

const PAGES = ownedListPages({
  table: audiences,
  link: AUDIENCE_LINK,
  sorts: {
    name: sql`lower(${audiences.name})`,
    status: audiences.status,
    matched_size: sql`coalesce(${audiences.matchedSize}, -1)`,
    created_at: audiences.createdAt,
    updated_at: audiences.updatedAt,
  },
  item: (list) => ({
    audience_id: list.id,
    name: list.name,
    source: list.source,
    status: list.status,
    failure_reason: list.failureReason,
    matched_size: list.matchedSize,
    device_id_count: list.deviceIdCount,
    email_hash_count: list.emailHashCount,
  }),
});

export const listAudiences = async (
  db: DbOrTx,
  principal: Principal,
  query: AudienceListQuery,
): Promise<Page<AudienceListItem>> =>
  listOwnedLists(
    db,
    principal,
    PAGES,
    query,
    query.status ? eq(audiences.status, query.status) : undefined,
    query.source ? eq(audiences.source, query.source) : undefined,
  );

export const readAudience = async (db: DbOrTx, principal: Principal, id: number): Promise<AudienceDetail> => {
  const audience = await requireAccess(db, principal, 'audience', id);
  return {
    ...(await readOwnedListItem(db, PAGES, audience.id)),
    rule: audience.rule ?? null,
    rule_note: audience.source === 'RULE' ? RULE_NOTE : null,
    campaigns: await campaignsUsing<'INCLUDE' | 'EXCLUDE'>(db, AUDIENCE_LINK, audience.id),
    next_statuses: findOwnerAudienceMoves(audience.status).filter(
      // Reprocessing is what an upload or a refresh does, not a button of its own.
      (status) => status !== 'PROCESSING',
    ),
    pending_import_id: await findPendingImportId(db, { audienceId: audience.id }),
    processed_at: audience.processedAt?.toISOString() ?? null,
  };
};

/** The campaigns of a rule must be the advertiser's own (unknown and foreign ids alike). */
const checkRuleCampaigns = async (db: DbOrTx, ownerId: number, ids: number[]) => {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(inArray(campaigns.id, ids), eq(campaigns.advertiserId, ownerId)));
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const message = `These campaigns are not this advertiser's: ${missing.join(', ')}.`;
    throw badRequest(message, { 'rule.campaign_ids': message });
  }
};

const queueRule = (db: DbOrTx, audience: { id: number; ownerId: number }, principal: Principal) =>
  db.insert(listImports).values({
    kind: 'AUDIENCE_RULE',
    ownerId: audience.ownerId,
    audienceId: audience.id,
    payload: RULE_JOB_PAYLOAD,
    ...actorOf(principal),
  });

export const createRuleAudience = async (
  deps: AppDeps,
  principal: Principal,
  body: AudienceRuleCreateBody,
): Promise<AudienceDetail> => {
  const ownerId = await resolveListOwner(deps.db, principal, body.advertiser_id);
  await checkRuleCampaigns(deps.db, ownerId, body.rule.campaign_ids);
  try {
    const id = await deps.db.transaction(async (tx) => {
      await assertAudienceNameFree(tx, ownerId, body.name);
      const actor = actorOf(principal);
      const [created] = await tx
        .insert(audiences)
        .values({
          ownerId,
          name: body.name,
          source: 'RULE',
          status: 'PROCESSING',
          rule: body.rule,
          createdBy: actor.actorUserId,
        })
        .returning();
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: created!.id,
        action: 'create',
        ...actor,
        changes: [
          { field: 'name', from: null, to: body.name },
          { field: 'source', from: null, to: 'RULE' },
          { field: 'rule', from: null, to: body.rule },
          { field: 'status', from: null, to: 'PROCESSING' },
        ],
      });
      await queueRule(tx, created!, principal);
      return created!.id;
    });
    return readAudience(deps.db, principal, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(NAME_TAKEN.audience, { name: NAME_TAKEN.audience });
    throw error;
  }
};

/** An owner's move by the lifecycle (archive; reprocess is an upload or a refresh). */
const moveAudience = async (tx: DbOrTx, principal: Principal, audience: AudienceRow, to: AudienceStatus) => {
  const check = checkAudienceTransition(audience.status, to, 'owner');
  if (!check.ok) throw badRequest(check.message, { to: check.message });
  await tx
    .update(audiences)
    .set({ status: to, failureReason: null, updatedAt: new Date() })
    .where(eq(audiences.id, audience.id));
  await recordChange(tx, {
    entityType: ENTITY,
    entityId: audience.id,
    action: 'status',
    ...actorOf(principal),
    changes: [{ field: 'status', from: audience.status, to }],
  });
};

export const changeAudienceStatus = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  to: AudienceStatus,
): Promise<AudienceDetail> => {
  await deps.db.transaction(async (tx) => {
    const audience = await requireAccess(tx, principal, 'audience', id, { lock: true });
    if (to === 'PROCESSING') {
      const message = 'Upload a file or refresh the rule to process the audience again.';
      throw badRequest(message, { to: message });
    }
    // An archived audience is out of use: the bidder would keep matching it in the campaigns that
    // still name it, so those campaigns let go of it first (as a list is deleted only when unused).
    if (to === 'ARCHIVED') await assertUnusedByCampaigns(tx, AUDIENCE_LINK, audience.id, 'This audience');
    await moveAudience(tx, principal, audience, to);
  });
  return readAudience(deps.db, principal, id);
};

/** Computes a rule audience again (READY or FAILED -> PROCESSING, then the worker). */
export const refreshRuleAudience = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
): Promise<AudienceDetail> => {
  await deps.db.transaction(async (tx) => {
    const audience = await requireAccess(tx, principal, 'audience', id, { lock: true });
    if (audience.source !== 'RULE')
      throw badRequest('Only a rule audience is refreshed; upload a file instead.');
    await moveAudience(tx, principal, audience, 'PROCESSING');
    await queueRule(tx, audience, principal);
  });
  return readAudience(deps.db, principal, id);
};

export const renameAudience = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  name: string,
): Promise<AudienceDetail> => {
  await updateListFields(deps.db, principal, {
    entity: ENTITY,
    lock: (tx) => requireAccess(tx, principal, 'audience', id, { lock: true }),
    fields: (audience) => ({ before: { name: audience.name }, after: { name } }),
    write: async (tx, audience) => {
      if (audience.status === 'ARCHIVED') throw badRequest('An archived audience cannot be changed.');
      await assertAudienceNameFree(tx, audience.ownerId, name, audience.id);
      await tx.update(audiences).set({ name, updatedAt: new Date() }).where(eq(audiences.id, audience.id));
    },
    nameTaken: () => badRequest(NAME_TAKEN.audience, { name: NAME_TAKEN.audience }),
  });
  return readAudience(deps.db, principal, id);
};
