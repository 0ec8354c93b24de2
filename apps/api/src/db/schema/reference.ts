// Reference data that is ours to edit: the exchanges we buy on, the smart-app
// taxonomy (category -> genre -> subgenre, spec section 3) and the exchanges each user may use.
// Static data sets (countries, cities, carriers, ...) are not tables: see modules/reference.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Ad exchanges (admin-edited). Never deleted: an exchange leaves the lists by going INACTIVE. */
export const exchanges = pgTable(
  'exchanges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The identifier bid requests and DSP adapters know the exchange by (letters, digits, _ and -). */
    key: text('key').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    /**
     * How long after a bid the exchange may still send its win, billing or loss notice: the bid's
     * budget hold lasts that long (a later notice is still billed, and marked late).
     */
    noticeWindowSeconds: integer('notice_window_seconds').notNull().default(900),
    /**
     * Exchanges that encrypt the clearing price (Google's e_key/i_key scheme): the keys as sealed
     * JSON (platform/secret-box.ts, purpose 'exchange-price-keys'); null for plain prices.
     */
    priceKeysSealed: text('price_keys_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exchanges_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('exchanges_key_key').on(sql`lower(${t.key})`),
    check('exchanges_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
    check('exchanges_notice_window_check', sql`${t.noticeWindowSeconds} between 60 and 86400`),
  ],
);

/**
 * Private-marketplace deals agreed with an exchange (admin-edited): the id the exchange sends in
 * imp.pmp.deals, the floor we agreed to pay at least, and the buyer seats it admits (empty: any).
 * Campaigns name them in targeting.deal_ids.
 */
export const deals = pgTable(
  'deals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => exchanges.id),
    dealId: text('deal_id').notNull(),
    name: text('name').notNull(),
    floorMicros: bigint('floor_micros', { mode: 'number' }).notNull().default(0),
    seats: text('seats').array().notNull().default(sql`'{}'::text[]`),
    /** The one advertiser the deal was agreed for; null: every advertiser. */
    advertiserId: bigint('advertiser_id', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deals_exchange_deal_key').on(t.exchangeId, t.dealId),
    check('deals_floor_check', sql`${t.floorMicros} >= 0`),
  ],
);

export const SMART_APP_LEVELS = ['category', 'genre', 'subgenre'] as const;
export type SmartAppLevel = (typeof SMART_APP_LEVELS)[number];

/**
 * The smart-app taxonomy as one tree: categories (no parent), their genres, the genres' subgenres.
 * The parent link has no cascade, so a node with children (or one another table points at) cannot
 * be deleted by accident.
 */
export const smartAppCategories = pgTable(
  'smart_app_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => smartAppCategories.id),
    level: text('level').$type<SmartAppLevel>().notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique among siblings (top-level categories share parent 0).
    uniqueIndex('smart_app_categories_sibling_name_key').on(
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('smart_app_categories_parent_idx').on(t.parentId),
    check('smart_app_categories_level_check', sql`${t.level} in ('category', 'genre', 'subgenre')`),
    check('smart_app_categories_parent_check', sql`(${t.level} = 'category') = (${t.parentId} is null)`),
  ],
);

/** The exchanges a user may buy on; no rows means every active exchange. */
export const userSupportedExchanges = pgTable(
  'user_supported_exchanges',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => exchanges.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.exchangeId] }),
    index('user_supported_exchanges_exchange_idx').on(t.exchangeId),
  ],
);
