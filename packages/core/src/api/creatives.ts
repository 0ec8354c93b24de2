// Schemas of the creative endpoints: the media upload, create and edit per creative
// type (with the URL rules of spec section 3 from validation/creative.ts), lists, bulk edit, the
// admin approval queue per exchange and the DSP association map (creative_assoc_map).
//
// Request fields follow the spec's URL rule names: `click_url` (one), `pixel_url` (image, a list),
// `impression_url` (native: one; video: a list). Fields a type does not take are dropped (an html
// creative sent with a click_url is stored without one). Answers always give `pixel_url` and
// `impression_url` as lists (a native creative's list holds at most one).
import { z } from 'zod';
import {
  CREATIVE_TYPES,
  CREATIVE_URLS_SCHEMAS,
  creativeNameSchema,
  sponsoredBySchema,
} from '../validation/creative.ts';
import { IDENTIFIER_MESSAGE, IDENTIFIER_PATTERN } from '../validation/text.ts';
import {
  CLICK_URL_REQUIRED_MESSAGE,
  clickUrlSchema,
  INVALID_URL_MESSAGE,
  optionalUrlSchema,
} from '../validation/url.ts';
import { newOwnerAdvertiserId, pageQuery } from './common.ts';
import {
  CREATIVE_APPROVAL_STATES,
  CREATIVE_BULK_MAX,
  CREATIVE_REASON_MAX,
  CREATIVE_REJECT_REASON_MESSAGE,
  CREATIVE_SORT_FIELDS,
  CREATIVE_STATUSES,
  type CreativeApprovalState,
  type CreativeStatus,
} from './creatives-constants.ts';
import { iabCategorySchema } from './iab-categories.ts';
import { int4Id, int4IdParam, int8Id, int8IdParam, int8IdParams } from './ids.ts';

export * from './creatives-constants.ts';

/**
 * A creative's overall status from its exchanges' states: APPROVED when at least one exchange
 * approved it (it can serve there), REJECTED when every exchange rejected it, PENDING otherwise
 * (also with no exchange at all).
 */
export const deriveCreativeStatus = (states: readonly CreativeApprovalState[]): CreativeStatus => {
  if (states.includes('APPROVED')) return 'APPROVED';
  if (states.length > 0 && states.every((state) => state === 'REJECTED')) return 'REJECTED';
  return 'PENDING';
};

// ---- media upload ------------------------------------------------------------------------------

/**
 * What an upload is for (multipart field "kind", default image): each kind has its file types, its
 * size limit and, for the native assets, the dimensions IAB OpenRTB Native 1.2 asks for.
 */
export const CREATIVE_MEDIA_KINDS = ['image', 'video', 'icon', 'main'] as const;
export type CreativeMediaKind = (typeof CREATIVE_MEDIA_KINDS)[number];

export const CREATIVE_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const CREATIVE_VIDEO_MIMES = ['video/mp4', 'video/webm'] as const;

export const CREATIVE_MEDIA_RULES = {
  /** The banner of an image creative. */
  image: { mimes: CREATIVE_IMAGE_MIMES, maxBytes: 2 * 1024 * 1024 },
  /** The file of a video creative (MP4 or WebM); duration and dimensions are read from it. */
  video: { mimes: CREATIVE_VIDEO_MIMES, maxBytes: 50 * 1024 * 1024 },
  /** Native icon (IAB image asset type 1): square, at least 50x50. */
  icon: { mimes: CREATIVE_IMAGE_MIMES, maxBytes: 512 * 1024, minWidth: 50, minHeight: 50, square: true },
  /** Native main image (IAB image asset type 3): at least 300x250. */
  main: { mimes: CREATIVE_IMAGE_MIMES, maxBytes: 2 * 1024 * 1024, minWidth: 300, minHeight: 250 },
} as const satisfies Record<
  CreativeMediaKind,
  { mimes: readonly string[]; maxBytes: number; minWidth?: number; minHeight?: number; square?: boolean }
>;

export const CREATIVE_MEDIA_MESSAGES = {
  iconShape: 'A native icon must be square and at least 50x50 pixels.',
  mainTooSmall: 'A native main image must be at least 300x250 pixels.',
  videoUnreadable: 'The video could not be read: upload an MP4 or WebM file with a video track.',
} as const;

export const creativeMediaKindField = z.enum(CREATIVE_MEDIA_KINDS);

/** The answer of POST /api/creatives/media: the stored file, to be named in a create or edit. */
export const creativeMediaSchema = z.object({
  /** Served at this path (/media/...); send it back as media_url, icon_url or main_image_url. */
  url: z.string(),
  kind: creativeMediaKindField,
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** Seconds, for video. */
  duration_s: z.number().optional(),
  /** 'WxH', for images and video. */
  size: z.string().optional(),
  /** For video: the 1024-based size text ('1.5 MB') and the duration in seconds. */
  video_section: z.object({ formattedSize: z.string(), duration: z.number() }).optional(),
});
export type CreativeMedia = z.infer<typeof creativeMediaSchema>;

// ---- create and edit ---------------------------------------------------------------------------

export const CREATIVE_NAME_MAX = 255;
export const NATIVE_LIMITS = { title: 90, sponsored_by: 25, description: 140, cta: 15 } as const;
export const HTML_TAG_MAX = 65_536;

export const CREATIVE_MESSAGES = {
  nameTooLong: `A creative name is at most ${CREATIVE_NAME_MAX} characters.`,
  chooseType: 'Choose the creative type: image, native, video or html.',
  mediaRequired: 'Upload the image first.',
  videoSource: 'Upload a video file or give a VAST URL (one of them).',
  titleRequired: 'Give the native title.',
  titleTooLong: `The title is at most ${NATIVE_LIMITS.title} characters.`,
  sponsoredRequired: 'Give the sponsored-by text.',
  descriptionTooLong: `The description is at most ${NATIVE_LIMITS.description} characters.`,
  ctaTooLong: `The call to action is at most ${NATIVE_LIMITS.cta} characters.`,
  mainImageRequired: 'Upload the main image first.',
  htmlRequired: 'Paste the ad tag (HTML).',
  htmlTooLong: `An ad tag is at most ${HTML_TAG_MAX.toLocaleString('en')} characters.`,
  unknownMedia: 'This file was not uploaded here: upload it first.',
  wrongMedia: 'This file is not of the right kind for this field.',
  typeFixed: 'The creative type cannot be changed: create a new creative instead.',
  chooseAdvertiser: 'Choose the advertiser of this creative.',
  chooseYourAdvertiser: 'Choose one of your advertisers.',
  ownOnly: 'An advertiser creates creatives for itself only.',
  unknownExchange: 'Choose exchanges from the list.',
  chooseExchange: 'Choose at least one exchange to be approved on.',
} as const;

/** A click URL where the type requires one: a missing field gets the spec's "mandatory" message. */
const mandatoryClickUrl = z
  .string({ error: (issue) => (issue.input == null ? CLICK_URL_REQUIRED_MESSAGE : INVALID_URL_MESSAGE) })
  .pipe(clickUrlSchema);

const mediaUrl = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(500, 'The file address is too long.');

/** Exchanges have `integer` ids; creatives and users `bigint` ones. */
const positiveId = (label: string) => (label === 'exchange' ? int4Id : int8Id)(`${label} id`);

export const ADOMAIN_MESSAGE = 'The advertiser domain is a domain name, like example.com.';

/** Fields of every creative type. */
const commonFields = {
  /** The advertiser's domain as bids name it (bid.adomain); empty or omitted: read from the click URL. */
  adomain: z
    .string(ADOMAIN_MESSAGE)
    .trim()
    .toLowerCase()
    .max(253, ADOMAIN_MESSAGE)
    .transform((value) => value.replace(/^www\./, ''))
    .pipe(
      z.union([
        z.literal(''),
        z
          .string()
          .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, ADOMAIN_MESSAGE),
      ]),
    )
    .transform((value) => value || null)
    .nullable()
    .optional(),
  /** IAB content categories of the ad (bid.cat, checked against bcat); empty: the campaign's. */
  iab_categories: z
    .array(iabCategorySchema)
    .max(20, 'At most 20 categories.')
    .transform((values) => [...new Set(values)])
    .optional(),
  name: creativeNameSchema.max(CREATIVE_NAME_MAX, CREATIVE_MESSAGES.nameTooLong),
  /**
   * The exchanges to be approved on. On create, omitted means the advertiser's supported exchanges
   * (every active exchange when it has none); on edit, omitted means unchanged.
   */
  exchange_ids: z
    .array(positiveId('exchange'))
    .max(100, 'At most 100 exchanges.')
    .transform((ids) => [...new Set(ids)])
    .optional(),
};

export const nativeAssetsInput = z.object({
  title: z
    .string({ error: CREATIVE_MESSAGES.titleRequired })
    .trim()
    .min(1, CREATIVE_MESSAGES.titleRequired)
    .max(NATIVE_LIMITS.title, CREATIVE_MESSAGES.titleTooLong),
  sponsored_by: z
    .string({ error: CREATIVE_MESSAGES.sponsoredRequired })
    .trim()
    .min(1, CREATIVE_MESSAGES.sponsoredRequired)
    .pipe(sponsoredBySchema),
  description: z
    .string()
    .trim()
    .max(NATIVE_LIMITS.description, CREATIVE_MESSAGES.descriptionTooLong)
    .optional(),
  cta: z.string().trim().max(NATIVE_LIMITS.cta, CREATIVE_MESSAGES.ctaTooLong).optional(),
  /** An upload of kind "icon" (square, at least 50x50). */
  icon_url: z.string().trim().max(500).optional(),
  /** An upload of kind "main" (at least 300x250). */
  main_image_url: mediaUrl(CREATIVE_MESSAGES.mainImageRequired),
});

export const imageCreativeInput = CREATIVE_URLS_SCHEMAS.image.extend({
  creative_type: z.literal('image'),
  ...commonFields,
  click_url: mandatoryClickUrl,
  /** An upload of kind "image". */
  media_url: mediaUrl(CREATIVE_MESSAGES.mediaRequired),
});

export const nativeCreativeInput = CREATIVE_URLS_SCHEMAS.native.extend({
  creative_type: z.literal('native'),
  ...commonFields,
  click_url: mandatoryClickUrl,
  native: nativeAssetsInput,
});

export const videoCreativeInput = CREATIVE_URLS_SCHEMAS.video.extend({
  creative_type: z.literal('video'),
  ...commonFields,
  click_url: mandatoryClickUrl,
  /** An upload of kind "video"; or else vast_url. */
  media_url: z.string().trim().max(500).optional(),
  vast_url: optionalUrlSchema,
});

export const htmlCreativeInput = CREATIVE_URLS_SCHEMAS.html.extend({
  creative_type: z.literal('html'),
  ...commonFields,
  /** The ad markup. Never served by the API as a page; the console previews it in a sandboxed iframe. */
  html_tag: z
    .string({ error: CREATIVE_MESSAGES.htmlRequired })
    .trim()
    .min(1, CREATIVE_MESSAGES.htmlRequired)
    .max(HTML_TAG_MAX, CREATIVE_MESSAGES.htmlTooLong),
});

const creativeInput = z
  .discriminatedUnion(
    'creative_type',
    [imageCreativeInput, nativeCreativeInput, videoCreativeInput, htmlCreativeInput],
    { error: CREATIVE_MESSAGES.chooseType },
  )
  .superRefine((value, ctx) => {
    if (value.creative_type !== 'video') return;
    const hasFile = Boolean(value.media_url);
    const hasVast = Boolean(value.vast_url);
    if (hasFile === hasVast)
      ctx.addIssue({ code: 'custom', message: CREATIVE_MESSAGES.videoSource, path: ['media_url'] });
  });

/** POST /api/creatives. advertiser_id: required for agency, admin and co-admin; an advertiser's own. */
export const creativeCreateBody = z.intersection(
  creativeInput,
  z.object({ advertiser_id: positiveId('advertiser').optional().describe(newOwnerAdvertiserId('creative')) }),
);
export type CreativeCreateBody = z.output<typeof creativeCreateBody>;

/** PUT /api/creatives/:id: the whole creative again (its type cannot change). */
export const creativeUpdateBody = creativeInput;
export type CreativeUpdateBody = z.output<typeof creativeUpdateBody>;
export type CreativeInput = z.output<typeof creativeInput>;

// ---- answers -----------------------------------------------------------------------------------

const userRef = z.object({ user_primary_id: z.number().int(), email: z.string() });
const advertiserRef = userRef.extend({ companyName: z.string() });

export const creativeAssocEntry = z.object({
  dsp_name: z.string().trim().min(1, 'Give the DSP name.').max(60, 'At most 60 characters.'),
  creative_associate_id: z
    .string()
    .trim()
    .min(1, 'Give the associate id.')
    .max(100, 'At most 100 characters.')
    .regex(IDENTIFIER_PATTERN, IDENTIFIER_MESSAGE),
});
export type CreativeAssocEntry = z.infer<typeof creativeAssocEntry>;

export const creativeExchangeSchema = z.object({
  exchange_id: z.number().int(),
  name: z.string(),
  state: z.enum(CREATIVE_APPROVAL_STATES),
  reason: z.string().nullable(),
  decided_by: userRef.nullable(),
  decided_at: z.string().nullable(),
});

export const creativeExchangeCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});

const storedMedia = z.object({
  url: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  duration_s: z.number().optional(),
});

export const creativeVideoSection = z.object({
  vast_url: z.string().optional(),
  formattedSize: z.string().optional(),
  duration: z.number().optional(),
});

export const creativeNativeAssets = z.object({
  title: z.string(),
  sponsored_by: z.string(),
  description: z.string().optional(),
  cta: z.string().optional(),
  icon: z.object({ url: z.string(), size: z.string() }).optional(),
  main_image: z.object({ url: z.string(), size: z.string() }),
});

export const creativeListItem = z.object({
  _id: z.string(),
  creative_primary_id: z.number().int(),
  name: z.string(),
  creative_type: z.enum(CREATIVE_TYPES),
  status: z.enum(CREATIVE_STATUSES),
  /** 'WxH' of the image, the video file or the native main image; null for html and VAST video. */
  size: z.string().nullable(),
  click_url: z.string().nullable(),
  /** The image to show in a list: the banner or the native main image. */
  preview_url: z.string().nullable(),
  video_section: creativeVideoSection.nullable(),
  advertiser: advertiserRef,
  exchange_counts: creativeExchangeCounts,
  /** The id in the first DSP by name (spec section 3); null when the creative is in no DSP yet. */
  creative_associate_id: z.string().nullable(),
  /** The advertiser domain given for bids (bid.adomain); null: the click URL's. */
  adomain: z.string().nullable(),
  /** The ad's IAB categories (bid.cat); empty: its campaign's ad categories. */
  iab_categories: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CreativeListItem = z.infer<typeof creativeListItem>;

export const creativeDetail = creativeListItem.extend({
  pixel_url: z.array(z.string()),
  impression_url: z.array(z.string()),
  media: storedMedia.nullable(),
  native: creativeNativeAssets.nullable(),
  /** The markup of an html creative: show it only inside a sandboxed iframe (srcdoc, no allow-same-origin). */
  html_tag: z.string().nullable(),
  /**
   * False when the html tag loads a resource over plain http (insecureResourcesOf): the bidder does
   * not bid it on secure (https) inventory.
   */
  secure_compatible: z.boolean(),
  exchanges: z.array(creativeExchangeSchema),
  /** One entry per DSP, by DSP name. */
  creative_assoc_map: z.array(creativeAssocEntry),
  created_by: userRef.nullable(),
});
export type CreativeDetail = z.infer<typeof creativeDetail>;

// ---- lists -------------------------------------------------------------------------------------

export const creativeListQuery = pageQuery.extend({
  creative_type: z.enum(CREATIVE_TYPES).optional(),
  status: z.enum(CREATIVE_STATUSES).optional(),
  advertiser_id: int8IdParam('advertiser id').optional(),
  /** With exchange_state: creatives whose state on this exchange is that state. */
  exchange_id: int4IdParam('exchange id').optional(),
  exchange_state: z.enum(CREATIVE_APPROVAL_STATES).optional(),
  sort: z.enum(CREATIVE_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type CreativeListQuery = z.output<typeof creativeListQuery>;

export const creativeIdParams = int8IdParams;
export const creativeCampaignParams = z.object({ campaignId: int8IdParam() });

// ---- bulk edit ---------------------------------------------------------------------------------

/**
 * POST /api/creatives/bulk/update. Each given field replaces the creative's own (pixel_url and
 * impression_url replace the whole list); name_prefix is put in front of the name unless the name
 * already starts with it. A field the creative's type does not take fails that creative only.
 */
export const creativeBulkUpdateBody = z
  .object({
    ids: z
      .array(positiveId('creative'), 'Give the creative ids as a list.')
      .min(1, 'Choose at least one creative.')
      .max(CREATIVE_BULK_MAX, `At most ${CREATIVE_BULK_MAX} creatives at once.`)
      .transform((ids) => [...new Set(ids)]),
    click_url: clickUrlSchema.optional(),
    pixel_url: CREATIVE_URLS_SCHEMAS.image.shape.pixel_url,
    impression_url: CREATIVE_URLS_SCHEMAS.video.shape.impression_url,
    /** Put in front as given (not trimmed: "Q3 " keeps its space, "Q3-" has none). */
    name_prefix: z
      .string()
      .regex(/\S/, 'The name prefix cannot be empty.')
      .max(50, 'The name prefix is at most 50 characters.')
      .optional(),
  })
  .refine(
    (value) =>
      value.click_url !== undefined ||
      value.pixel_url !== undefined ||
      value.impression_url !== undefined ||
      value.name_prefix !== undefined,
    {
      message: 'Choose at least one change: click_url, pixel_url, impression_url or name_prefix.',
      path: ['ids'],
    },
  );
export type CreativeBulkUpdateBody = z.output<typeof creativeBulkUpdateBody>;

const bulkItemResult = z.object({
  creative_id: z.number().int(),
  ok: z.boolean(),
  message: z.string().optional(),
  error_code: z.number().int().optional(),
});

export const creativeBulkResult = z.object({
  results: z.array(bulkItemResult),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type CreativeBulkResult = z.infer<typeof creativeBulkResult>;

// ---- approval (admin and co-admin) ---------------------------------------------------------------

export const creativeApprovalQuery = pageQuery.extend({
  state: z.enum(CREATIVE_APPROVAL_STATES).optional(),
  exchange_id: int4IdParam('exchange id').optional(),
  advertiser_id: int8IdParam('advertiser id').optional(),
  creative_id: int8IdParam('creative id').optional(),
  /**
   * Rows of these creatives only (the bulk creative status screen's selection): comma-separated
   * (?creative_ids=4,7) or repeated; repeats are dropped.
   */
  creative_ids: z
    .preprocess(
      (value) => {
        const parts = Array.isArray(value)
          ? value.flatMap((part) => String(part).split(','))
          : typeof value === 'string'
            ? value.split(',')
            : value;
        return Array.isArray(parts) ? parts.map((part) => part.trim()).filter((part) => part !== '') : parts;
      },
      z
        .array(int8IdParam('creative id'))
        .max(CREATIVE_BULK_MAX, `At most ${CREATIVE_BULK_MAX} creatives at once.`),
    )
    .transform((ids) => [...new Set(ids)])
    .optional(),
  creative_type: z.enum(CREATIVE_TYPES).optional(),
  sort: z.enum(['created_at', 'creative', 'exchange', 'state']).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const creativeApprovalRow = z.object({
  creative_id: z.number().int(),
  creative_name: z.string(),
  creative_type: z.enum(CREATIVE_TYPES),
  creative_status: z.enum(CREATIVE_STATUSES),
  size: z.string().nullable(),
  preview_url: z.string().nullable(),
  advertiser: advertiserRef,
  exchange_id: z.number().int(),
  exchange_name: z.string(),
  state: z.enum(CREATIVE_APPROVAL_STATES),
  reason: z.string().nullable(),
  decided_by: userRef.nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});

export const creativeDecisionBody = z
  .object({
    items: z
      .array(z.object({ creative_id: positiveId('creative'), exchange_id: positiveId('exchange') }))
      .min(1, 'Choose at least one creative exchange.')
      .max(500, 'At most 500 at once.'),
    decision: z.enum(['APPROVED', 'REJECTED'], 'Choose approve or reject.'),
    reason: z
      .string()
      .trim()
      .max(CREATIVE_REASON_MAX, `A reason is at most ${CREATIVE_REASON_MAX} characters.`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'REJECTED' && !value.reason?.trim())
      ctx.addIssue({ code: 'custom', message: CREATIVE_REJECT_REASON_MESSAGE, path: ['reason'] });
  });
export type CreativeDecisionBody = z.output<typeof creativeDecisionBody>;

export const creativeDecisionResult = z.object({
  results: z.array(
    z.object({
      creative_id: z.number().int(),
      exchange_id: z.number().int(),
      ok: z.boolean(),
      message: z.string().optional(),
      error_code: z.number().int().optional(),
      /** The creative's overall status after the decision. */
      creative_status: z.enum(CREATIVE_STATUSES).optional(),
    }),
  ),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type CreativeDecisionResult = z.infer<typeof creativeDecisionResult>;

/** PUT /api/admin/creatives/:id/assoc-map: the creative's ids in upstream DSPs (one per DSP). */
export const creativeAssocMapBody = z
  .object({ creative_assoc_map: z.array(creativeAssocEntry).max(50, 'At most 50 DSPs.') })
  .superRefine((value, ctx) => {
    const names = value.creative_assoc_map.map((entry) => entry.dsp_name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({
        code: 'custom',
        message: 'Each DSP has at most one associate id.',
        path: ['creative_assoc_map'],
      });
  });
