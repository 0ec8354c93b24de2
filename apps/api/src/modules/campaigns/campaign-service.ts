// Campaign rules and transactions: create (a draft, or submitted at once), edit, clone, status moves
// and reads. Every write starts with the default-deny check `requireAccess(..., 'campaign', id)`, and the detail read
// makes the same check in its own statement (campaign-queries.ts readCampaignDetail);
// every create, update and status change is written to the change log in the same transaction.
import {
  type AssocEntry,
  type CampaignCreateBody,
  type CampaignFields,
  type CampaignUpdateBody,
  canonicalGeoFence,
  type Targeting,
} from '@console/core/api/campaigns';
import {
  CAMPAIGN_STATUS_MESSAGES,
  type CampaignStatus,
  isEditableStatus,
  sideOfRole,
} from '@console/core/campaign-status';
import { keepExchangeErrors } from '@console/core/campaign-submit';
import { CAMPAIGN_NAME_MAX } from '@console/core/constants';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { FieldChange } from '../../db/schema/audit.ts';
import { campaigns } from '../../db/schema/campaigns.ts';
import { requireAccess } from '../../platform/access.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { checkCampaignDeals } from '../deals/index.ts';
import { actorOf, type CampaignRow, resolveNewCampaignAdvertiser } from './campaign-access.ts';
import { type CampaignRelations, readCampaignDetail, readRelationIds } from './campaign-queries.ts';
import {
  checkApplists,
  checkAssocFree,
  checkAudiences,
  checkCreatives,
  checkExchanges,
  checkSmartAppLists,
  checkSmartAppTargeting,
  writeRelations,
} from './campaign-relations.ts';
import { checkReferenceTargeting } from './campaign-targeting.ts';
import { applyTransition } from './campaign-transitions.ts';

export const ASSOC_ADMIN_ONLY = 'Only an admin or co-admin can change the DSP association ids.';

/** The campaign's columns from the request's settings. */
const columnsOf = (fields: CampaignFields) => ({
  name: fields.name,
  startAt: new Date(fields.start_at),
  endAt: new Date(fields.end_at),
  timeZone: fields.time_zone,
  totalBudgetMicros: fields.total_budget_micros,
  dailyBudgetMicros: fields.daily_budget_micros,
  pacing: fields.pacing,
  priceModel: fields.price_model,
  bidMicros: fields.bid_micros,
  minBidMicros: fields.min_bid_micros,
  maxBidMicros: fields.max_bid_micros,
  frequencyCap: fields.frequency_cap,
  dayParting: fields.day_parting,
  targeting: { ...fields.targeting, geo_fence: canonicalGeoFence(fields.targeting.geo_fence) },
});

const relationsOf = (fields: CampaignFields) => ({
  exchangeIds: [...fields.exchange_ids].sort((a, b) => a - b),
  creativeIds: [...fields.creative_ids].sort((a, b) => a - b),
  inventory: [...fields.inventory].sort((a, b) => a.applist_id - b.applist_id),
  audiences: [...fields.audiences].sort((a, b) => a.audience_id - b.audience_id),
  smartAppListIds: [...fields.smart_app_list_ids].sort((a, b) => a - b),
});

type SnapshotColumns = Pick<
  CampaignRow,
  | 'name'
  | 'startAt'
  | 'endAt'
  | 'timeZone'
  | 'totalBudgetMicros'
  | 'dailyBudgetMicros'
  | 'pacing'
  | 'priceModel'
  | 'bidMicros'
  | 'minBidMicros'
  | 'maxBidMicros'
  | 'frequencyCap'
  | 'dayParting'
  | 'targeting'
>;

/** What the change log compares, by the API's field names (targeting field by field). */
export const snapshotOf = (
  columns: SnapshotColumns,
  relations: Omit<CampaignRelations, 'assoc'> & { assoc?: AssocEntry[] | undefined },
): Record<string, unknown> => ({
  name: columns.name,
  start_at: columns.startAt.toISOString(),
  end_at: columns.endAt.toISOString(),
  time_zone: columns.timeZone,
  total_budget_micros: columns.totalBudgetMicros,
  daily_budget_micros: columns.dailyBudgetMicros,
  pacing: columns.pacing,
  price_model: columns.priceModel,
  bid_micros: columns.bidMicros,
  min_bid_micros: columns.minBidMicros,
  max_bid_micros: columns.maxBidMicros,
  frequency_cap: columns.frequencyCap,
  day_parting: columns.dayParting,
  ...Object.fromEntries(Object.entries(columns.targeting).map(([key, value]) => [`targeting.${key}`, value])),
  exchange_ids: relations.exchangeIds,
  creative_ids: relations.creativeIds,
  inventory: relations.inventory,
  audiences: relations.audiences,
  smart_app_list_ids: relations.smartAppListIds,
  ...(relations.assoc ? { assoc_dsp_map: relations.assoc } : {}),
});

const isEmptyValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A create entry lists the fields that were given a value. */
const createdChanges = (snapshot: Record<string, unknown>): FieldChange[] =>
  diffFields({}, Object.fromEntries(Object.entries(snapshot).filter(([, value]) => !isEmptyValue(value))));

const sortAssoc = (entries: AssocEntry[]) =>
  [...entries].sort((a, b) => a.dsp_name.localeCompare(b.dsp_name));

/** Checks every id of the request against the campaign's advertiser. */
const checkRelations = async (
  db: DbOrTx,
  advertiserId: number,
  fields: CampaignFields,
  attached: Pick<CampaignRelations, 'exchangeIds' | 'audiences'> = { exchangeIds: [], audiences: [] },
) => {
  await checkExchanges(db, advertiserId, fields.exchange_ids, attached.exchangeIds);
  await checkCreatives(db, advertiserId, fields.creative_ids);
  await checkApplists(
    db,
    advertiserId,
    fields.inventory.map((entry) => entry.applist_id),
  );
  await checkAudiences(
    db,
    advertiserId,
    fields.audiences.map((entry) => entry.audience_id),
    'audiences',
    attached.audiences.map((entry) => entry.audience_id),
  );
  await checkSmartAppTargeting(db, fields.targeting);
  await checkSmartAppLists(db, fields.smart_app_list_ids);
  await checkReferenceTargeting(fields.targeting);
};

export const createCampaign = async (deps: AppDeps, principal: Principal, body: CampaignCreateBody) => {
  const advertiserId = await resolveNewCampaignAdvertiser(deps.db, principal, body.advertiser_id);
  const assoc = body.assoc_dsp_map ? sortAssoc(body.assoc_dsp_map) : [];
  if (assoc.length > 0 && sideOfRole(principal.role) !== 'admin') throw forbidden(ASSOC_ADMIN_ONLY);
  const id = await deps.db.transaction(async (tx) => {
    await checkRelations(tx, advertiserId, body);
    await checkCampaignDeals(tx, advertiserId, body.exchange_ids, body.targeting.deal_ids);
    await checkAssocFree(tx, null, assoc);
    const columns = columnsOf(body);
    const [row] = await tx
      .insert(campaigns)
      .values({ ...columns, advertiserId, status: 'DRAFT', createdBy: actorIdOf(principal) })
      .returning();
    const relations = { ...relationsOf(body), assoc };
    await writeRelations(tx, row!.id, relations);
    await recordChange(tx, {
      entityType: 'campaign',
      entityId: row!.id,
      action: 'create',
      ...actorOf(principal),
      changes: [
        { field: 'advertiser_id', from: null, to: advertiserId },
        { field: 'status', from: null, to: 'DRAFT' },
        ...createdChanges(snapshotOf(columns, relations)),
      ],
    });
    if (body.submit) await applyTransition(tx, principal, row!, 'PENDING_APPROVAL');
    return row!.id;
  });
  return readCampaign(deps, principal, id);
};

export const readCampaign = async (deps: AppDeps, principal: Principal, id: number) => {
  // The access check is the detail statement's own (campaign-queries.ts).
  return readCampaignDetail(deps.db, principal, id);
};

/** Refuses edits of finished campaigns. */
export const assertEditable = (campaign: CampaignRow) => {
  const status = campaign.status as CampaignStatus;
  if (!isEditableStatus(status)) throw badRequest(CAMPAIGN_STATUS_MESSAGES.notEditable(status));
};

/** Submitted campaigns (pending, active, paused) must keep at least one exchange. */
export const assertKeepsExchange = (
  status: string,
  exchangeIds: readonly number[],
  field = 'exchange_ids',
) => {
  const message = keepExchangeErrors(status, exchangeIds.length).exchange_ids;
  if (message) throw badRequest(message, { [field]: message });
};

const sameAssoc = (a: AssocEntry[], b: AssocEntry[]) =>
  JSON.stringify(sortAssoc(a)) === JSON.stringify(sortAssoc(b));

/**
 * Replaces every setting. New exchanges start pending; those that stay keep their approval. Editing a
 * rejected campaign makes it a draft again (the table's "revise"); `submit` then submits it.
 */
export const updateCampaign = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  body: CampaignUpdateBody,
) => {
  await deps.db.transaction(async (tx) => {
    let campaign = await requireAccess(tx, principal, 'campaign', id, { lock: true });
    assertEditable(campaign);
    const before = await readRelationIds(tx, id);
    const assoc = body.assoc_dsp_map === undefined ? before.assoc : sortAssoc(body.assoc_dsp_map);
    if (!sameAssoc(assoc, before.assoc) && sideOfRole(principal.role) !== 'admin')
      throw forbidden(ASSOC_ADMIN_ONLY);
    await checkRelations(tx, campaign.advertiserId, body, before);
    await checkCampaignDeals(
      tx,
      campaign.advertiserId,
      body.exchange_ids,
      body.targeting.deal_ids,
      (campaign.targeting as Partial<Targeting>).deal_ids,
    );
    await checkAssocFree(tx, id, assoc);
    assertKeepsExchange(campaign.status, body.exchange_ids);
    if (campaign.status === 'REJECTED') campaign = await applyTransition(tx, principal, campaign, 'DRAFT');
    const columns = columnsOf(body);
    const [updated] = await tx
      .update(campaigns)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(campaigns.id, id))
      .returning();
    const relations = { ...relationsOf(body), assoc };
    await writeRelations(tx, id, relations);
    await recordChange(tx, {
      entityType: 'campaign',
      entityId: id,
      action: 'update',
      ...actorOf(principal),
      changes: diffFields(snapshotOf(campaign, before), snapshotOf(columns, relations)),
    });
    if (body.submit) await applyTransition(tx, principal, updated!, 'PENDING_APPROVAL');
  });
  return readCampaign(deps, principal, id);
};

/** "Copy of <name>" within the name's limit of 128 characters. */
export const cloneNameOf = (name: string) =>
  [...`Copy of ${name}`]
    .slice(0, CAMPAIGN_NAME_MAX)
    .join('')
    .replace(/[\s-]+$/, '');

/** A new draft with every setting and relation of the source, but no approvals and no DSP ids. */
export const cloneCampaign = async (deps: AppDeps, principal: Principal, id: number) => {
  const newId = await deps.db.transaction(async (tx) => {
    const source = await requireAccess(tx, principal, 'campaign', id);
    const relations = await readRelationIds(tx, id);
    const { id: _id, publicId: _publicId, createdAt: _c, updatedAt: _u, ...settings } = source;
    const [row] = await tx
      .insert(campaigns)
      .values({
        ...settings,
        name: cloneNameOf(source.name),
        status: 'DRAFT',
        rejectionReason: null,
        createdBy: actorIdOf(principal),
      })
      .returning();
    // DSP association ids name the source campaign upstream: a copy has none until it is pushed.
    const copied = { ...relations, assoc: [] };
    await writeRelations(tx, row!.id, copied);
    await recordChange(tx, {
      entityType: 'campaign',
      entityId: row!.id,
      action: 'create',
      ...actorOf(principal),
      changes: [
        { field: 'cloned_from', from: null, to: id },
        { field: 'advertiser_id', from: null, to: row!.advertiserId },
        { field: 'status', from: null, to: 'DRAFT' },
        ...createdChanges(snapshotOf(row!, { ...relations, assoc: undefined })),
      ],
    });
    return row!.id;
  });
  return readCampaign(deps, principal, newId);
};

export const changeCampaignStatus = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  to: CampaignStatus,
  reason?: string,
) => {
  await deps.db.transaction(async (tx) => {
    const campaign = await requireAccess(tx, principal, 'campaign', id, { lock: true });
    await applyTransition(tx, principal, campaign, to, reason);
  });
  return readCampaign(deps, principal, id);
};
