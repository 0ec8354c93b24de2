// Targeting lists: the entries of inventory lists, the members of audiences, the import
// jobs that fill both in the background, the lists' DSP association ids, and the admin-curated
// smart-app lists with the campaigns that target them.
//
// Entry and member values are `text collate "C"`: byte order, so the primary key (list, value) is
// the index that serves everything a page does: ordered pages by keyset (`value > $after`), prefix
// search (`value like 'abc%'` can use a btree only under the C collation), membership and export.
// A trigram index would serve substring search, but building it over a million fresh entries costs
// more than the whole 10 s upload budget; prefix search is what a list of bundles and domains needs.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applists, audiences, campaigns } from './campaigns.ts';
import { smartAppCategories } from './reference.ts';
import { users } from './users.ts';

/** Text compared byte by byte (see above). */
const byteText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

export const applistEntries = pgTable(
  'applist_entries',
  {
    applistId: bigint('applist_id', { mode: 'number' })
      .notNull()
      .references(() => applists.id, { onDelete: 'cascade' }),
    value: byteText('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applistId, t.value] })],
);

/** Device ids (lower-case UUIDs, 36 characters) and SHA-256 hashes of e-mails (64 hex digits). */
export const audienceMembers = pgTable(
  'audience_members',
  {
    audienceId: bigint('audience_id', { mode: 'number' })
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    value: byteText('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.audienceId, t.value] })],
);

export type ImportPayload = {
  /** A new inventory list made by the import (applist_id is then null until it is stored). */
  newList?: { name: string; kind: 'APP' | 'SITE'; defaultMode: 'ALLOW' | 'BLOCK' };
  mode: 'append' | 'replace' | 'remove';
  lines: number;
  valid: number;
  rejected: number;
  rejectedLines: { line: number; text: string; reason: string }[];
};

export type ImportResult = { accepted: number; duplicates: number; removed: number };

/**
 * Import jobs: the upload request validates the file and writes the clean values to a spool file,
 * then this row hands the storing to the background worker (modules/inventory/list-import-worker.ts),
 * which survives a restart: unfinished rows are picked up again at start, and because each import is
 * stored in one transaction, running it again after a crash never stores anything twice.
 */
export const listImports = pgTable(
  'list_imports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'APPLIST_IMPORT' | 'AUDIENCE_IMPORT' | 'AUDIENCE_RULE'>().notNull(),
    status: text('status').$type<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>().notNull().default('QUEUED'),
    /** The advertiser who owns the list or audience (the scope of GET /api/list-imports/:id). */
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    applistId: bigint('applist_id', { mode: 'number' }).references(() => applists.id, {
      onDelete: 'cascade',
    }),
    audienceId: bigint('audience_id', { mode: 'number' }).references(() => audiences.id, {
      onDelete: 'cascade',
    }),
    payload: jsonb('payload').$type<ImportPayload>().notNull(),
    /** The validated values, one per line (never a plain e-mail); deleted when the job ends. */
    spoolPath: text('spool_path'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    result: jsonb('result').$type<ImportResult>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    effectiveUserId: bigint('effective_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The worker's queue: unfinished jobs, oldest first.
    index('list_imports_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    index('list_imports_applist_idx').on(t.applistId),
    index('list_imports_audience_idx').on(t.audienceId),
    check(
      'list_imports_kind_check',
      sql`${t.kind} in ('APPLIST_IMPORT', 'AUDIENCE_IMPORT', 'AUDIENCE_RULE')`,
    ),
    check('list_imports_status_check', sql`${t.status} in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')`),
  ],
);

/** The list's ids in upstream DSPs (spec section 3, applist_assoc_map): unique per DSP. */
export const applistDspAssoc = pgTable(
  'applist_dsp_assoc',
  {
    applistId: bigint('applist_id', { mode: 'number' })
      .notNull()
      .references(() => applists.id, { onDelete: 'cascade' }),
    dspName: text('dsp_name').notNull(),
    associateApplistId: text('associate_applist_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applistId, t.dspName] }),
    uniqueIndex('applist_dsp_assoc_upstream_key').on(t.dspName, t.associateApplistId),
  ],
);

/** Admin-curated lists of apps placed on the smart-app taxonomy; every advertiser may target them. */
export const smartAppLists = pgTable(
  'smart_app_lists',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Foreign keys: the taxonomy editor cannot delete a node a list is placed on.
    categoryId: integer('category_id')
      .notNull()
      .references(() => smartAppCategories.id),
    genreId: integer('genre_id').references(() => smartAppCategories.id),
    subgenreId: integer('subgenre_id').references(() => smartAppCategories.id),
    appCount: integer('app_count').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('smart_app_lists_name_key').on(sql`lower(${t.name})`),
    index('smart_app_lists_category_idx').on(t.categoryId),
    index('smart_app_lists_genre_idx').on(t.genreId),
    index('smart_app_lists_subgenre_idx').on(t.subgenreId),
    check('smart_app_lists_subgenre_check', sql`${t.subgenreId} is null or ${t.genreId} is not null`),
  ],
);

export const smartAppListApps = pgTable(
  'smart_app_list_apps',
  {
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => smartAppLists.id, { onDelete: 'cascade' }),
    value: byteText('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.value] })],
);

export const campaignSmartAppLists = pgTable(
  'campaign_smart_app_lists',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => smartAppLists.id),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.listId] }),
    index('campaign_smart_app_lists_list_idx').on(t.listId),
  ],
);
