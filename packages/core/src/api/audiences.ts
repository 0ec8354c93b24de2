// Schemas of audiences (spec sections 3 and 7). An audience belongs to one advertiser and is either
// an uploaded list of people (mobile advertising ids and SHA-256 hashed e-mails; plain e-mails are
// hashed on arrival and never stored) or a rule over the console's own delivery data (people who
// clicked or converted on chosen campaigns within N days). Its status follows audience-status.ts.
import { z } from 'zod';
import { AUDIENCE_STATUSES } from '../audience-status.ts';
import { pageQuery } from './common.ts';
import { int8IdParam } from './ids.ts';
import { IMPORT_MODES, LIST_NAME_EMPTY_MESSAGE, listNameSchema } from './inventory-lists.ts';

export const AUDIENCE_SOURCES = ['UPLOAD', 'RULE'] as const;
export const AUDIENCE_RULE_EVENTS = ['CLICK', 'CONVERSION'] as const;
export const AUDIENCE_RULE_MAX_DAYS = 540;
export const AUDIENCE_RULE_MAX_CAMPAIGNS = 100;

/** Audiences, campaigns and users have `bigint` ids; read from text (path, multipart fields). */
const positiveId = (label: string) => int8IdParam(`${label} id`);

export const audienceIdParams = z.object({ id: positiveId('audience') });

export const audienceRuleSchema = z.object({
  event: z.enum(AUDIENCE_RULE_EVENTS, 'Choose clicked or converted.'),
  campaign_ids: z
    .array(positiveId('campaign'), 'Give the campaign ids as a list.')
    .min(1, 'Choose at least one campaign.')
    .max(AUDIENCE_RULE_MAX_CAMPAIGNS, `At most ${AUDIENCE_RULE_MAX_CAMPAIGNS} campaigns.`)
    .transform((ids) => [...new Set(ids)]),
  days: z.coerce
    .number('Give the number of days.')
    .int('Give a whole number of days.')
    .min(1, 'At least 1 day.')
    .max(AUDIENCE_RULE_MAX_DAYS, `At most ${AUDIENCE_RULE_MAX_DAYS} days.`),
});
export type AudienceRule = z.output<typeof audienceRuleSchema>;

/** POST /api/audiences: a rule audience (an uploaded one is created by POST /api/audiences/uploads). */
export const audienceRuleCreateBody = z.object({
  name: listNameSchema,
  advertiser_id: positiveId('advertiser').optional(),
  rule: audienceRuleSchema,
});
export type AudienceRuleCreateBody = z.output<typeof audienceRuleCreateBody>;

export const audienceStatusBody = z.object({
  to: z.enum(AUDIENCE_STATUSES, 'Choose an audience status.'),
});

export const audienceUpdateBody = z.object({ name: listNameSchema });

const advertiserRef = z.object({
  user_primary_id: z.number().int(),
  email: z.string(),
  companyName: z.string(),
});

export const audienceListItem = z.object({
  audience_id: z.number().int().describe('The audience id (audience_id).'),
  name: z.string(),
  source: z
    .enum(AUDIENCE_SOURCES)
    .describe('UPLOAD: a file of device ids and hashed e-mails; RULE: delivery data.'),
  status: z
    .enum(AUDIENCE_STATUSES)
    .describe('PROCESSING -> READY | FAILED; ARCHIVED (see audience-status.ts).'),
  /** Why processing failed (FAILED only). */
  failure_reason: z.string().nullable(),
  /** People matched: distinct device ids plus distinct hashed e-mails (null while first processing). */
  matched_size: z.number().int().nullable(),
  device_id_count: z.number().int().nullable(),
  email_hash_count: z.number().int().nullable(),
  campaign_count: z.number().int(),
  advertiser: advertiserRef,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AudienceListItem = z.infer<typeof audienceListItem>;

/** The rule as answered (the request schema's coercions and transforms are for input only). */
const audienceRuleView = z.object({
  event: z.enum(AUDIENCE_RULE_EVENTS),
  campaign_ids: z.array(z.number().int()),
  days: z.number().int().describe('The look-back window in days.'),
});

export const audienceDetail = audienceListItem.extend({
  rule: audienceRuleView.nullable(),
  /** For a rule audience: computed from the console's delivery data, of which there is none yet. */
  rule_note: z.string().nullable(),
  campaigns: z.array(
    z.object({ campaign_id: z.number().int(), name: z.string(), mode: z.enum(['INCLUDE', 'EXCLUDE']) }),
  ),
  /** The statuses the caller may move the audience to now. */
  next_statuses: z.array(z.enum(AUDIENCE_STATUSES)),
  pending_import_id: z.number().int().nullable(),
  /** When the members were last computed or stored. */
  processed_at: z.string().nullable(),
});
export type AudienceDetail = z.infer<typeof audienceDetail>;

export const AUDIENCE_SORT_FIELDS = ['name', 'status', 'matched_size', 'created_at', 'updated_at'] as const;
export const audienceListQuery = pageQuery.extend({
  advertiser_id: int8IdParam('advertiser id').optional(),
  status: z.enum(AUDIENCE_STATUSES).optional(),
  source: z.enum(AUDIENCE_SOURCES).optional(),
  sort: z.enum(AUDIENCE_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AudienceListQuery = z.output<typeof audienceListQuery>;

/**
 * The multipart fields of POST /api/audiences/uploads, sent before the file: `audience_id` (+ `mode`)
 * for more people in an audience, or `name` (+ `advertiser_id`) for a new one; `column` names the CSV
 * header column to read (absent: one entry per line).
 */
export const audienceUploadFields = z
  .object({
    audience_id: positiveId('audience').optional(),
    mode: z.enum(IMPORT_MODES, 'Choose add, replace or remove.').default('append'),
    name: listNameSchema.optional(),
    advertiser_id: positiveId('advertiser').optional(),
    column: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((fields, ctx) => {
    if (fields.audience_id === undefined && fields.name === undefined)
      ctx.addIssue({ code: 'custom', message: LIST_NAME_EMPTY_MESSAGE, path: ['name'] });
  });
