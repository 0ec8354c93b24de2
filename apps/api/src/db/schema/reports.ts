// Reports: a saved query over the hourly delivery rollups (type, dimensions, metrics, date
// range, filters, event columns), generated in the background into report_rows, and the user's
// conversion event config that names the event columns (E{n}-{name}, spec section 3).
//
// The report row is its own job queue (like list_imports): generate sets QUEUED, a worker claims it
// (RUNNING, heartbeat in started_at), writes the result rows and closes it READY or FAILED. A RUNNING
// row whose worker died is claimed again, so a generation survives a restart.
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type ReportFilters = {
  advertiser_ids?: number[];
  campaign_ids?: number[];
  exchange_ids?: number[];
  countries?: string[];
};

/** What a generated report summed, kept to tell when newer delivery exists for its range. */
export type ReportTotals = { impressions: number; clicks: number; advertiser_cost_micros: number };

export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Whose report it is: its data scope is this user's (advertiser own, agency its advertisers, admin all). */
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    reportType: text('report_type').notNull(),
    dimensions: jsonb('dimensions').$type<string[]>().notNull(),
    metrics: jsonb('metrics').$type<string[]>().notNull(),
    /** Conversion event keys (event1, event_signup) shown as columns. */
    eventColumns: jsonb('event_columns').$type<string[]>().notNull().default([]),
    filters: jsonb('filters').$type<ReportFilters>().notNull().default({}),
    /** Inclusive days in `time_zone`. */
    dateFrom: text('date_from').notNull(),
    dateTo: text('date_to').notNull(),
    /** The IANA zone the days and the day and hour dimensions are in (the creator's, by default). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** NONE, DAILY or WEEKLY: mailed through the outbox. */
    schedule: text('schedule').notNull().default('NONE'),
    scheduleEmail: text('schedule_email'),
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
    /** DRAFT (never generated), QUEUED, RUNNING, READY, FAILED. */
    status: text('status').notNull().default('DRAFT'),
    /** 0..100 while RUNNING. */
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    rowCount: integer('row_count'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    generatedTotals: jsonb('generated_totals').$type<ReportTotals>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_owner_idx').on(t.ownerId, t.createdAt),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * How many result rows one report_rows row holds. A row per result row cost a foreign-key check and
 * an index entry each: a 90,000-row report spent longer storing and replacing its rows than summing.
 */
export const REPORT_ROWS_PER_CHUNK = 500;

/**
 * The generated rows of a report in chunks: chunk n (from 0) holds result rows n x 500 + 1 to
 * (n + 1) x 500, in order, each row's cells in the report's column order.
 */
export const reportRows = pgTable(
  'report_rows',
  {
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    cells: jsonb('cells').$type<(string | number)[][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.n] })],
);

/** A user's conversion events: key event1.. or event_{name}, its display name, ACTIVE or INACTIVE. */
export const eventConfigs = pgTable(
  'event_configs',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    eventName: text('event_name').notNull(),
    eventStatus: text('event_status').notNull().default('ACTIVE'),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    uniqueIndex('event_configs_position').on(t.userId, t.position),
  ],
);
