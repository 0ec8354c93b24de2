// Schemas of inventory lists (app lists, spec sections 3 and 7) and of the list imports shared with
// audiences. A list belongs to one advertiser, holds app bundles / store ids (APP) or site domains
// (SITE), and has a default use (allow or block) that the campaign form proposes.
//
// Entries arrive by upload (multipart, streamed and validated line by line; a pasted text is uploaded
// as a file), or a few at a time as JSON. An upload answers an import job at once; the client polls
// it while the server stores the entries (see modules/inventory/list-import-service.ts).
import { z } from 'zod';
import { IDENTIFIER_MESSAGE, IDENTIFIER_PATTERN, nameLikeTextSchema } from '../validation/text.ts';
import { INVENTORY_MODES } from './campaigns.ts';
import { pageQuery } from './common.ts';
import { int8IdParam } from './ids.ts';

export const APPLIST_KINDS = ['APP', 'SITE'] as const;
export type ApplistKind = (typeof APPLIST_KINDS)[number];
export const IMPORT_MODES = ['append', 'replace', 'remove'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** An upload may be at most this large by default (LIST_UPLOAD_MAX_MB on the server). */
export const LIST_UPLOAD_DEFAULT_MAX_MB = 64;
/** A line longer than this refuses the whole file: it is not a list of one entry per line. */
export const LIST_LINE_MAX_CHARS = 1000;
/** The answer names at most this many rejected lines (the counts cover all of them). */
export const REJECTED_LINES_SHOWN = 100;
/** Entries added or removed by JSON in one request (larger sets go through an upload). */
export const ENTRY_EDIT_MAX = 5000;
/** Samples of added and removed entries kept in the change log (never the whole set). */
export const CHANGE_LOG_SAMPLE = 10;

export const LIST_NAME_EMPTY_MESSAGE = 'List name cannot be empty.';
/** The name rule of spec section 5 (letters, numbers, spaces, hyphens; at most 25), not blank. */
export const listNameSchema = nameLikeTextSchema
  .trim()
  .min(1, LIST_NAME_EMPTY_MESSAGE)
  .regex(/\S/, LIST_NAME_EMPTY_MESSAGE);

/** Lists, imports and users have `bigint` ids; read from text (path, query, multipart fields). */
const positiveId = (label: string) => int8IdParam(`${label} id`);

export const applistIdParams = z.object({ id: positiveId('inventory list') });
export const importJobParams = z.object({ id: positiveId('import') });

const advertiserRef = z.object({
  user_primary_id: z.number().int(),
  email: z.string(),
  companyName: z.string(),
});

/** One rejected line of an upload or an edit. */
export const rejectedLine = z.object({
  /** 1-based line number in the file (or position in the list sent). */
  line: z.number().int(),
  /** The line as read, cut to 200 characters. */
  text: z.string(),
  reason: z.string(),
});
export type RejectedLine = z.infer<typeof rejectedLine>;

// ---- lists ---------------------------------------------------------------------------------------

export const applistAssocEntry = z.object({
  dsp_name: z.string().trim().min(1, 'Give the DSP name.').max(60, 'At most 60 characters.'),
  associate_applist_id: z
    .string()
    .trim()
    .min(1, 'Give the associate id.')
    .max(100, 'At most 100 characters.')
    .regex(IDENTIFIER_PATTERN, IDENTIFIER_MESSAGE),
});
export type ApplistAssocEntry = z.infer<typeof applistAssocEntry>;

export const applistListItem = z.object({
  applist_id: z.number().int().describe('The inventory list id (applist_id).'),
  name: z.string(),
  kind: z.enum(APPLIST_KINDS).describe('APP: app bundles or store ids; SITE: site domains.'),
  default_mode: z.enum(INVENTORY_MODES).describe('The use the campaign form proposes: ALLOW or BLOCK.'),
  entry_count: z.number().int().describe('Entries in the list.'),
  campaign_count: z.number().int().describe('Campaigns that use the list.'),
  advertiser: advertiserRef,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApplistListItem = z.infer<typeof applistListItem>;

export const applistDetail = applistListItem.extend({
  /** Campaigns that allow or block the list (at most 100, by name). */
  campaigns: z.array(
    z.object({ campaign_id: z.number().int(), name: z.string(), mode: z.enum(INVENTORY_MODES) }),
  ),
  /** The list's ids in upstream DSPs (spec section 3). */
  applist_assoc_map: z.array(applistAssocEntry),
  /** An import of this list that has not finished yet, if any. */
  pending_import_id: z.number().int().nullable(),
});
export type ApplistDetail = z.infer<typeof applistDetail>;

export const APPLIST_SORT_FIELDS = ['name', 'entry_count', 'created_at', 'updated_at'] as const;
export const applistListQuery = pageQuery.extend({
  advertiser_id: int8IdParam('advertiser id').optional(),
  kind: z.enum(APPLIST_KINDS).optional(),
  sort: z.enum(APPLIST_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ApplistListQuery = z.output<typeof applistListQuery>;

const entryText = z
  .string('An entry is text.')
  .max(LIST_LINE_MAX_CHARS, `An entry is at most ${LIST_LINE_MAX_CHARS} characters.`);
const entryList = z
  .array(entryText, 'Give the entries as a list.')
  .max(ENTRY_EDIT_MAX, `At most ${ENTRY_EDIT_MAX} entries at once; upload a file for more.`);

/** POST /api/applists: a list, empty or with a few entries (upload a file for many). */
export const applistCreateBody = z.object({
  name: listNameSchema,
  kind: z.enum(APPLIST_KINDS, 'Choose apps or sites.'),
  default_mode: z.enum(INVENTORY_MODES, 'Choose allow or block.').default('BLOCK'),
  /** Required for agency, admin and co-admin; an advertiser's own id or absent for an advertiser. */
  advertiser_id: positiveId('advertiser').optional(),
  entries: entryList.default([]),
});
export type ApplistCreateBody = z.output<typeof applistCreateBody>;

export const applistUpdateBody = z
  .object({
    name: listNameSchema.optional(),
    default_mode: z.enum(INVENTORY_MODES, 'Choose allow or block.').optional(),
  })
  .refine((body) => body.name !== undefined || body.default_mode !== undefined, {
    message: 'Choose at least one field to change.',
  });

/** POST /api/applists/:id/entries: add and remove a few entries at once. */
export const entryEditBody = z
  .object({ add: entryList.default([]), remove: entryList.default([]) })
  .refine((body) => body.add.length + body.remove.length > 0, {
    message: 'Give entries to add or remove.',
    path: ['add'],
  });
export type EntryEditBody = z.output<typeof entryEditBody>;

export const entryEditResult = z.object({
  added: z.number().int().describe('New entries stored.'),
  removed: z.number().int().describe('Entries taken out.'),
  duplicates: z
    .number()
    .int()
    .describe('Entries sent twice or already in the list (added) or not in it (removed).'),
  rejected: z.number().int(),
  rejected_lines: z.array(rejectedLine),
  entry_count: z.number().int(),
});
export type EntryEditResult = z.infer<typeof entryEditResult>;

export const ENTRY_PAGE_MAX = 500;
/**
 * GET /api/applists/:id/entries. Entries are ordered by value (byte order). `q` finds entries that
 * start with it. `after` continues after that value (keyset paging: constant cost at any depth);
 * without it, `page` is used.
 */
export const entryListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(ENTRY_PAGE_MAX).default(100),
  q: z.string().trim().max(LIST_LINE_MAX_CHARS).optional(),
  after: z.string().max(LIST_LINE_MAX_CHARS).optional(),
});
export type EntryListQuery = z.output<typeof entryListQuery>;

export const entryPage = z.object({
  items: z.array(z.string()),
  /** Every entry (no q), or the matches counted up to 1,000 (total_exact false beyond). */
  total: z.number().int(),
  total_exact: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Pass as `after` for the next page; null on the last page. */
  next_after: z.string().nullable(),
});
export type EntryPage = z.infer<typeof entryPage>;

export const applistAssocBody = z
  .object({ applist_assoc_map: z.array(applistAssocEntry).max(50, 'At most 50 DSP ids.') })
  .refine(
    (body) =>
      new Set(body.applist_assoc_map.map((entry) => entry.dsp_name.toLowerCase())).size ===
      body.applist_assoc_map.length,
    { message: 'Each DSP has at most one associate id.', path: ['applist_assoc_map'] },
  );

// ---- imports (inventory lists and audiences) ------------------------------------------------------

export const IMPORT_KINDS = ['APPLIST_IMPORT', 'AUDIENCE_IMPORT', 'AUDIENCE_RULE'] as const;
export const IMPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

export const listImport = z.object({
  import_id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z
    .enum(IMPORT_STATUSES)
    .describe('QUEUED and RUNNING: poll again; DONE: stored; FAILED: nothing stored, see error.'),
  applist_id: z.number().int().nullable().describe('The list (set once stored, for a new list).'),
  audience_id: z.number().int().nullable(),
  mode: z.enum(IMPORT_MODES),
  /** Lines read from the file that were not blank. */
  lines: z.number().int(),
  valid: z.number().int(),
  rejected: z.number().int(),
  /** The first rejected lines with their numbers and reasons. */
  rejected_lines: z.array(rejectedLine),
  /** Storing: values written so far out of the valid ones. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Set when DONE: new entries stored, lines that repeated another or an entry already there, entries taken out. */
  accepted: z.number().int().nullable(),
  duplicates: z.number().int().nullable(),
  removed: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ListImport = z.infer<typeof listImport>;

/**
 * The multipart fields of POST /api/applists/uploads, sent before the file: `applist_id` (+ `mode`)
 * for an existing list, or `name`, `kind`, `default_mode` (+ `advertiser_id`) for a new one; `column`
 * names the CSV header column to read (absent: one entry per line).
 */
export const applistUploadFields = z
  .object({
    applist_id: positiveId('inventory list').optional(),
    mode: z.enum(IMPORT_MODES, 'Choose add, replace or remove.').default('append'),
    name: listNameSchema.optional(),
    kind: z.enum(APPLIST_KINDS, 'Choose apps or sites.').optional(),
    default_mode: z.enum(INVENTORY_MODES, 'Choose allow or block.').default('BLOCK'),
    advertiser_id: positiveId('advertiser').optional(),
    column: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((fields, ctx) => {
    if (fields.applist_id !== undefined) return;
    if (fields.name === undefined)
      ctx.addIssue({ code: 'custom', message: LIST_NAME_EMPTY_MESSAGE, path: ['name'] });
    if (fields.kind === undefined)
      ctx.addIssue({ code: 'custom', message: 'Choose apps or sites.', path: ['kind'] });
  });
