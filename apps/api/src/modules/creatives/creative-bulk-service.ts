// Bulk creative edit: the same change on many creatives, each in its own transaction, answered per
// creative. A field the creative's type does not take (spec section 3's URL rules) fails that
// creative only; creatives outside the caller's scope fail as "not found". A content change (a URL)
// sends the creative's exchanges back to PENDING, as a single edit does.
import {
  CREATIVE_MESSAGES,
  CREATIVE_NAME_MAX,
  type CreativeBulkResult,
  type CreativeBulkUpdateBody,
} from '@console/core/api/creatives';
import { CREATIVE_URL_RULES, type CreativeType } from '@console/core/validation/creative';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { creatives } from '../../db/schema/creatives.ts';
import { requireAccess } from '../../platform/access.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, itemFailureOf } from '../../platform/errors.ts';
import { actorOf } from './creative-access.ts';
import {
  ENTITY,
  isContentChange,
  refreshCreativeStatus,
  resetApprovals,
  snapshotOf,
} from './creative-service.ts';

const withArticle = (type: CreativeType) => `${/^[aeiou]/.test(type) ? 'An' : 'A'} ${type}`;

export const BULK_MESSAGES = {
  noClickUrl: 'An html creative takes no click URL.',
  noPixel: (type: CreativeType) =>
    `${withArticle(type)} creative takes no pixel_url (only image creatives do).`,
  noImpression: (type: CreativeType) =>
    `${withArticle(type)} creative takes no impression_url (only native and video creatives do).`,
  singleImpression: 'A native creative takes a single impression_url.',
} as const;

const takes = (type: CreativeType, field: 'click_url' | 'pixel_url' | 'impression_url') =>
  CREATIVE_URL_RULES[type][field].requirement !== 'none';

const editOne = async (tx: DbOrTx, principal: Principal, id: number, body: CreativeBulkUpdateBody) => {
  const before = await requireAccess(tx, principal, 'creative', id, { lock: true });
  const type = before.creativeType as CreativeType;
  const set: Partial<typeof creatives.$inferInsert> = {};
  if (body.click_url !== undefined) {
    if (!takes(type, 'click_url')) throw badRequest(BULK_MESSAGES.noClickUrl);
    set.clickUrl = body.click_url;
  }
  if (body.pixel_url !== undefined) {
    if (!takes(type, 'pixel_url')) throw badRequest(BULK_MESSAGES.noPixel(type));
    set.pixelUrls = body.pixel_url;
  }
  if (body.impression_url !== undefined) {
    if (!takes(type, 'impression_url')) throw badRequest(BULK_MESSAGES.noImpression(type));
    if (type === 'native' && body.impression_url.length > 1) throw badRequest(BULK_MESSAGES.singleImpression);
    set.impressionUrls = body.impression_url;
  }
  if (body.name_prefix !== undefined && !before.name.startsWith(body.name_prefix)) {
    const name = `${body.name_prefix}${before.name}`;
    if ([...name].length > CREATIVE_NAME_MAX) throw badRequest(CREATIVE_MESSAGES.nameTooLong);
    set.name = name;
  }
  const [updated] = await tx
    .update(creatives)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(creatives.id, id))
    .returning();
  const after = updated!;
  const changes = diffFields(snapshotOf(before), snapshotOf(after)).filter(
    (change) => change.field !== 'status',
  );
  if (changes.length === 0) return;
  if (isContentChange(changes)) changes.push(...(await resetApprovals(tx, id)));
  const status = await refreshCreativeStatus(tx, after);
  if (status.change) changes.push(status.change);
  await recordChange(tx, {
    entityType: ENTITY,
    entityId: id,
    action: 'bulk-update',
    ...actorOf(principal),
    changes,
  });
};

export const bulkUpdateCreatives = async (
  context: { deps: AppDeps; principal: Principal; log: Pick<FastifyBaseLogger, 'error'> },
  body: CreativeBulkUpdateBody,
): Promise<CreativeBulkResult> => {
  const { deps, principal, log } = context;
  const results: CreativeBulkResult['results'] = [];
  for (const id of body.ids) {
    try {
      await deps.db.transaction((tx) => editOne(tx, principal, id, body));
      results.push({ creative_id: id, ok: true });
    } catch (error) {
      results.push({ creative_id: id, ...itemFailureOf(error, log, { creative_id: id }) });
    }
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
};
