// Exchange approval (admin and co-admin): the queue of campaign x exchange rows of submitted
// campaigns, and decisions on many rows at once, each in its own transaction.

import {
  type exchangeApprovalQuery,
  type exchangeApprovalRow,
  type exchangeDecisionResult,
  LIST_COUNT_CAP,
} from '@console/core/api/campaigns';
import {
  type CampaignStatus,
  type ExchangeApprovalState,
  REVIEWABLE_CAMPAIGN_STATUSES,
} from '@console/core/campaign-status';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { campaignExchanges, campaigns } from '../../db/schema/campaigns.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { users } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { itemFailureOf } from '../../platform/errors.ts';
import { capped, fetchPage, likePattern } from '../../platform/pagination.ts';
import { userRefOf } from '../../platform/user-ref.ts';
import { decideExchange } from './campaign-transitions.ts';

type Query = z.output<typeof exchangeApprovalQuery>;
type Row = z.infer<typeof exchangeApprovalRow>;
type DecisionResult = z.infer<typeof exchangeDecisionResult>;

const SORTS = {
  created_at: campaignExchanges.createdAt,
  campaign: campaigns.name,
  exchange: exchanges.name,
  state: campaignExchanges.state,
} as const;

export const listExchangeApprovals = async (deps: AppDeps, query: Query) => {
  const decider = alias(users, 'decider');
  const q = query.q?.trim();
  const where: SQL | undefined = and(
    inArray(campaigns.status, [...REVIEWABLE_CAMPAIGN_STATUSES]),
    query.state ? eq(campaignExchanges.state, query.state) : undefined,
    query.exchange_id ? eq(campaignExchanges.exchangeId, query.exchange_id) : undefined,
    query.advertiser_id ? eq(campaigns.advertiserId, query.advertiser_id) : undefined,
    query.campaign_id ? eq(campaignExchanges.campaignId, query.campaign_id) : undefined,
    q
      ? or(
          ilike(campaigns.name, likePattern(q)),
          ilike(exchanges.name, likePattern(q)),
          ilike(users.companyName, likePattern(q)),
        )
      : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const page = await fetchPage(
    query,
    (limit, offset) =>
      deps.db
        .select({
          campaignId: campaigns.id,
          campaignName: campaigns.name,
          campaignStatus: campaigns.status,
          advertiserId: users.id,
          advertiserEmail: users.email,
          advertiserCompany: users.companyName,
          exchangeId: exchanges.id,
          exchangeName: exchanges.name,
          state: campaignExchanges.state,
          reason: campaignExchanges.reason,
          decidedAt: campaignExchanges.decidedAt,
          createdAt: campaignExchanges.createdAt,
          deciderId: decider.id,
          deciderEmail: decider.email,
        })
        .from(campaignExchanges)
        .innerJoin(campaigns, eq(campaigns.id, campaignExchanges.campaignId))
        .innerJoin(users, eq(users.id, campaigns.advertiserId))
        .innerJoin(exchanges, eq(exchanges.id, campaignExchanges.exchangeId))
        .leftJoin(decider, eq(decider.id, campaignExchanges.decidedBy))
        .where(where)
        .orderBy(
          direction(SORTS[query.sort]),
          direction(campaignExchanges.campaignId),
          direction(campaignExchanges.exchangeId),
        )
        .limit(limit)
        .offset(offset),
    () => {
      // Users and exchanges are joined only for a search: every row has both (foreign keys).
      const base = deps.db.select({ one: sql`1` }).from(campaignExchanges);
      const joined = q
        ? base
            .innerJoin(campaigns, eq(campaigns.id, campaignExchanges.campaignId))
            .innerJoin(users, eq(users.id, campaigns.advertiserId))
            .innerJoin(exchanges, eq(exchanges.id, campaignExchanges.exchangeId))
            .where(where)
        : base.innerJoin(campaigns, eq(campaigns.id, campaignExchanges.campaignId)).where(where);
      const source = (q ? joined : joined.limit(LIST_COUNT_CAP + 1)).as('matching');
      return deps.db.select({ value: count() }).from(source);
    },
    (row): Row => ({
      campaign_id: row.campaignId,
      campaign_name: row.campaignName,
      campaign_status: row.campaignStatus as CampaignStatus,
      advertiser: {
        user_primary_id: row.advertiserId,
        email: row.advertiserEmail,
        companyName: row.advertiserCompany,
      },
      exchange_id: row.exchangeId,
      exchange_name: row.exchangeName,
      state: row.state as ExchangeApprovalState,
      reason: row.reason,
      decided_by: userRefOf(row.deciderId, row.deciderEmail),
      decided_at: row.decidedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    }),
  );
  return capped(page, Boolean(q));
};

/** Each item in its own transaction; the answer says, per item, ok or why not. */
export const decideExchanges = async (
  context: { deps: AppDeps; principal: Principal; log: Pick<FastifyBaseLogger, 'error'> },
  body: {
    items: { campaign_id: number; exchange_id: number }[];
    decision: 'APPROVED' | 'REJECTED';
    reason?: string | undefined;
  },
): Promise<DecisionResult> => {
  const { deps, principal, log } = context;
  const results: DecisionResult['results'] = [];
  for (const item of body.items) {
    try {
      const campaign = await deps.db.transaction(async (tx) => {
        const locked = await requireAccess(tx, principal, 'campaign', item.campaign_id, { lock: true });
        return decideExchange(tx, principal, locked, item.exchange_id, body.decision, body.reason ?? null);
      });
      results.push({ ...item, ok: true, campaign_status: campaign.status as CampaignStatus });
    } catch (error) {
      results.push({ ...item, ...itemFailureOf(error, log, { ...item }) });
    }
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
};
