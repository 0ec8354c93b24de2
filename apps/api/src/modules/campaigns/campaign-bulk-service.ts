// Bulk campaign operations (spec section 7: bid-range, inventory, audience, update, status, exchanges).
// Each campaign is changed in its own transaction, with the same scope check and rules as a single
// edit: one that fails (not found, not editable, a broken rule) is reported with its reason and
// leaves the others changed. The answer lists every id with ok or the reason.
import {
  type BulkResult,
  type BulkUpdateFields,
  findCrossFieldErrors,
  type Targeting,
} from '@console/core/api/campaigns';
import type { CampaignStatus } from '@console/core/campaign-status';
import { formatMicros } from '@console/core/format/money';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { campaigns } from '../../db/schema/campaigns.ts';
import { requireAccess } from '../../platform/access.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, itemFailureOf } from '../../platform/errors.ts';
import { actorOf, type CampaignRow } from './campaign-access.ts';
import { type CampaignRelations, readRelationIds } from './campaign-queries.ts';
import {
  checkApplists,
  checkAudiences,
  checkExchanges,
  replaceAudiences,
  replaceInventory,
  syncExchanges,
} from './campaign-relations.ts';
import { assertEditable, assertKeepsExchange } from './campaign-service.ts';
import { applyTransition } from './campaign-transitions.ts';

export type ListOp = 'add' | 'remove' | 'replace';

export const bulkMessage = (result: BulkResult) =>
  `${result.succeeded} of ${result.results.length} campaigns changed` +
  (result.failed > 0
    ? `; ${result.failed} failed and ${result.failed === 1 ? 'is' : 'are'} unchanged. Each campaign is saved on its own, so the others keep their changes.`
    : '.');

/** Runs `work` for each id in its own transaction after the locked scope check. */
export type BulkContext = { deps: AppDeps; principal: Principal; log: Pick<FastifyBaseLogger, 'error'> };

const runPerCampaign = async (
  { deps, principal, log }: BulkContext,
  ids: number[],
  work: (tx: Tx, campaign: CampaignRow) => Promise<void>,
): Promise<BulkResult> => {
  const results: BulkResult['results'] = [];
  for (const id of ids) {
    try {
      await deps.db.transaction(async (tx) => {
        const campaign = await requireAccess(tx, principal, 'campaign', id, { lock: true });
        await work(tx, campaign);
      });
      results.push({ campaign_id: id, ok: true });
    } catch (error) {
      results.push({ campaign_id: id, ...itemFailureOf(error, log, { campaign_id: id }) });
    }
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
};

const recordUpdate = (tx: Tx, principal: Principal, id: number, before: object, after: object) =>
  recordChange(tx, {
    entityType: 'campaign',
    entityId: id,
    action: 'update',
    ...actorOf(principal),
    changes: diffFields(before as Record<string, unknown>, after as Record<string, unknown>),
  });

const touch = (tx: Tx, id: number) =>
  tx.update(campaigns).set({ updatedAt: new Date() }).where(eq(campaigns.id, id));

/** A new bid range (and bid); without a new bid, each bid must already lie in the range. */
export const bulkBidRange = (
  context: BulkContext,
  body: { ids: number[]; min_bid_micros: number; max_bid_micros: number; bid_micros?: number | undefined },
) =>
  runPerCampaign(context, body.ids, async (tx, campaign) => {
    assertEditable(campaign);
    const bid = body.bid_micros ?? campaign.bidMicros;
    if (bid < body.min_bid_micros || bid > body.max_bid_micros)
      throw badRequest(
        `The bid ${formatMicros(bid)} is outside the range ${formatMicros(body.min_bid_micros)} to ${formatMicros(body.max_bid_micros)}: give a bid too.`,
      );
    const before = {
      bid_micros: campaign.bidMicros,
      min_bid_micros: campaign.minBidMicros,
      max_bid_micros: campaign.maxBidMicros,
    };
    const after = {
      bid_micros: bid,
      min_bid_micros: body.min_bid_micros,
      max_bid_micros: body.max_bid_micros,
    };
    await tx
      .update(campaigns)
      .set({
        bidMicros: bid,
        minBidMicros: body.min_bid_micros,
        maxBidMicros: body.max_bid_micros,
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, campaign.id));
    await recordUpdate(tx, context.principal, campaign.id, before, after);
  });

/** The next list of (id, mode) entries after add, remove or replace. */
const nextEntries = <K extends string, M extends string>(
  current: ({ [key in K]: number } & { mode: M })[],
  key: K,
  ids: number[],
  mode: M,
  op: ListOp,
) => {
  const make = (id: number) => ({ [key]: id, mode }) as { [key in K]: number } & { mode: M };
  const named = new Set(ids);
  const kept = op === 'replace' ? [] : current.filter((entry) => !named.has(entry[key]));
  const next = op === 'remove' ? kept : [...kept, ...ids.map(make)];
  return next.sort((a, b) => a[key] - b[key]);
};

export const bulkInventory = (
  context: BulkContext,
  body: { ids: number[]; applist_ids: number[]; mode: 'ALLOW' | 'BLOCK'; op: ListOp },
) =>
  runPerCampaign(context, body.ids, async (tx, campaign) => {
    assertEditable(campaign);
    if (body.op !== 'remove') await checkApplists(tx, campaign.advertiserId, body.applist_ids, 'applist_ids');
    const { inventory } = await readRelationIds(tx, campaign.id);
    const next = nextEntries<'applist_id', 'ALLOW' | 'BLOCK'>(
      inventory,
      'applist_id',
      body.applist_ids,
      body.mode,
      body.op,
    );
    await replaceInventory(tx, campaign.id, next);
    await touch(tx, campaign.id);
    await recordUpdate(tx, context.principal, campaign.id, { inventory }, { inventory: next });
  });

export const bulkAudience = (
  context: BulkContext,
  body: { ids: number[]; audience_ids: number[]; mode: 'INCLUDE' | 'EXCLUDE'; op: ListOp },
) =>
  runPerCampaign(context, body.ids, async (tx, campaign) => {
    assertEditable(campaign);
    const { audiences } = await readRelationIds(tx, campaign.id);
    if (body.op !== 'remove')
      await checkAudiences(
        tx,
        campaign.advertiserId,
        body.audience_ids,
        'audience_ids',
        audiences.map((entry) => entry.audience_id),
      );
    const next = nextEntries<'audience_id', 'INCLUDE' | 'EXCLUDE'>(
      audiences,
      'audience_id',
      body.audience_ids,
      body.mode,
      body.op,
    );
    await replaceAudiences(tx, campaign.id, next);
    await touch(tx, campaign.id);
    await recordUpdate(tx, context.principal, campaign.id, { audiences }, { audiences: next });
  });

/** Budgets, pacing, frequency cap and end date; the rules between fields hold on the merged values. */
export const bulkUpdate = (context: BulkContext, body: { ids: number[]; fields: BulkUpdateFields }) =>
  runPerCampaign(context, body.ids, async (tx, campaign) => {
    assertEditable(campaign);
    const { fields } = body;
    const before = {
      total_budget_micros: campaign.totalBudgetMicros,
      daily_budget_micros: campaign.dailyBudgetMicros,
      pacing: campaign.pacing,
      frequency_cap: campaign.frequencyCap,
      end_at: campaign.endAt.toISOString(),
      'targeting.min_viewability_pct': (campaign.targeting as Partial<Targeting>).min_viewability_pct ?? null,
    };
    const after = {
      total_budget_micros: fields.total_budget_micros ?? before.total_budget_micros,
      daily_budget_micros:
        fields.daily_budget_micros === undefined ? before.daily_budget_micros : fields.daily_budget_micros,
      pacing: fields.pacing ?? before.pacing,
      frequency_cap: fields.frequency_cap === undefined ? before.frequency_cap : fields.frequency_cap,
      end_at: fields.end_at ? new Date(fields.end_at).toISOString() : before.end_at,
      'targeting.min_viewability_pct':
        fields.min_viewability_pct === undefined
          ? before['targeting.min_viewability_pct']
          : fields.min_viewability_pct,
    };
    const errors = findCrossFieldErrors({ ...after, start_at: campaign.startAt.toISOString() });
    const [first] = Object.values(errors);
    if (first) throw badRequest(first, errors);
    await tx
      .update(campaigns)
      .set({
        totalBudgetMicros: after.total_budget_micros,
        dailyBudgetMicros: after.daily_budget_micros,
        pacing: after.pacing,
        frequencyCap: after.frequency_cap,
        endAt: new Date(after.end_at),
        targeting: { ...campaign.targeting, min_viewability_pct: after['targeting.min_viewability_pct'] },
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, campaign.id));
    await recordUpdate(tx, context.principal, campaign.id, before, after);
  });

export const bulkStatus = (
  context: BulkContext,
  body: { ids: number[]; to: CampaignStatus; reason?: string | undefined },
) =>
  runPerCampaign(context, body.ids, async (tx, campaign) => {
    await applyTransition(tx, context.principal, campaign, body.to, body.reason);
  });

/** Adds, removes or replaces exchanges; new ones start pending, those that stay keep their approval. */
export const bulkExchanges = (
  context: BulkContext,
  body: { ids: number[]; exchange_ids: number[]; op: ListOp },
) =>
  runPerCampaign(context, body.ids, async (tx, campaign) => {
    assertEditable(campaign);
    const { exchangeIds: current }: Pick<CampaignRelations, 'exchangeIds'> = await readRelationIds(
      tx,
      campaign.id,
    );
    const named = new Set(body.exchange_ids);
    const kept = body.op === 'replace' ? [] : current.filter((id) => !named.has(id));
    const next = [...new Set(body.op === 'remove' ? kept : [...kept, ...body.exchange_ids])].sort(
      (a, b) => a - b,
    );
    await checkExchanges(tx, campaign.advertiserId, next, current);
    assertKeepsExchange(campaign.status, next);
    await syncExchanges(tx, campaign.id, next);
    await touch(tx, campaign.id);
    await recordUpdate(tx, context.principal, campaign.id, { exchange_ids: current }, { exchange_ids: next });
  });
