// Status moves of one campaign inside the caller's transaction, by the table of
// packages/core/src/campaign-status.ts, and per-exchange approval decisions that drive the same moves.
// Everything here runs after `requireAccess(..., 'campaign', id, { lock: true })`, so concurrent moves of one
// campaign are serialised.
import {
  CAMPAIGN_STATUS_LABELS,
  type CampaignStatus,
  checkTransition,
  type ExchangeApprovalState,
  joinRejectionReasons,
  REVIEWABLE_CAMPAIGN_STATUSES,
} from '@console/core/campaign-status';
import { submitErrors } from '@console/core/campaign-submit';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { FieldChange } from '../../db/schema/audit.ts';
import { campaignExchanges, campaigns } from '../../db/schema/campaigns.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { actorOf, type CampaignRow } from './campaign-access.ts';

export const NOT_IN_REVIEW = (status: CampaignStatus) =>
  `This campaign is ${CAMPAIGN_STATUS_LABELS[status]}: only submitted campaigns have exchanges to approve.`;
export const NOT_CAMPAIGN_EXCHANGE = 'This exchange is not one of the campaign’s exchanges.';

const exchangeField = (name: string, part: 'state' | 'reason') => `exchanges.${name}.${part}`;

const exchangeNames = async (db: DbOrTx, ids: number[]) => {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: exchanges.id, name: exchanges.name })
    .from(exchanges)
    .where(inArray(exchanges.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/** What a submitted campaign must have (core's submit rules): an exchange and a flight not ended. */
const assertSubmittable = async (db: DbOrTx, campaign: CampaignRow) => {
  const [row] = await db
    .select({ id: campaignExchanges.exchangeId })
    .from(campaignExchanges)
    .where(eq(campaignExchanges.campaignId, campaign.id))
    .limit(1);
  const errors = submitErrors({ exchangeCount: row ? 1 : 0, endAtMs: campaign.endAt.getTime() }, Date.now());
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);
};

/** Sets exchange rows of a campaign to a state; answers the changes for the change log. */
const decideRows = async (
  db: DbOrTx,
  principal: Principal,
  campaignId: number,
  rows: { exchangeId: number; state: string; reason: string | null }[],
  state: ExchangeApprovalState,
  reason: string | null,
): Promise<FieldChange[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.exchangeId);
  const decided =
    state === 'PENDING'
      ? { decidedBy: null, decidedAt: null }
      : {
          decidedBy: actorIdOf(principal),
          decidedAt: new Date(),
        };
  await db
    .update(campaignExchanges)
    .set({ state, reason, ...decided })
    .where(and(eq(campaignExchanges.campaignId, campaignId), inArray(campaignExchanges.exchangeId, ids)));
  const names = await exchangeNames(db, ids);
  return rows.flatMap((row) => {
    const name = names.get(row.exchangeId) ?? String(row.exchangeId);
    const changes: FieldChange[] = [{ field: exchangeField(name, 'state'), from: row.state, to: state }];
    if (row.reason !== reason)
      changes.push({ field: exchangeField(name, 'reason'), from: row.reason, to: reason });
    return changes;
  });
};

const exchangeRowsOf = (db: DbOrTx, campaignId: number) =>
  db
    .select({
      exchangeId: campaignExchanges.exchangeId,
      state: campaignExchanges.state,
      reason: campaignExchanges.reason,
    })
    .from(campaignExchanges)
    .where(eq(campaignExchanges.campaignId, campaignId));

/** Writes the new status (and what goes with it) and its change-log entry. */
const writeStatus = async (
  db: DbOrTx,
  principal: Principal,
  campaign: CampaignRow,
  to: CampaignStatus,
  extra: { rejectionReason?: string | null },
  changes: FieldChange[],
): Promise<CampaignRow> => {
  const now = new Date();
  const set = { status: to, updatedAt: now, ...extra };
  await db.update(campaigns).set(set).where(eq(campaigns.id, campaign.id));
  const all: FieldChange[] = [{ field: 'status', from: campaign.status, to }];
  if (extra.rejectionReason !== undefined && extra.rejectionReason !== campaign.rejectionReason)
    all.push({ field: 'rejection_reason', from: campaign.rejectionReason, to: extra.rejectionReason });
  await recordChange(db, {
    entityType: 'campaign',
    entityId: campaign.id,
    action: 'status',
    ...actorOf(principal),
    changes: [...all, ...changes],
  });
  return { ...campaign, ...set };
};

/**
 * Moves a campaign to `to` if the table allows it for the caller: 400 for an illegal move or a
 * missing reason, 403 for an admin move by someone else. Approving approves its pending exchanges;
 * rejecting rejects every exchange not yet rejected with the reason; submitting sends rejected
 * exchanges back to review.
 */
export const applyTransition = async (
  db: DbOrTx,
  principal: Principal,
  campaign: CampaignRow,
  to: CampaignStatus,
  reason?: string | null,
): Promise<CampaignRow> => {
  const from = campaign.status as CampaignStatus;
  const check = checkTransition(from, to, principal.role, reason);
  if (!check.ok) {
    if (check.reason === 'forbidden') throw forbidden(check.message);
    throw badRequest(check.message, {
      [check.reason === 'reason-required' ? 'reason' : 'to']: check.message,
    });
  }
  const trimmed = reason?.trim() || null;
  switch (check.transition.action) {
    case 'submit': {
      await assertSubmittable(db, campaign);
      const rejected = (await exchangeRowsOf(db, campaign.id)).filter((row) => row.state === 'REJECTED');
      const changes = await decideRows(db, principal, campaign.id, rejected, 'PENDING', null);
      return writeStatus(db, principal, campaign, to, { rejectionReason: null }, changes);
    }
    case 'approve': {
      const pending = (await exchangeRowsOf(db, campaign.id)).filter((row) => row.state === 'PENDING');
      const changes = await decideRows(db, principal, campaign.id, pending, 'APPROVED', null);
      return writeStatus(db, principal, campaign, to, { rejectionReason: null }, changes);
    }
    case 'reject': {
      const open = (await exchangeRowsOf(db, campaign.id)).filter((row) => row.state !== 'REJECTED');
      const changes = await decideRows(db, principal, campaign.id, open, 'REJECTED', trimmed);
      return writeStatus(db, principal, campaign, to, { rejectionReason: trimmed }, changes);
    }
    default:
      return writeStatus(db, principal, campaign, to, {}, []);
  }
};

/**
 * One admin decision on one campaign x exchange. Approving an exchange of a pending campaign makes
 * it ACTIVE; rejecting the last exchange not rejected makes it REJECTED with every exchange's reason.
 */
export const decideExchange = async (
  db: DbOrTx,
  principal: Principal,
  campaign: CampaignRow,
  exchangeId: number,
  decision: 'APPROVED' | 'REJECTED',
  reason: string | null,
): Promise<CampaignRow> => {
  const status = campaign.status as CampaignStatus;
  if (!(REVIEWABLE_CAMPAIGN_STATUSES as readonly CampaignStatus[]).includes(status))
    throw badRequest(NOT_IN_REVIEW(status));
  const rows = await exchangeRowsOf(db, campaign.id);
  const row = rows.find((entry) => entry.exchangeId === exchangeId);
  if (!row) throw notFound(NOT_CAMPAIGN_EXCHANGE);
  const nextReason = decision === 'REJECTED' ? reason?.trim() || null : null;
  if (row.state !== decision || row.reason !== nextReason) {
    const changes = await decideRows(db, principal, campaign.id, [row], decision, nextReason);
    await db.update(campaigns).set({ updatedAt: new Date() }).where(eq(campaigns.id, campaign.id));
    await recordChange(db, {
      entityType: 'campaign',
      entityId: campaign.id,
      action: 'exchange-approval',
      ...actorOf(principal),
      changes,
    });
  }
  if (status !== 'PENDING_APPROVAL') return campaign;
  if (decision === 'APPROVED')
    return writeStatus(db, principal, campaign, 'ACTIVE', { rejectionReason: null }, []);
  const stillOpen = await db
    .select({ id: campaignExchanges.exchangeId })
    .from(campaignExchanges)
    .where(and(eq(campaignExchanges.campaignId, campaign.id), ne(campaignExchanges.state, 'REJECTED')))
    .limit(1);
  if (stillOpen.length > 0) return campaign;
  const reasons = await db
    .select({ name: exchanges.name, reason: campaignExchanges.reason })
    .from(campaignExchanges)
    .innerJoin(exchanges, eq(exchanges.id, campaignExchanges.exchangeId))
    .where(eq(campaignExchanges.campaignId, campaign.id))
    .orderBy(exchanges.name);
  const rejectionReason = joinRejectionReasons(reasons);
  return writeStatus(db, principal, campaign, 'REJECTED', { rejectionReason }, []);
};
