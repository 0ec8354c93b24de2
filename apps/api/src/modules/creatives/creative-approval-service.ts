// Creative approval per exchange (admin and co-admin): the queue of creative x exchange rows and
// decisions on many rows at once, each in its own transaction; and the creative's DSP ids
// (creative_assoc_map). Every decision is written to the creative's change log (action
// 'exchange-approval': the exchange's state, the reason, and the overall status when it moved).

import type {
  CreativeApprovalState,
  CreativeAssocEntry,
  CreativeDecisionBody,
  CreativeDecisionResult,
  CreativeStatus,
  CreativeType,
  creativeApprovalQuery,
  creativeApprovalRow,
} from '@console/core/api/creatives';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { FieldChange } from '../../db/schema/audit.ts';
import { creativeDspAssoc, creativeExchanges, creatives } from '../../db/schema/creatives.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { users } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import { recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, itemFailureOf, notFound } from '../../platform/errors.ts';
import { approvalQueueSearch } from '../../platform/exchange-decisions.ts';
import { fetchPage } from '../../platform/pagination.ts';
import { userRefOf } from '../../platform/user-ref.ts';
import { actorOf } from './creative-access.ts';
import { findAssocMap, readCreativeDetail } from './creative-queries.ts';
import { ENTITY, refreshCreativeStatus } from './creative-service.ts';

type Query = z.output<typeof creativeApprovalQuery>;
type Row = z.infer<typeof creativeApprovalRow>;

export const EXCHANGE_NOT_ON_CREATIVE = 'This exchange is not one of the creative’s exchanges.';

const SORTS = {
  created_at: creativeExchanges.createdAt,
  creative: sql`lower(${creatives.name})`,
  exchange: exchanges.name,
  state: creativeExchanges.state,
} as const;

const previewOf = (
  type: string,
  media: { url: string } | null,
  native: { main_image: { url: string } } | null,
) => (type === 'image' ? (media?.url ?? null) : type === 'native' ? (native?.main_image.url ?? null) : null);

export const listCreativeApprovals = async (deps: AppDeps, query: Query) => {
  const decider = alias(users, 'decider');
  const q = query.q?.trim();
  const where: SQL | undefined = and(
    query.state ? eq(creativeExchanges.state, query.state) : undefined,
    query.exchange_id ? eq(creativeExchanges.exchangeId, query.exchange_id) : undefined,
    query.advertiser_id ? eq(creatives.advertiserId, query.advertiser_id) : undefined,
    query.creative_id ? eq(creativeExchanges.creativeId, query.creative_id) : undefined,
    query.creative_ids?.length ? inArray(creativeExchanges.creativeId, query.creative_ids) : undefined,
    query.creative_type ? eq(creatives.creativeType, query.creative_type) : undefined,
    q ? approvalQueueSearch(creatives.name, q) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  return fetchPage(
    query,
    (limit, offset) =>
      deps.db
        .select({
          creativeId: creatives.id,
          creativeName: creatives.name,
          creativeType: creatives.creativeType,
          creativeStatus: creatives.status,
          size: creatives.size,
          media: creatives.media,
          native: creatives.nativeAssets,
          advertiserId: users.id,
          advertiserEmail: users.email,
          advertiserCompany: users.companyName,
          exchangeId: exchanges.id,
          exchangeName: exchanges.name,
          state: creativeExchanges.state,
          reason: creativeExchanges.reason,
          decidedAt: creativeExchanges.decidedAt,
          createdAt: creativeExchanges.createdAt,
          deciderId: decider.id,
          deciderEmail: decider.email,
        })
        .from(creativeExchanges)
        .innerJoin(creatives, eq(creatives.id, creativeExchanges.creativeId))
        .innerJoin(users, eq(users.id, creatives.advertiserId))
        .innerJoin(exchanges, eq(exchanges.id, creativeExchanges.exchangeId))
        .leftJoin(decider, eq(decider.id, creativeExchanges.decidedBy))
        .where(where)
        .orderBy(
          direction(SORTS[query.sort]),
          direction(creativeExchanges.creativeId),
          direction(creativeExchanges.exchangeId),
        )
        .limit(limit)
        .offset(offset),
    () =>
      deps.db
        .select({ value: count() })
        .from(creativeExchanges)
        .innerJoin(creatives, eq(creatives.id, creativeExchanges.creativeId))
        .innerJoin(users, eq(users.id, creatives.advertiserId))
        .innerJoin(exchanges, eq(exchanges.id, creativeExchanges.exchangeId))
        .where(where),
    (row): Row => ({
      creative_id: row.creativeId,
      creative_name: row.creativeName,
      creative_type: row.creativeType as CreativeType,
      creative_status: row.creativeStatus as CreativeStatus,
      size: row.size,
      preview_url: previewOf(row.creativeType, row.media, row.native),
      advertiser: {
        user_primary_id: row.advertiserId,
        email: row.advertiserEmail,
        companyName: row.advertiserCompany,
      },
      exchange_id: row.exchangeId,
      exchange_name: row.exchangeName,
      state: row.state as CreativeApprovalState,
      reason: row.reason,
      decided_by: userRefOf(row.deciderId, row.deciderEmail),
      decided_at: row.decidedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    }),
  );
};

/** One decision on one creative x exchange, inside the caller's transaction. */
const decideCreativeExchange = async (
  tx: DbOrTx,
  principal: Principal,
  item: { creative_id: number; exchange_id: number },
  decision: 'APPROVED' | 'REJECTED',
  reason: string | null,
): Promise<CreativeStatus> => {
  const creative = await requireAccess(tx, principal, 'creative', item.creative_id, { lock: true });
  const [entry] = await tx
    .select({ state: creativeExchanges.state, reason: creativeExchanges.reason, name: exchanges.name })
    .from(creativeExchanges)
    .innerJoin(exchanges, eq(exchanges.id, creativeExchanges.exchangeId))
    .where(
      and(eq(creativeExchanges.creativeId, creative.id), eq(creativeExchanges.exchangeId, item.exchange_id)),
    );
  if (!entry) throw notFound(EXCHANGE_NOT_ON_CREATIVE);
  const newReason = decision === 'REJECTED' ? reason : null;
  const changes: FieldChange[] = [];
  if (entry.state !== decision)
    changes.push({ field: `exchange:${entry.name}`, from: entry.state, to: decision });
  if ((entry.reason ?? null) !== newReason)
    changes.push({ field: `reason:${entry.name}`, from: entry.reason ?? null, to: newReason });
  if (changes.length === 0) return creative.status as CreativeStatus;
  await tx
    .update(creativeExchanges)
    .set({ state: decision, reason: newReason, decidedBy: actorIdOf(principal), decidedAt: new Date() })
    .where(
      and(eq(creativeExchanges.creativeId, creative.id), eq(creativeExchanges.exchangeId, item.exchange_id)),
    );
  const status = await refreshCreativeStatus(tx, creative);
  if (status.change) changes.push(status.change);
  await recordChange(tx, {
    entityType: ENTITY,
    entityId: creative.id,
    action: 'exchange-approval',
    ...actorOf(principal),
    changes,
  });
  return status.status as CreativeStatus;
};

/** Each item in its own transaction; the answer says, per item, ok or why not. */
export const decideCreativeExchanges = async (
  context: { deps: AppDeps; principal: Principal; log: Pick<FastifyBaseLogger, 'error'> },
  body: CreativeDecisionBody,
): Promise<CreativeDecisionResult> => {
  const { deps, principal, log } = context;
  const results: CreativeDecisionResult['results'] = [];
  for (const item of body.items) {
    try {
      const status = await deps.db.transaction((tx) =>
        decideCreativeExchange(tx, principal, item, body.decision, body.reason?.trim() || null),
      );
      results.push({ ...item, ok: true, creative_status: status });
    } catch (error) {
      results.push({ ...item, ...itemFailureOf(error, log, { ...item }) });
    }
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
};

/** Replaces the creative's DSP ids; an upstream id already naming another creative is a conflict. */
export const setCreativeAssocMap = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  entries: CreativeAssocEntry[],
) =>
  deps.db.transaction(async (tx) => {
    const creative = await requireAccess(tx, principal, 'creative', id, { lock: true });
    const before = await findAssocMap(tx, id);
    for (const entry of entries) {
      const [taken] = await tx
        .select({ creativeId: creativeDspAssoc.creativeId })
        .from(creativeDspAssoc)
        .where(
          and(
            eq(creativeDspAssoc.dspName, entry.dsp_name),
            eq(creativeDspAssoc.creativeAssociateId, entry.creative_associate_id),
            ne(creativeDspAssoc.creativeId, id),
          ),
        );
      if (taken)
        throw conflict(
          `${entry.dsp_name} already has the id ${entry.creative_associate_id} for another creative.`,
        );
    }
    const sorted = (list: CreativeAssocEntry[]) =>
      [...list].sort((a, b) => a.dsp_name.localeCompare(b.dsp_name)).map((entry) => ({ ...entry }));
    const from = sorted(before);
    const to = sorted(entries);
    if (JSON.stringify(from) !== JSON.stringify(to)) {
      await tx.delete(creativeDspAssoc).where(eq(creativeDspAssoc.creativeId, id));
      if (entries.length > 0)
        await tx.insert(creativeDspAssoc).values(
          entries.map((entry) => ({
            creativeId: id,
            dspName: entry.dsp_name,
            creativeAssociateId: entry.creative_associate_id,
          })),
        );
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: id,
        action: 'update',
        ...actorOf(principal),
        changes: [{ field: 'creative_assoc_map', from, to }],
      });
    }
    return readCreativeDetail(tx, creative);
  });
