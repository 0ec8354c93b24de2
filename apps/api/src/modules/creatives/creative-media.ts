// The one creative media upload (POST /api/creatives/media) and the look-up of uploaded files when a
// creative names them. An upload is checked against the creative file-name rule (spec section 5),
// its kind's types and size limit, sniffed (declared type and extension must match the content) and
// measured (images: WxH; video: duration and WxH); then recorded with its uploader in creative_media.
import {
  CREATIVE_MEDIA_MESSAGES,
  CREATIVE_MEDIA_RULES,
  CREATIVE_MESSAGES,
  type CreativeMedia,
  type CreativeMediaKind,
} from '@console/core/api/creatives';
import { formatBytes } from '@console/core/format/bytes';
import { CREATIVE_FILE_NAME_MESSAGE, isValidCreativeFileName } from '@console/core/validation/creative';
import type { DbOrTx } from '../../db/client.ts';
import { type CreativeMediaRef, creativeMedia } from '../../db/schema/creatives.ts';
import { requireAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';

export type MediaRow = typeof creativeMedia.$inferSelect;

export const sizeText = (width: number | null | undefined, height: number | null | undefined) =>
  width && height ? `${width}x${height}` : undefined;

const checkDimensions = (kind: CreativeMediaKind, width = 0, height = 0) => {
  if (kind === 'icon') {
    const rule = CREATIVE_MEDIA_RULES.icon;
    if (width !== height || width < rule.minWidth || height < rule.minHeight)
      throw badRequest(CREATIVE_MEDIA_MESSAGES.iconShape, { file: CREATIVE_MEDIA_MESSAGES.iconShape });
  }
  if (kind === 'main') {
    const rule = CREATIVE_MEDIA_RULES.main;
    if (width < rule.minWidth || height < rule.minHeight)
      throw badRequest(CREATIVE_MEDIA_MESSAGES.mainTooSmall, { file: CREATIVE_MEDIA_MESSAGES.mainTooSmall });
  }
};

export const toMediaAnswer = (row: MediaRow): CreativeMedia => {
  const durationS = row.durationMs === null ? undefined : row.durationMs / 1000;
  const size = sizeText(row.width, row.height);
  return {
    url: row.url,
    kind: row.kind as CreativeMediaKind,
    mime: row.mime,
    bytes: row.bytes,
    ...(row.width === null ? {} : { width: row.width }),
    ...(row.height === null ? {} : { height: row.height }),
    ...(durationS === undefined ? {} : { duration_s: durationS }),
    ...(size ? { size } : {}),
    ...(row.mime.startsWith('video/')
      ? { video_section: { formattedSize: formatBytes(row.bytes), duration: durationS ?? 0 } }
      : {}),
  };
};

export const toMediaRef = (row: MediaRow): CreativeMediaRef => {
  const answer = toMediaAnswer(row);
  return {
    url: answer.url,
    mime: answer.mime,
    bytes: answer.bytes,
    ...(answer.width === undefined ? {} : { width: answer.width }),
    ...(answer.height === undefined ? {} : { height: answer.height }),
    ...(answer.duration_s === undefined ? {} : { duration_s: answer.duration_s }),
  };
};

export const uploadCreativeMedia = async (
  deps: AppDeps,
  principal: Principal,
  file: { content: Buffer; mime: string; fileName: string; kind: CreativeMediaKind },
): Promise<CreativeMedia> => {
  if (!isValidCreativeFileName(file.fileName))
    throw badRequest(CREATIVE_FILE_NAME_MESSAGE, { file: CREATIVE_FILE_NAME_MESSAGE });
  const rule = CREATIVE_MEDIA_RULES[file.kind];
  const stored = await deps.media.saveMedia(
    file.content,
    { mime: file.mime, fileName: file.fileName },
    {
      allowed: rule.mimes,
      maxBytes: rule.maxBytes,
      inspect: (media) => checkDimensions(file.kind, media.width, media.height),
    },
  );
  const [row] = await deps.db
    .insert(creativeMedia)
    .values({
      url: stored.url,
      kind: file.kind,
      mime: stored.mime,
      bytes: stored.bytes,
      width: stored.width ?? null,
      height: stored.height ?? null,
      durationMs: stored.durationS === undefined ? null : Math.round(stored.durationS * 1000),
      originalName: file.fileName,
      uploadedBy: principal.userId,
    })
    .returning();
  return toMediaAnswer(row!);
};

/** What a field of a creative accepts. */
export type MediaUse = 'image' | 'video' | 'icon' | 'main';

const fits = (use: MediaUse, row: MediaRow) => {
  const isImage = row.mime.startsWith('image/');
  const width = row.width ?? 0;
  const height = row.height ?? 0;
  switch (use) {
    case 'image':
      return isImage;
    case 'video':
      return row.mime.startsWith('video/');
    case 'icon':
      return isImage && width === height && width >= CREATIVE_MEDIA_RULES.icon.minWidth;
    case 'main':
      return (
        isImage &&
        width >= CREATIVE_MEDIA_RULES.main.minWidth &&
        height >= CREATIVE_MEDIA_RULES.main.minHeight
      );
  }
};

/**
 * An uploaded file a creative may carry: the media rule of the access table (uploaded by the caller
 * or a user below it; the creative's advertiser is one of those), and fit for the field. Otherwise
 * 400 on the field, the same answer for unknown and foreign files.
 */
export const requireUsableMedia = async (
  db: DbOrTx,
  principal: Principal,
  url: string,
  use: MediaUse,
  field: string,
): Promise<MediaRow> => {
  const row = await requireAccess(db, principal, 'media', url, {
    denied: () => badRequest(CREATIVE_MESSAGES.unknownMedia, { [field]: CREATIVE_MESSAGES.unknownMedia }),
  });
  if (!fits(use, row)) {
    const message =
      use === 'icon'
        ? CREATIVE_MEDIA_MESSAGES.iconShape
        : use === 'main'
          ? CREATIVE_MEDIA_MESSAGES.mainTooSmall
          : CREATIVE_MESSAGES.wrongMedia;
    throw badRequest(message, { [field]: message });
  }
  return row;
};
