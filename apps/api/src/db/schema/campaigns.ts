// Campaigns: the campaign with its budget, bidding, schedule and targeting; its exchanges
// (each with its own approval state), creatives, inventory lists, audiences and DSP association ids.
// Money in integer micro-units (1 USD = 1,000,000). The status lifecycle is in
// packages/core/src/campaign-status.ts; the checks below only keep values inside its vocabulary.
//
// Name search: the column name_search, lower(name) stored (a generated column: migration 0034 only,
// not declared here so that no select of whole rows reads it), which the queries test with
// `name_search like lower('%q%')`; on PostgreSQL a pg_trgm GIN index on it (0034) serves that when the
// extension is available (not declared here because PGlite does not ship pg_trgm unless loaded), and
// a plain scan elsewhere.
import type { AudienceRule } from '@console/core/api/audiences';
import type { Targeting } from '@console/core/api/campaigns';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { creatives } from './creatives.ts';
import { exchanges } from './reference.ts';
import { users } from './users.ts';

export type FrequencyCap = { count: number; period: 'HOUR' | 'DAY' | 'WEEK' | 'LIFETIME' };
/** 7 days (0 = Monday) x 24 hours; true = serve. */
export type DayParting = boolean[][];
export type CampaignTargeting = Targeting;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const campaigns = pgTable(
  'campaigns',
  {
    /** The campaign id of the API (campaign_id). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    advertiserId: bigint('advertiser_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    status: text('status').notNull().default('DRAFT'),
    /** Why an admin rejected it (the exchanges' reasons when every exchange was rejected). */
    rejectionReason: text('rejection_reason'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** IANA name; the flight and day-parting are read in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    totalBudgetMicros: bigint('total_budget_micros', { mode: 'number' }).notNull(),
    dailyBudgetMicros: bigint('daily_budget_micros', { mode: 'number' }),
    pacing: text('pacing').notNull().default('EVEN'),
    priceModel: text('price_model').notNull().default('CPM'),
    bidMicros: bigint('bid_micros', { mode: 'number' }).notNull(),
    minBidMicros: bigint('min_bid_micros', { mode: 'number' }).notNull(),
    maxBidMicros: bigint('max_bid_micros', { mode: 'number' }).notNull(),
    frequencyCap: jsonb('frequency_cap').$type<FrequencyCap>(),
    dayParting: jsonb('day_parting').$type<DayParting>(),
    targeting: jsonb('targeting').$type<CampaignTargeting>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An advertiser's list (the agency and advertiser screens), newest first and by the other sorts.
    index('campaigns_advertiser_created_idx').on(t.advertiserId, t.createdAt, t.id),
    // campaigns_advertiser_status_idx (advertiser_id, status, created_at, id) INCLUDE (name_search):
    // migrations 0032 and 0034 only (drizzle cannot declare INCLUDE), for searches within an agency's
    // or advertiser's campaigns. The table campaign_name_suffixes (every suffix of name_search with its
    // repeat, kept by triggers): migrations 0040 and 0041 only, for an admin's search
    // (platform/search-walk.ts suffixMatches).
    // The admin list: one index per sort column, with the id as the tie-breaker the query uses.
    index('campaigns_created_idx').on(t.createdAt, t.id),
    index('campaigns_status_created_idx').on(t.status, t.createdAt, t.id),
    // The name sort's keys are name_search, lower(name) stored (migration 0034; not declared above):
    // an index on the expression lower(name) is never read index-only (migration 0042).
    index('campaigns_name_search_idx').on(sql`"name_search"`, t.id),
    index('campaigns_start_idx').on(t.startAt, t.id),
    // start_at after the id: the count of flights overlapping a range walks end_at from the range's
    // start and tests start_at from the index alone (migration 0044).
    index('campaigns_end_start_idx').on(t.endAt, t.id, t.startAt),
    index('campaigns_budget_idx').on(t.totalBudgetMicros, t.id),
    // A status filter (the list's tabs) with each sort: the page is the index's first rows for that
    // status, where the sort's own index walked past every other status's rows, each a heap fetch
    // to test it (measured with 100,000 campaigns, DRAFT by start: 767 rows for 20; the page's
    // statement 1.0-1.1 -> 0.67-0.73 ms of database CPU alone, 0.93 -> 0.56 ms in the bench's floor).
    index('campaigns_status_start_idx').on(t.status, t.startAt, t.id),
    index('campaigns_status_end_idx').on(t.status, t.endAt, t.id),
    index('campaigns_status_budget_idx').on(t.status, t.totalBudgetMicros, t.id),
    index('campaigns_status_name_search_idx').on(t.status, sql`"name_search"`, t.id),
    check(
      'campaigns_status_check',
      sql`${t.status} in (${inList(['DRAFT', 'PENDING_APPROVAL', 'ACTIVE', 'PAUSED', 'COMPLETED', 'REJECTED', 'ARCHIVED'])})`,
    ),
    check('campaigns_pacing_check', sql`${t.pacing} in ('EVEN', 'ASAP')`),
    check('campaigns_price_model_check', sql`${t.priceModel} in ('CPM', 'CPC', 'CPA')`),
    check('campaigns_flight_check', sql`${t.endAt} > ${t.startAt}`),
    check(
      'campaigns_budget_check',
      sql`${t.totalBudgetMicros} > 0 and (${t.dailyBudgetMicros} is null or (${t.dailyBudgetMicros} > 0 and ${t.dailyBudgetMicros} <= ${t.totalBudgetMicros}))`,
    ),
    check(
      'campaigns_bid_range_check',
      sql`${t.minBidMicros} > 0 and ${t.minBidMicros} <= ${t.bidMicros} and ${t.bidMicros} <= ${t.maxBidMicros}`,
    ),
  ],
);

/** Each campaign x exchange has its own approval state. */
export const campaignExchanges = pgTable(
  'campaign_exchanges',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => exchanges.id),
    state: text('state').notNull().default('PENDING'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.exchangeId] }),
    // The approval queue, newest first (the order's tie-breakers included): all, by state, by exchange.
    index('campaign_exchanges_created_idx').on(t.createdAt, t.campaignId, t.exchangeId),
    index('campaign_exchanges_state_idx').on(t.state, t.createdAt, t.campaignId, t.exchangeId),
    index('campaign_exchanges_exchange_idx').on(t.exchangeId, t.state),
    check('campaign_exchanges_state_check', sql`${t.state} in ('PENDING', 'APPROVED', 'REJECTED')`),
    check(
      'campaign_exchanges_reason_check',
      sql`${t.state} <> 'REJECTED' or (${t.reason} is not null and ${t.reason} <> '')`,
    ),
  ],
);

export const campaignCreatives = pgTable(
  'campaign_creatives',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creativeId: bigint('creative_id', { mode: 'number' })
      .notNull()
      .references(() => creatives.id),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.creativeId] }),
    index('campaign_creatives_creative_idx').on(t.creativeId),
  ],
);

/**
 * Inventory lists (app lists) of an advertiser: app bundles / store ids (APP) or site domains (SITE),
 * with the use the campaign form proposes. Entries are in applist_entries (lists.ts); entry_count is
 * kept by the writes so that pages and lists never count a million rows.
 */
export const applists = pgTable(
  'applists',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    kind: text('kind').$type<'APP' | 'SITE'>().notNull().default('APP'),
    defaultMode: text('default_mode').$type<'ALLOW' | 'BLOCK'>().notNull().default('BLOCK'),
    entryCount: integer('entry_count').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('applists_owner_idx').on(t.ownerId),
    uniqueIndex('applists_owner_name_key').on(t.ownerId, sql`lower(${t.name})`),
    index('applists_created_idx').on(t.createdAt, t.id),
    check('applists_kind_check', sql`${t.kind} in ('APP', 'SITE')`),
    check('applists_default_mode_check', sql`${t.defaultMode} in ('ALLOW', 'BLOCK')`),
  ],
);

/**
 * Audiences of an advertiser: uploaded people (audience_members in lists.ts) or a rule over delivery
 * data. The status lifecycle is in packages/core/src/audience-status.ts; the check below only keeps
 * values inside its vocabulary.
 */
export const audiences = pgTable(
  'audiences',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    source: text('source').$type<'UPLOAD' | 'RULE'>().notNull().default('UPLOAD'),
    status: text('status').$type<'PROCESSING' | 'READY' | 'FAILED' | 'ARCHIVED'>().notNull().default('READY'),
    failureReason: text('failure_reason'),
    rule: jsonb('rule').$type<AudienceRule>(),
    matchedSize: integer('matched_size'),
    deviceIdCount: integer('device_id_count'),
    emailHashCount: integer('email_hash_count'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audiences_owner_idx').on(t.ownerId),
    uniqueIndex('audiences_owner_name_key').on(t.ownerId, sql`lower(${t.name})`),
    index('audiences_created_idx').on(t.createdAt, t.id),
    check('audiences_source_check', sql`${t.source} in ('UPLOAD', 'RULE')`),
    check('audiences_status_check', sql`${t.status} in ('PROCESSING', 'READY', 'FAILED', 'ARCHIVED')`),
    check(
      'audiences_failure_check',
      sql`${t.status} <> 'FAILED' or (${t.failureReason} is not null and ${t.failureReason} <> '')`,
    ),
  ],
);

export const campaignInventoryLists = pgTable(
  'campaign_inventory_lists',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    applistId: bigint('applist_id', { mode: 'number' })
      .notNull()
      .references(() => applists.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.applistId] }),
    index('campaign_inventory_lists_applist_idx').on(t.applistId),
    check('campaign_inventory_lists_mode_check', sql`${t.mode} in ('ALLOW', 'BLOCK')`),
  ],
);

export const campaignAudiences = pgTable(
  'campaign_audiences',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    audienceId: bigint('audience_id', { mode: 'number' })
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.audienceId] }),
    index('campaign_audiences_audience_idx').on(t.audienceId),
    check('campaign_audiences_mode_check', sql`${t.mode} in ('INCLUDE', 'EXCLUDE')`),
  ],
);

/**
 * The campaign's ids in upstream DSPs (spec section 3: assoc_dsp_map and camp_data.camp_assoc_map).
 * An upstream id names one campaign of that DSP, so it is unique per DSP.
 */
export const campaignDspAssoc = pgTable(
  'campaign_dsp_assoc',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    dspName: text('dsp_name').notNull(),
    campaignAssociateId: text('campaign_associate_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.dspName] }),
    uniqueIndex('campaign_dsp_assoc_upstream_key').on(t.dspName, t.campaignAssociateId),
  ],
);
