// The campaign's relations: checks that every id a request names is usable by the campaign's
// advertiser (unknown and foreign ids get the same answer), and the writes that replace them.
import type { AssocEntry, Targeting } from '@console/core/api/campaigns';
import { AUDIENCE_STATUS_LABELS, isAttachableAudienceStatus } from '@console/core/audience-status';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applists,
  audiences,
  campaignAudiences,
  campaignCreatives,
  campaignDspAssoc,
  campaignExchanges,
  campaignInventoryLists,
} from '../../db/schema/campaigns.ts';
import { creatives } from '../../db/schema/creatives.ts';
import { campaignSmartAppLists, smartAppLists } from '../../db/schema/lists.ts';
import { exchanges, smartAppCategories, userSupportedExchanges } from '../../db/schema/reference.ts';
import { badRequest } from '../../platform/errors.ts';
import type { CampaignRelations } from './campaign-queries.ts';

const missingOf = (wanted: readonly number[], found: readonly number[]) => {
  const present = new Set(found);
  return wanted.filter((id) => !present.has(id));
};

const refuse = (field: string, message: string): never => {
  throw badRequest(message, { [field]: message });
};

/**
 * Exchanges newly added to a campaign must be active and among the advertiser's supported exchanges
 * (no list of its own: every active exchange). Exchanges it already has may stay.
 */
export const checkExchanges = async (
  db: DbOrTx,
  advertiserId: number,
  ids: readonly number[],
  alreadyAttached: readonly number[] = [],
  field = 'exchange_ids',
) => {
  const attached = new Set(alreadyAttached);
  const added = ids.filter((id) => !attached.has(id));
  if (added.length === 0) return;
  const [active, supported] = await Promise.all([
    db
      .select({ id: exchanges.id })
      .from(exchanges)
      .where(and(inArray(exchanges.id, added), eq(exchanges.status, 'ACTIVE'))),
    db
      .select({ id: userSupportedExchanges.exchangeId })
      .from(userSupportedExchanges)
      .where(eq(userSupportedExchanges.userId, advertiserId)),
  ]);
  const allowed = new Set(active.map((row) => row.id));
  const own = new Set(supported.map((row) => row.id));
  const refused = added.filter((id) => !allowed.has(id) || (own.size > 0 && !own.has(id)));
  if (refused.length > 0)
    refuse(field, `These exchanges are not available to this advertiser: ${refused.join(', ')}.`);
};

export const checkCreatives = async (db: DbOrTx, advertiserId: number, ids: readonly number[]) => {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: creatives.id })
    .from(creatives)
    .where(and(inArray(creatives.id, [...ids]), eq(creatives.advertiserId, advertiserId)));
  const missing = missingOf(
    ids,
    rows.map((row) => row.id),
  );
  if (missing.length > 0)
    refuse('creative_ids', `These creatives are not this advertiser's: ${missing.join(', ')}.`);
};

export const checkApplists = async (
  db: DbOrTx,
  advertiserId: number,
  ids: readonly number[],
  field = 'inventory',
) => {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: applists.id })
    .from(applists)
    .where(and(inArray(applists.id, [...ids]), eq(applists.ownerId, advertiserId)));
  const missing = missingOf(
    ids,
    rows.map((row) => row.id),
  );
  if (missing.length > 0)
    refuse(field, `These inventory lists are not this advertiser's: ${missing.join(', ')}.`);
};

/**
 * Audiences must be the advertiser's; newly attached ones must also be usable by their lifecycle
 * (processing or ready: packages/core/src/audience-status.ts). Audiences already attached stay even
 * when archived or failed since, so that an unrelated edit of the campaign still saves.
 */
export const checkAudiences = async (
  db: DbOrTx,
  advertiserId: number,
  ids: readonly number[],
  field = 'audiences',
  alreadyAttached: readonly number[] = [],
) => {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: audiences.id, name: audiences.name, status: audiences.status })
    .from(audiences)
    .where(and(inArray(audiences.id, [...ids]), eq(audiences.ownerId, advertiserId)));
  const missing = missingOf(
    ids,
    rows.map((row) => row.id),
  );
  if (missing.length > 0) refuse(field, `These audiences are not this advertiser's: ${missing.join(', ')}.`);
  const attached = new Set(alreadyAttached);
  const unusable = rows.filter((row) => !attached.has(row.id) && !isAttachableAudienceStatus(row.status));
  if (unusable.length > 0)
    refuse(
      field,
      `These audiences cannot be used: ${unusable
        .map((row) => `${row.name} (${AUDIENCE_STATUS_LABELS[row.status]})`)
        .join(', ')}.`,
    );
};

const TAXONOMY_LEVELS = [
  ['app_categories', 'category', 'app categories'],
  ['app_genres', 'genre', 'app genres'],
  ['app_subgenres', 'subgenre', 'app subgenres'],
] as const;

/** Smart-app ids must name nodes of their own level of the taxonomy. */
export const checkSmartAppTargeting = async (db: DbOrTx, targeting: Targeting) => {
  for (const [field, level, label] of TAXONOMY_LEVELS) {
    const ids = targeting[field];
    if (ids.length === 0) continue;
    const rows = await db
      .select({ id: smartAppCategories.id })
      .from(smartAppCategories)
      .where(and(inArray(smartAppCategories.id, ids), eq(smartAppCategories.level, level)));
    const missing = missingOf(
      ids,
      rows.map((row) => row.id),
    );
    if (missing.length > 0) refuse(`targeting.${field}`, `Unknown ${label}: ${missing.join(', ')}.`);
  }
};

/** Smart-app lists belong to the platform: any existing one may be targeted. */
export const checkSmartAppLists = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: smartAppLists.id })
    .from(smartAppLists)
    .where(inArray(smartAppLists.id, [...ids]));
  const missing = missingOf(
    ids,
    rows.map((row) => row.id),
  );
  if (missing.length > 0) refuse('smart_app_list_ids', `Unknown smart-app lists: ${missing.join(', ')}.`);
};

export const replaceSmartAppLists = async (db: DbOrTx, campaignId: number, ids: readonly number[]) => {
  await db.delete(campaignSmartAppLists).where(eq(campaignSmartAppLists.campaignId, campaignId));
  if (ids.length > 0)
    await db.insert(campaignSmartAppLists).values(ids.map((listId) => ({ campaignId, listId })));
};

/** An upstream DSP's campaign id names one campaign of ours. */
export const checkAssocFree = async (db: DbOrTx, campaignId: number | null, entries: AssocEntry[]) => {
  if (entries.length === 0) return;
  const taken = await db
    .select({ dspName: campaignDspAssoc.dspName, id: campaignDspAssoc.campaignAssociateId })
    .from(campaignDspAssoc)
    .where(
      and(
        or(
          ...entries.map((entry) =>
            and(
              eq(campaignDspAssoc.dspName, entry.dsp_name),
              eq(campaignDspAssoc.campaignAssociateId, entry.campaign_associate_id),
            ),
          ),
        ),
        campaignId === null ? undefined : ne(campaignDspAssoc.campaignId, campaignId),
      ),
    )
    .limit(1);
  const [first] = taken;
  if (first)
    refuse('assoc_dsp_map', `The associate id ${first.id} of ${first.dspName} belongs to another campaign.`);
};

/** Keeps the state of exchanges that stay; new ones start PENDING; removed ones go. */
export const syncExchanges = async (db: DbOrTx, campaignId: number, ids: readonly number[]) => {
  const current = await db
    .select({ id: campaignExchanges.exchangeId })
    .from(campaignExchanges)
    .where(eq(campaignExchanges.campaignId, campaignId));
  const wanted = new Set(ids);
  const removed = current.map((row) => row.id).filter((id) => !wanted.has(id));
  if (removed.length > 0)
    await db
      .delete(campaignExchanges)
      .where(
        and(eq(campaignExchanges.campaignId, campaignId), inArray(campaignExchanges.exchangeId, removed)),
      );
  const added = missingOf(
    ids,
    current.map((row) => row.id),
  );
  if (added.length > 0)
    await db
      .insert(campaignExchanges)
      .values(added.map((exchangeId) => ({ campaignId, exchangeId, state: 'PENDING' })));
};

export const replaceCreatives = async (db: DbOrTx, campaignId: number, ids: readonly number[]) => {
  await db.delete(campaignCreatives).where(eq(campaignCreatives.campaignId, campaignId));
  if (ids.length > 0)
    await db.insert(campaignCreatives).values(ids.map((creativeId) => ({ campaignId, creativeId })));
};

export const replaceInventory = async (
  db: DbOrTx,
  campaignId: number,
  entries: CampaignRelations['inventory'],
) => {
  await db.delete(campaignInventoryLists).where(eq(campaignInventoryLists.campaignId, campaignId));
  if (entries.length > 0)
    await db
      .insert(campaignInventoryLists)
      .values(entries.map((entry) => ({ campaignId, applistId: entry.applist_id, mode: entry.mode })));
};

export const replaceAudiences = async (
  db: DbOrTx,
  campaignId: number,
  entries: CampaignRelations['audiences'],
) => {
  await db.delete(campaignAudiences).where(eq(campaignAudiences.campaignId, campaignId));
  if (entries.length > 0)
    await db
      .insert(campaignAudiences)
      .values(entries.map((entry) => ({ campaignId, audienceId: entry.audience_id, mode: entry.mode })));
};

export const replaceAssoc = async (db: DbOrTx, campaignId: number, entries: AssocEntry[]) => {
  await db.delete(campaignDspAssoc).where(eq(campaignDspAssoc.campaignId, campaignId));
  if (entries.length > 0)
    await db.insert(campaignDspAssoc).values(
      entries.map((entry) => ({
        campaignId,
        dspName: entry.dsp_name,
        campaignAssociateId: entry.campaign_associate_id,
      })),
    );
};

/** Every relation of a campaign written at once (create, edit, clone). */
export const writeRelations = async (
  db: DbOrTx,
  campaignId: number,
  relations: Omit<CampaignRelations, 'assoc'> & { assoc?: AssocEntry[] | undefined },
) => {
  await syncExchanges(db, campaignId, relations.exchangeIds);
  await replaceCreatives(db, campaignId, relations.creativeIds);
  await replaceInventory(db, campaignId, relations.inventory);
  await replaceAudiences(db, campaignId, relations.audiences);
  await replaceSmartAppLists(db, campaignId, relations.smartAppListIds);
  if (relations.assoc) await replaceAssoc(db, campaignId, relations.assoc);
};
