// Creative rules: create and edit per type (the URL rules of spec section 3 are in the request
// schemas of packages/core/src/api/creatives.ts; here the uploaded files, the advertiser and the
// exchanges are checked), the exchanges a creative waits for approval on, and its overall status.
// A change of what the ad shows or where it leads (content) sends every exchange back to PENDING.
// Every create and update is written to the change log (entity 'creative'), field by field.
import {
  CREATIVE_MESSAGES,
  type CreativeApprovalState,
  type CreativeDetail,
  type CreativeInput,
  type CreativeListQuery,
  deriveCreativeStatus,
} from '@console/core/api/creatives';
import type { ChangeLogEntry } from '@console/core/api/users';
import { isSecureMarkup } from '@console/core/validation/insecure-markup';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { FieldChange } from '../../db/schema/audit.ts';
import {
  type CreativeMediaRef,
  type CreativeNativeAssets,
  type CreativeVideoSection,
  creativeExchanges,
  creativeMedia,
  creatives,
} from '../../db/schema/creatives.ts';
import { exchanges, userSupportedExchanges } from '../../db/schema/reference.ts';
import { requireAccess } from '../../platform/access.ts';
import { diffFields, readChangeLog, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Page, PageRequest } from '../../platform/pagination.ts';
import { actorOf, type CreativeRow, resolveNewCreativeAdvertiser } from './creative-access.ts';
import {
  type MediaRow,
  type MediaUse,
  requireUsableMedia,
  sizeText,
  toMediaAnswer,
  toMediaRef,
} from './creative-media.ts';
import {
  findCreativeExchanges,
  listCreativePage,
  readCreativeDetail,
  readCreativeDetailById,
} from './creative-queries.ts';

export const ENTITY = 'creative';

/** The stored columns a creative's content maps to. */
type Content = {
  size: string | null;
  clickUrl: string | null;
  pixelUrls: string[];
  impressionUrls: string[];
  media: CreativeMediaRef | null;
  videoSection: CreativeVideoSection | null;
  nativeAssets: CreativeNativeAssets | null;
  htmlTag: string | null;
  /** False when the html tag loads http:// resources: not bid on secure inventory. */
  secureCompatible: boolean;
  adomain: string | null;
  iabCategories: string[];
};

/** The fields whose change sends the creative back to approval. */
export const CONTENT_FIELDS = [
  'click_url',
  'pixel_url',
  'impression_url',
  'size',
  'media',
  'video_section',
  'native',
  'html_tag',
  'adomain',
  'iab_categories',
] as const;

/** A creative as the change log words it (API field names; files by their address). */
export const snapshotOf = (row: CreativeRow): Record<string, unknown> => ({
  name: row.name,
  creative_type: row.creativeType,
  advertiser_id: row.advertiserId,
  status: row.status,
  click_url: row.clickUrl,
  pixel_url: row.pixelUrls,
  impression_url: row.impressionUrls,
  size: row.size,
  media: row.media?.url ?? null,
  video_section: row.videoSection,
  native: row.nativeAssets,
  html_tag: row.htmlTag,
  adomain: row.adomain,
  iab_categories: row.iabCategories,
});

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The fields of a new creative, from nothing to their values. */
const createdChanges = (snapshot: Record<string, unknown>): FieldChange[] =>
  Object.entries(snapshot)
    .filter(([, value]) => !isEmpty(value))
    .map(([field, value]) => ({ field, from: null, to: value }));

// ---- content -------------------------------------------------------------------------------------

type MediaLookup = (url: string, use: MediaUse, field: string) => Promise<MediaRow>;

/**
 * The lookup of uploaded files for one request. A file the creative already carries may stay even
 * when the caller could not name it anew (an advertiser editing a creative its agency made).
 */
const mediaLookup =
  (db: DbOrTx, principal: Principal, kept: ReadonlySet<string>): MediaLookup =>
  async (url, use, field) => {
    if (kept.has(url)) {
      const [row] = await db.select().from(creativeMedia).where(eq(creativeMedia.url, url)).limit(1);
      if (row) return row;
    }
    return requireUsableMedia(db, principal, url, use, field);
  };

const urlsOf = (row: CreativeRow | undefined): Set<string> => {
  const urls = new Set<string>();
  if (!row) return urls;
  if (row.media) urls.add(row.media.url);
  if (row.nativeAssets?.main_image) urls.add(row.nativeAssets.main_image.url);
  if (row.nativeAssets?.icon) urls.add(row.nativeAssets.icon.url);
  return urls;
};

const contentOf = async (input: CreativeInput, lookup: MediaLookup): Promise<Content> => {
  const empty: Content = {
    size: null,
    clickUrl: null,
    pixelUrls: [],
    impressionUrls: [],
    media: null,
    videoSection: null,
    nativeAssets: null,
    htmlTag: null,
    secureCompatible: true,
    adomain: input.adomain ?? null,
    iabCategories: input.iab_categories ?? [],
  };
  switch (input.creative_type) {
    case 'image': {
      const media = await lookup(input.media_url, 'image', 'media_url');
      return {
        ...empty,
        clickUrl: input.click_url,
        pixelUrls: input.pixel_url ?? [],
        media: toMediaRef(media),
        size: sizeText(media.width, media.height) ?? null,
      };
    }
    case 'native': {
      const { native } = input;
      const main = await lookup(native.main_image_url, 'main', 'native.main_image_url');
      const icon = native.icon_url ? await lookup(native.icon_url, 'icon', 'native.icon_url') : undefined;
      const mainSize = sizeText(main.width, main.height) ?? '';
      return {
        ...empty,
        clickUrl: input.click_url,
        impressionUrls: input.impression_url ? [input.impression_url] : [],
        size: mainSize || null,
        nativeAssets: {
          title: native.title,
          sponsored_by: native.sponsored_by,
          ...(native.description ? { description: native.description } : {}),
          ...(native.cta ? { cta: native.cta } : {}),
          ...(icon ? { icon: { url: icon.url, size: sizeText(icon.width, icon.height) ?? '' } } : {}),
          main_image: { url: main.url, size: mainSize },
        },
      };
    }
    case 'video': {
      const base = { ...empty, clickUrl: input.click_url, impressionUrls: input.impression_url ?? [] };
      if (input.media_url) {
        const media = await lookup(input.media_url, 'video', 'media_url');
        const answer = toMediaAnswer(media);
        return {
          ...base,
          media: toMediaRef(media),
          size: answer.size ?? null,
          videoSection: answer.video_section ?? null,
        };
      }
      return { ...base, videoSection: { vast_url: input.vast_url ?? '' } };
    }
    case 'html':
      return { ...empty, htmlTag: input.html_tag, secureCompatible: isSecureMarkup(input.html_tag) };
  }
};

// ---- exchanges ----------------------------------------------------------------------------------

const refuseExchanges = (message: string): never => {
  throw badRequest(message, { exchange_ids: message });
};

/** The advertiser's supported exchanges, or every active exchange when it has no list of its own. */
const defaultExchangeIds = async (db: DbOrTx, advertiserId: number): Promise<number[]> => {
  const own = await db
    .select({ id: userSupportedExchanges.exchangeId })
    .from(userSupportedExchanges)
    .innerJoin(exchanges, eq(exchanges.id, userSupportedExchanges.exchangeId))
    .where(and(eq(userSupportedExchanges.userId, advertiserId), eq(exchanges.status, 'ACTIVE')))
    .orderBy(asc(userSupportedExchanges.exchangeId));
  if (own.length > 0) return own.map((row) => row.id);
  const active = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(eq(exchanges.status, 'ACTIVE'))
    .orderBy(asc(exchanges.id));
  return active.map((row) => row.id);
};

/** Exchanges newly added must be active and among the advertiser's supported ones (if it has a list). */
const checkAddedExchanges = async (db: DbOrTx, advertiserId: number, added: readonly number[]) => {
  if (added.length === 0) return;
  const [active, supported] = await Promise.all([
    db
      .select({ id: exchanges.id })
      .from(exchanges)
      .where(and(inArray(exchanges.id, [...added]), eq(exchanges.status, 'ACTIVE'))),
    db
      .select({ id: userSupportedExchanges.exchangeId })
      .from(userSupportedExchanges)
      .where(eq(userSupportedExchanges.userId, advertiserId)),
  ]);
  const allowed = new Set(active.map((row) => row.id));
  const own = new Set(supported.map((row) => row.id));
  const refused = added.filter((id) => !allowed.has(id) || (own.size > 0 && !own.has(id)));
  if (refused.length > 0)
    refuseExchanges(`These exchanges are not available to this advertiser: ${refused.join(', ')}.`);
};

const exchangeNames = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: exchanges.id, name: exchanges.name })
    .from(exchanges)
    .where(inArray(exchanges.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
};

const namesOf = (names: Map<number, string>, ids: readonly number[]) =>
  ids.map((id) => names.get(id) ?? String(id)).sort((a, b) => a.localeCompare(b));

/**
 * Writes the creative's overall status from its exchanges' states; answers the change (for the log)
 * when it moved.
 */
export const refreshCreativeStatus = async (
  db: DbOrTx,
  row: CreativeRow,
): Promise<{ status: CreativeRow['status']; change?: FieldChange }> => {
  const states = await db
    .select({ state: creativeExchanges.state })
    .from(creativeExchanges)
    .where(eq(creativeExchanges.creativeId, row.id));
  const status = deriveCreativeStatus(states.map((entry) => entry.state as CreativeApprovalState));
  if (status === row.status) return { status };
  await db.update(creatives).set({ status }).where(eq(creatives.id, row.id));
  return { status, change: { field: 'status', from: row.status, to: status } };
};

/** Sends every decided exchange of the creative back to PENDING; answers the changes for the log. */
export const resetApprovals = async (db: DbOrTx, creativeId: number): Promise<FieldChange[]> => {
  const decided = (await findCreativeExchanges(db, creativeId)).filter((entry) => entry.state !== 'PENDING');
  if (decided.length === 0) return [];
  await db
    .update(creativeExchanges)
    .set({ state: 'PENDING', reason: null, decidedBy: null, decidedAt: null })
    .where(
      and(
        eq(creativeExchanges.creativeId, creativeId),
        inArray(
          creativeExchanges.exchangeId,
          decided.map((entry) => entry.exchangeId),
        ),
      ),
    );
  return decided.map((entry) => ({ field: `exchange:${entry.name}`, from: entry.state, to: 'PENDING' }));
};

/** Whether any of these changes is a change of content (which needs approval again). */
export const isContentChange = (changes: readonly FieldChange[]) =>
  changes.some((change) => (CONTENT_FIELDS as readonly string[]).includes(change.field));

// ---- operations ---------------------------------------------------------------------------------

export const createCreative = async (
  deps: AppDeps,
  principal: Principal,
  body: CreativeInput & { advertiser_id?: number | undefined },
): Promise<CreativeDetail> =>
  deps.db.transaction(async (tx) => {
    const advertiserId = await resolveNewCreativeAdvertiser(tx, principal, body.advertiser_id);
    const content = await contentOf(body, mediaLookup(tx, principal, new Set()));
    let exchangeIds: number[];
    if (body.exchange_ids === undefined) exchangeIds = await defaultExchangeIds(tx, advertiserId);
    else {
      await checkAddedExchanges(tx, advertiserId, body.exchange_ids);
      exchangeIds = body.exchange_ids;
    }
    const [row] = await tx
      .insert(creatives)
      .values({
        advertiserId,
        name: body.name,
        creativeType: body.creative_type,
        status: 'PENDING',
        ...content,
        createdBy: principal.userId,
      })
      .returning();
    const created = row!;
    if (exchangeIds.length > 0)
      await tx
        .insert(creativeExchanges)
        .values(exchangeIds.map((exchangeId) => ({ creativeId: created.id, exchangeId })));
    const names = await exchangeNames(tx, exchangeIds);
    await recordChange(tx, {
      entityType: ENTITY,
      entityId: created.id,
      action: 'create',
      ...actorOf(principal),
      changes: [
        ...createdChanges(snapshotOf(created)),
        ...(exchangeIds.length > 0
          ? [{ field: 'exchanges', from: null, to: namesOf(names, exchangeIds) }]
          : []),
      ],
    });
    return readCreativeDetail(tx, created);
  });

export const updateCreative = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  body: CreativeInput,
): Promise<CreativeDetail> =>
  deps.db.transaction(async (tx) => {
    const before = await requireAccess(tx, principal, 'creative', id, { lock: true });
    if (body.creative_type !== before.creativeType)
      throw badRequest(CREATIVE_MESSAGES.typeFixed, { creative_type: CREATIVE_MESSAGES.typeFixed });
    const content = await contentOf(body, mediaLookup(tx, principal, urlsOf(before)));
    const now = new Date();
    const [updated] = await tx
      .update(creatives)
      .set({ name: body.name, ...content, updatedAt: now })
      .where(eq(creatives.id, id))
      .returning();
    const after = updated!;
    const changes = diffFields(snapshotOf(before), snapshotOf(after)).filter(
      (change) => change.field !== 'status',
    );
    const contentChanged = isContentChange(changes);

    // The exchanges: added ones start PENDING; removed ones go.
    const current = await findCreativeExchanges(tx, id);
    const currentIds = current.map((entry) => entry.exchangeId);
    const wanted = body.exchange_ids ?? currentIds;
    const added = wanted.filter((exchangeId) => !currentIds.includes(exchangeId));
    const removed = currentIds.filter((exchangeId) => !wanted.includes(exchangeId));
    await checkAddedExchanges(tx, before.advertiserId, added);
    if (removed.length > 0)
      await tx
        .delete(creativeExchanges)
        .where(and(eq(creativeExchanges.creativeId, id), inArray(creativeExchanges.exchangeId, removed)));
    if (added.length > 0)
      await tx.insert(creativeExchanges).values(added.map((exchangeId) => ({ creativeId: id, exchangeId })));
    if (added.length > 0 || removed.length > 0) {
      const names = await exchangeNames(tx, [...currentIds, ...added]);
      changes.push({ field: 'exchanges', from: namesOf(names, currentIds), to: namesOf(names, wanted) });
    }

    // A new ad needs new approval on every exchange it keeps.
    if (contentChanged) changes.push(...(await resetApprovals(tx, id)));
    const status = await refreshCreativeStatus(tx, after);
    if (status.change) changes.push(status.change);
    await recordChange(tx, {
      entityType: ENTITY,
      entityId: id,
      action: 'update',
      ...actorOf(principal),
      changes,
    });
    return readCreativeDetail(tx, { ...after, status: status.status });
  });

export const readCreative = (deps: AppDeps, principal: Principal, id: number) =>
  readCreativeDetailById(deps.db, principal, id);

export const listCreatives = async (deps: AppDeps, principal: Principal, query: CreativeListQuery) => {
  if (query.advertiser_id !== undefined && principal.role !== 'ADVERTISER')
    await requireAccess(deps.db, principal, 'advertiser', query.advertiser_id);
  return listCreativePage(deps.db, principal, query);
};

export const readCreativeChangeLog = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  query: PageRequest & { action?: string | undefined },
): Promise<Page<ChangeLogEntry>> => {
  await requireAccess(deps.db, principal, 'creative', id);
  return readChangeLog(deps.db, { entityType: ENTITY, entityId: id }, query);
};
