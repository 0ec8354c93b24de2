// Exchange approval (admin and co-admin): the queue of campaign x exchange rows of submitted
// campaigns, and decisions on many rows at once, each in its own transaction.

import type {
  exchangeApprovalQuery,
  exchangeApprovalRow,
  exchangeDecisionResult,
} from '@console/core/api/campaigns';
import { LIST_COUNT_CAP } from '@console/core/api/common';
import {
  type CampaignStatus,
  type ExchangeApprovalState,
  REVIEWABLE_CAMPAIGN_STATUSES,
} from '@console/core/campaign-status';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { readRows } from '../../db/prepared-statement.ts';
import { campaignExchanges, campaigns } from '../../db/schema/campaigns.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { users } from '../../db/schema/users.ts';
import { renderedOnce } from '../../db/sql-fragment.ts';
import { requireAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { itemFailureOf } from '../../platform/errors.ts';
import { approvalQueueSearch, exchangeCountColumn } from '../../platform/exchange-decisions.ts';
import { COUNT_LIMIT, capped, pageSlice } from '../../platform/pagination.ts';
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

const decider = alias(users, 'decider');

/** The queue's rows, columns by their answer's names (rendered once). */
const rowColumns = renderedOnce(
  sql`${campaigns.id} as campaign_id, ${campaigns.name} as campaign_name,
    ${campaigns.status} as campaign_status, ${users.id} as advertiser_id, ${users.email} as advertiser_email,
    ${users.companyName} as advertiser_company, ${exchanges.id} as exchange_id, ${exchanges.name} as exchange_name,
    ${campaignExchanges.state} as state, ${campaignExchanges.reason} as reason,
    ${campaignExchanges.decidedAt} as decided_at, ${campaignExchanges.createdAt} as created_at,
    ${decider.id} as decider_id, ${decider.email} as decider_email
    from ${campaignExchanges}
    join ${campaigns} on ${campaigns.id} = ${campaignExchanges.campaignId}
    join ${users} on ${users.id} = ${campaigns.advertiserId}
    join ${exchanges} on ${exchanges.id} = ${campaignExchanges.exchangeId}
    left join ${users} as ${decider} on ${decider.id} = ${campaignExchanges.decidedBy}`,
);

const timeOf = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));

/**
 * The queue's count when only a state filters it: from each reviewable campaign's stored count of its
 * exchanges in that state (kept by trigger, migration 0036), over at most LIST_COUNT_CAP + 1
 * campaigns that have one (each has at least one, so that many reach the cap), capped as every
 * list's count. Counting the pairs walked the reviewable campaigns and looked each one's decisions
 * up: 4.3 of the queue's 4.5 ms of database time at 100,000 campaigns (12,088 buffers).
 */
const countedByCampaign = (state: Query['state']) => {
  const counter = exchangeCountColumn('campaigns', state);
  return sql`(select least(coalesce(sum(n), 0), ${sql.raw(String(LIST_COUNT_CAP + 1))})::int
    from (select ${counter} as n from ${campaigns}
      where ${inArray(campaigns.status, [...REVIEWABLE_CAMPAIGN_STATUSES])} and ${counter} > 0 ${COUNT_LIMIT}) as counted)`;
};

/**
 * The queue, a page and its count in one prepared statement. The count is capped as the campaign
 * list's is; a search counts exactly.
 */
export const listExchangeApprovals = async (deps: AppDeps, query: Query) => {
  const q = query.q?.trim();
  const where =
    and(
      inArray(campaigns.status, [...REVIEWABLE_CAMPAIGN_STATUSES]),
      query.state ? eq(campaignExchanges.state, query.state) : undefined,
      query.exchange_id ? eq(campaignExchanges.exchangeId, query.exchange_id) : undefined,
      query.advertiser_id ? eq(campaigns.advertiserId, query.advertiser_id) : undefined,
      query.campaign_id ? eq(campaignExchanges.campaignId, query.campaign_id) : undefined,
      q ? approvalQueueSearch(campaigns.name, q) : undefined,
    ) ?? sql`true`;
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const order = (prefix: string) =>
    sql`${sql.raw(`${prefix}k0`)} ${direction}, ${sql.raw(`${prefix}campaign_id`)} ${direction}, ${sql.raw(`${prefix}exchange_id`)} ${direction}`;
  // Users and exchanges are joined in the count only for a search: every row has both (foreign keys).
  const onlyByState = !q && !query.exchange_id && !query.advertiser_id && !query.campaign_id;
  const total = q
    ? sql`(select count(*) from (select ${rowColumns} where ${where}) as matching)::int`
    : onlyByState
      ? countedByCampaign(query.state)
      : sql`(select count(*) from (select 1 from ${campaignExchanges}
        join ${campaigns} on ${campaigns.id} = ${campaignExchanges.campaignId}
        where ${where} ${COUNT_LIMIT}) as matching)::int`;
  const all = await readRows(
    deps.db,
    sql`select ${total} as total, page.* from (select 1) as one
      left join (select ${SORTS[query.sort]} as k0, ${rowColumns}
        where ${where}
        order by k0 ${direction}, ${campaignExchanges.campaignId} ${direction}, ${campaignExchanges.exchangeId} ${direction}
        ${pageSlice(query)}) as page on true
      order by ${order('page.')}`,
    order('r.'),
  );
  const rows = all.filter((raw) => raw.campaign_id !== null && raw.campaign_id !== undefined);
  const items = rows.map(
    (row): Row => ({
      campaign_id: Number(row.campaign_id),
      campaign_name: String(row.campaign_name),
      campaign_status: row.campaign_status as CampaignStatus,
      advertiser: {
        user_primary_id: Number(row.advertiser_id),
        email: String(row.advertiser_email),
        companyName: row.advertiser_company as string,
      },
      exchange_id: Number(row.exchange_id),
      exchange_name: String(row.exchange_name),
      state: row.state as ExchangeApprovalState,
      reason: (row.reason as string | null) ?? null,
      decided_by: userRefOf(
        row.decider_id === null || row.decider_id === undefined ? null : Number(row.decider_id),
        (row.decider_email as string | null) ?? null,
      ),
      decided_at: timeOf(row.decided_at)?.toISOString() ?? null,
      created_at: timeOf(row.created_at)!.toISOString(),
    }),
  );
  return capped(
    { items, total: Number(all[0]?.total ?? 0), page: query.page, limit: query.limit },
    Boolean(q),
  );
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
