// The creative form's values, the request body they make, and the checks the browser runs before
// anything is sent: the core request schemas (the URL rules of spec section 3 and the messages of
// section 5), the advertiser a staff or agency user must choose, and the checks of a chosen file
// before its upload (file-name rule, type, size limit, native image dimensions). Pure, unit-tested.
import {
  ADOMAIN_MESSAGE,
  CREATIVE_MEDIA_MESSAGES,
  CREATIVE_MEDIA_RULES,
  CREATIVE_MESSAGES,
  type CreativeDetail,
  type CreativeMedia,
  type CreativeMediaKind,
  type CreativeType,
  creativeCreateBody,
  creativeUpdateBody,
} from '@console/core/api/creatives';
import { IAB_CATEGORY_MESSAGE } from '@console/core/api/iab-category-list';
import { formatBytes } from '@console/core/format/bytes';
import type { Role } from '@console/core/roles';
import {
  CREATIVE_FILE_NAME_MESSAGE,
  CREATIVE_NAME_EMPTY_MESSAGE,
  isValidCreativeFileName,
} from '@console/core/validation/creative';
import { TEXT_LIMIT_25_MESSAGE } from '@console/core/validation/text';
import { CLICK_URL_REQUIRED_MESSAGE, INVALID_URL_MESSAGE } from '@console/core/validation/url';
import { type FieldErrors, validateWith } from '../../../lib/forms/schema-errors.ts';

/** An uploaded file as the form keeps it (the upload's answer, or a stored creative's file). */
export type MediaValue = {
  url: string;
  /** The chosen file's name, when uploaded in this form. */
  name?: string;
  mime?: string;
  bytes?: number;
  /** 'WxH'. */
  size?: string;
  /** Video: '1.5 MB' and seconds. */
  formattedSize?: string;
  duration?: number;
};

export type VideoSource = 'file' | 'vast';

export type CreativeFormValues = {
  type: CreativeType;
  name: string;
  advertiserId: number | null;
  clickUrl: string;
  /** Image: several pixel URLs. */
  pixelUrls: string[];
  /** Video: several impression URLs. */
  impressionUrls: string[];
  /** Native: one impression URL. */
  impressionUrl: string;
  /** Image banner or video file. */
  media: MediaValue | null;
  videoSource: VideoSource;
  vastUrl: string;
  native: {
    title: string;
    sponsoredBy: string;
    description: string;
    cta: string;
    icon: MediaValue | null;
    main: MediaValue | null;
  };
  htmlTag: string;
  /** The advertiser's domain bids name (empty: the click URL's). */
  adomain: string;
  /** IAB categories of the ad (empty: the campaign's). */
  iabCategories: string[];
  /**
   * The exchanges to be approved on; null: not chosen here (a new creative goes to the advertiser's
   * supported exchanges, an edited one keeps its own).
   */
  exchangeIds: number[] | null;
};

export const emptyCreativeForm = (type: CreativeType = 'image'): CreativeFormValues => ({
  type,
  name: '',
  advertiserId: null,
  clickUrl: '',
  pixelUrls: [''],
  impressionUrls: [''],
  impressionUrl: '',
  media: null,
  videoSource: 'file',
  vastUrl: '',
  native: { title: '', sponsoredBy: '', description: '', cta: '', icon: null, main: null },
  htmlTag: '',
  adomain: '',
  iabCategories: [],
  exchangeIds: null,
});

/** At least one row to type in. */
const rowsOf = (values: readonly string[]) => (values.length > 0 ? [...values] : ['']);

const mediaOfDetail = (creative: CreativeDetail): MediaValue | null =>
  creative.media
    ? {
        url: creative.media.url,
        mime: creative.media.mime,
        bytes: creative.media.bytes,
        size: creative.size ?? undefined,
        formattedSize: creative.video_section?.formattedSize,
        duration: creative.video_section?.duration ?? creative.media.duration_s,
      }
    : null;

/** A stored creative as form values (the edit form). */
export const formOfCreative = (creative: CreativeDetail): CreativeFormValues => ({
  ...emptyCreativeForm(creative.creative_type),
  name: creative.name,
  advertiserId: creative.advertiser.user_primary_id,
  clickUrl: creative.click_url ?? '',
  pixelUrls: rowsOf(creative.creative_type === 'image' ? creative.pixel_url : []),
  impressionUrls: rowsOf(creative.creative_type === 'video' ? creative.impression_url : []),
  impressionUrl: creative.creative_type === 'native' ? (creative.impression_url[0] ?? '') : '',
  media: mediaOfDetail(creative),
  videoSource: creative.creative_type === 'video' && creative.video_section?.vast_url ? 'vast' : 'file',
  vastUrl: creative.video_section?.vast_url ?? '',
  native: creative.native
    ? {
        title: creative.native.title,
        sponsoredBy: creative.native.sponsored_by,
        description: creative.native.description ?? '',
        cta: creative.native.cta ?? '',
        icon: creative.native.icon
          ? { url: creative.native.icon.url, size: creative.native.icon.size }
          : null,
        main: { url: creative.native.main_image.url, size: creative.native.main_image.size },
      }
    : emptyCreativeForm().native,
  htmlTag: creative.html_tag ?? '',
  adomain: creative.adomain ?? '',
  iabCategories: creative.iab_categories,
  exchangeIds: creative.exchanges.map((exchange) => exchange.exchange_id),
});

/** Media of an upload's answer as the form keeps it. */
export const mediaValueOf = (media: CreativeMedia, fileName?: string): MediaValue => ({
  url: media.url,
  name: fileName,
  mime: media.mime,
  bytes: media.bytes,
  size: media.size,
  formattedSize: media.video_section?.formattedSize,
  duration: media.video_section?.duration ?? media.duration_s,
});

const optional = (value: string) => (value.trim() === '' ? undefined : value);

/**
 * The request body of the values' type (what POST and PUT take): only the fields the type has, so
 * the URL rules table decides which URLs travel.
 */
export const toCreativeBody = (values: CreativeFormValues): Record<string, unknown> => {
  const common = {
    creative_type: values.type,
    name: values.name,
    adomain: values.adomain,
    iab_categories: values.iabCategories,
    ...(values.exchangeIds === null ? {} : { exchange_ids: values.exchangeIds }),
  };
  switch (values.type) {
    case 'image':
      return {
        ...common,
        media_url: values.media?.url ?? '',
        click_url: values.clickUrl,
        pixel_url: values.pixelUrls,
      };
    case 'native':
      return {
        ...common,
        click_url: values.clickUrl,
        impression_url: values.impressionUrl,
        native: {
          title: values.native.title,
          sponsored_by: values.native.sponsoredBy,
          description: optional(values.native.description),
          cta: optional(values.native.cta),
          icon_url: values.native.icon?.url,
          main_image_url: values.native.main?.url ?? '',
        },
      };
    case 'video':
      return {
        ...common,
        click_url: values.clickUrl,
        impression_url: values.impressionUrls,
        ...(values.videoSource === 'file'
          ? { media_url: values.media?.url }
          : { vast_url: values.vastUrl.trim() === '' ? undefined : values.vastUrl }),
      };
    case 'html':
      return { ...common, html_tag: values.htmlTag };
  }
};

export type CreativeFormMode = { kind: 'create'; role: Role } | { kind: 'edit' };

/** Staff and agencies create for one of their advertisers; an advertiser for itself. */
export const needsAdvertiser = (role: Role): boolean => role !== 'ADVERTISER';

/**
 * The field messages of the values (core's schema messages, English; the form translates them),
 * keyed like the server's 400 answer: 'name', 'click_url', 'pixel_url.1', 'native.title', ...
 * On success, the parsed body to send.
 */
export const checkCreativeForm = (
  values: CreativeFormValues,
  mode: CreativeFormMode,
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FieldErrors } => {
  const body = toCreativeBody(values);
  const errors: Record<string, string> = {};
  if (mode.kind === 'create') {
    if (needsAdvertiser(mode.role)) {
      if (values.advertiserId) body.advertiser_id = values.advertiserId;
      else errors.advertiser_id = CREATIVE_MESSAGES.chooseAdvertiser;
    }
  }
  // A creative approved nowhere could never serve.
  if (values.exchangeIds?.length === 0) errors.exchange_ids = CREATIVE_MESSAGES.chooseExchange;
  const result = validateWith(mode.kind === 'create' ? creativeCreateBody : creativeUpdateBody, body);
  if (!result.success) Object.assign(errors, moveVideoSourceError(result.errors, values));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: result.success ? (result.data as Record<string, unknown>) : body };
};

/** "Upload a file or give a VAST URL" lands on media_url; with the VAST choice it belongs to vast_url. */
const moveVideoSourceError = (errors: FieldErrors, values: CreativeFormValues): FieldErrors => {
  if (values.type !== 'video' || values.videoSource !== 'vast' || !errors.media_url) return errors;
  const { media_url: message, ...rest } = errors;
  return { ...rest, vast_url: rest.vast_url ?? message };
};

// ---- files, before the upload --------------------------------------------------------------------

const EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
};

/** The extensions of a kind's file types ('png, jpg, jpeg, ...'), for the field's hint and `accept`. */
export const extensionsOf = (kind: CreativeMediaKind): string[] =>
  CREATIVE_MEDIA_RULES[kind].mimes.flatMap((mime) => EXTENSIONS[mime] ?? []);

/** The `accept` attribute of a kind's file input. */
export const acceptOf = (kind: CreativeMediaKind): string =>
  [...CREATIVE_MEDIA_RULES[kind].mimes, ...extensionsOf(kind).map((extension) => `.${extension}`)].join(',');

/** A problem with a chosen file: an i18n key of the `creatives` namespace and its values. */
export type FileProblem = { key: string; values?: Record<string, string | number> };

export type FileFacts = { name: string; type: string; size: number };

/**
 * What the server would refuse without sending it: the file-name rule, a type or extension the kind
 * does not take, an empty file or one over the kind's size limit. The content is still sniffed by
 * the server (a .png that is text passes here and is refused there).
 */
export const checkFileBeforeUpload = (file: FileFacts, kind: CreativeMediaKind): FileProblem | null => {
  const rule = CREATIVE_MEDIA_RULES[kind];
  if (!isValidCreativeFileName(file.name)) return { key: 'file.badName' };
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const allowed = extensionsOf(kind);
  const types = allowed.join(', ');
  if (!allowed.includes(extension)) return { key: 'file.badType', values: { types } };
  const declared = file.type.toLowerCase();
  const known = declared !== '' && declared !== 'application/octet-stream';
  if (
    known &&
    !(rule.mimes as readonly string[]).includes(declared === 'image/jpg' ? 'image/jpeg' : declared)
  )
    return { key: 'file.badType', values: { types } };
  if (file.size === 0) return { key: 'file.empty' };
  if (file.size > rule.maxBytes) return { key: 'file.tooLarge', values: { max: formatBytes(rule.maxBytes) } };
  return null;
};

/** The native images' IAB size rules (icon: square, at least 50x50; main: at least 300x250). */
export const checkImageDimensions = (
  kind: CreativeMediaKind,
  width: number,
  height: number,
): FileProblem | null => {
  if (kind === 'icon') {
    const rule = CREATIVE_MEDIA_RULES.icon;
    if (width !== height || width < rule.minWidth) return { key: 'messages.iconShape' };
  }
  if (kind === 'main') {
    const rule = CREATIVE_MEDIA_RULES.main;
    if (width < rule.minWidth || height < rule.minHeight) return { key: 'messages.mainTooSmall' };
  }
  return null;
};

// ---- URL lists -----------------------------------------------------------------------------------

/**
 * Addresses pasted at once (one per line, or separated by spaces or commas followed by a space):
 * each becomes its own row. A URL has no whitespace, so whitespace always separates two.
 */
export const parseUrlList = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((part) => part.replace(/^,+|,+$/g, ''))
    .filter((part) => part !== '');

/** Rows after a paste into row `index`: the pasted addresses replace it, the rest stay. */
export const pasteIntoRows = (rows: readonly string[], index: number, text: string): string[] => {
  const pasted = parseUrlList(text);
  if (pasted.length === 0) return [...rows];
  return [...rows.slice(0, index), ...pasted, ...rows.slice(index + 1)];
};

/** The video's length for people: 15 -> '0:15', 75.4 -> '1:15', 3725 -> '1:02:05'. */
export const formatDuration = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
};

// ---- messages ------------------------------------------------------------------------------------

/** Core's messages (schemas and the server's 400 answers) as keys of the `creatives` namespace. */
export const CREATIVE_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [CREATIVE_NAME_EMPTY_MESSAGE]: 'messages.nameEmpty',
  [CLICK_URL_REQUIRED_MESSAGE]: 'messages.clickUrlRequired',
  [INVALID_URL_MESSAGE]: 'messages.invalidUrl',
  [CREATIVE_FILE_NAME_MESSAGE]: 'file.badName',
  [TEXT_LIMIT_25_MESSAGE]: 'messages.limit25',
  [ADOMAIN_MESSAGE]: 'messages.adomain',
  [IAB_CATEGORY_MESSAGE]: 'messages.iabCategory',
  ...Object.fromEntries(
    Object.entries(CREATIVE_MESSAGES).map(([key, message]) => [message, `messages.${key}`]),
  ),
  ...Object.fromEntries(
    Object.entries(CREATIVE_MEDIA_MESSAGES).map(([key, message]) => [message, `messages.${key}`]),
  ),
};

/** The `creatives` key of a known message, or null to show it as the server wrote it. */
export const creativeMessageKey = (message: string): string | null => CREATIVE_MESSAGE_KEYS[message] ?? null;
