// Creatives: image, native, video and html ads of an advertiser, with the URL rules
// of spec section 3, their media (uploaded through POST /api/creatives/media, recorded in
// creative_media), their approval state per exchange and their ids in upstream DSPs
// (creative_assoc_map). `creatives.status` is derived from the exchange rows (see
// modules/creatives/approval.ts) and stored so lists can filter and sort on it.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { exchanges } from './reference.ts';
import { users } from './users.ts';

/** An uploaded file as a creative carries it. */
export type CreativeMediaRef = {
  url: string;
  mime: string;
  bytes: number;
  width?: number;
  height?: number;
  duration_s?: number;
};

/** Video details (spec section 3: video_section.formattedSize). */
export type CreativeVideoSection = {
  vast_url?: string;
  /** 1024-based size text of the uploaded file ('1.2 MB'); absent for a VAST URL. */
  formattedSize?: string;
  /** Seconds. */
  duration?: number;
};

/** IAB OpenRTB Native 1.2 assets. */
export type CreativeNativeAssets = {
  title: string;
  sponsored_by: string;
  description?: string;
  cta?: string;
  icon?: { url: string; size: string };
  main_image: { url: string; size: string };
};

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const creatives = pgTable(
  'creatives',
  {
    /** The spec's creative_primary_id. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    advertiserId: bigint('advertiser_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    // name_search: lower(name) stored, with a pg_trgm index where PostgreSQL has it (migration 0034
    // only, as the campaigns'; see campaigns.ts), is what a name search tests; an admin's search
    // collects its matches through the table creative_name_suffixes (migrations 0040 and 0041 only).
    creativeType: text('creative_type').notNull(),
    /** PENDING | APPROVED | REJECTED, derived from creative_exchanges. */
    status: text('status').notNull().default('PENDING'),
    /** 'WxH' of the image, the video or the native main image; null for html and VAST-only video. */
    size: text('size'),
    clickUrl: text('click_url'),
    pixelUrls: jsonb('pixel_urls').$type<string[]>().notNull().default([]),
    impressionUrls: jsonb('impression_urls').$type<string[]>().notNull().default([]),
    media: jsonb('media').$type<CreativeMediaRef>(),
    videoSection: jsonb('video_section').$type<CreativeVideoSection>(),
    nativeAssets: jsonb('native_assets').$type<CreativeNativeAssets>(),
    /** The ad markup of an html creative; never served as a page by the API. */
    htmlTag: text('html_tag'),
    /**
     * False when the markup (an html tag) loads a resource over plain http (see
     * insecureResourcesOf): the bidder keeps it off secure (imp.secure=1) inventory. Set on save.
     */
    secureCompatible: boolean('secure_compatible').notNull().default(true),
    /** The advertiser's domain as bids name it (bid.adomain, badv); null: read from the click URL. */
    adomain: text('adomain'),
    /** IAB content categories of the ad (bid.cat, bcat); empty: the campaign's ad categories. */
    iabCategories: jsonb('iab_categories').$type<string[]>().notNull().default([]),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('creatives_advertiser_created_idx').on(t.advertiserId, t.createdAt, t.id),
    index('creatives_created_idx').on(t.createdAt, t.id),
    index('creatives_status_created_idx').on(t.status, t.createdAt, t.id),
    // The name sort's keys are name_search, lower(name) stored (migration 0034; not declared above):
    // an index on the expression lower(name) is never read index-only (migration 0043).
    index('creatives_name_search_idx').on(sql`"name_search"`, t.id),
    // One index per sort column, and per sort with a status filter (as campaigns': a page is the
    // index's first rows, not a sort of every creative or a walk past every other status's).
    index('creatives_updated_idx').on(t.updatedAt, t.id),
    index('creatives_type_idx').on(t.creativeType, t.id),
    index('creatives_status_name_search_idx').on(t.status, sql`"name_search"`, t.id),
    index('creatives_status_updated_idx').on(t.status, t.updatedAt, t.id),
    index('creatives_status_type_idx').on(t.status, t.creativeType, t.id),
    check(
      'creatives_type_check',
      sql`${t.creativeType} in (${inList(['image', 'native', 'video', 'html'])})`,
    ),
    check('creatives_status_check', sql`${t.status} in (${inList(['PENDING', 'APPROVED', 'REJECTED'])})`),
  ],
);

/** Each creative x exchange has its own approval state. */
export const creativeExchanges = pgTable(
  'creative_exchanges',
  {
    creativeId: bigint('creative_id', { mode: 'number' })
      .notNull()
      .references(() => creatives.id, { onDelete: 'cascade' }),
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
    primaryKey({ columns: [t.creativeId, t.exchangeId] }),
    index('creative_exchanges_state_idx').on(t.state, t.createdAt),
    index('creative_exchanges_exchange_idx').on(t.exchangeId, t.state),
    check('creative_exchanges_state_check', sql`${t.state} in ('PENDING', 'APPROVED', 'REJECTED')`),
    check(
      'creative_exchanges_reason_check',
      sql`${t.state} <> 'REJECTED' or (${t.reason} is not null and ${t.reason} <> '')`,
    ),
  ],
);

/** The creative's ids in upstream DSPs (spec section 3: creative_assoc_map). */
export const creativeDspAssoc = pgTable(
  'creative_dsp_assoc',
  {
    creativeId: bigint('creative_id', { mode: 'number' })
      .notNull()
      .references(() => creatives.id, { onDelete: 'cascade' }),
    dspName: text('dsp_name').notNull(),
    creativeAssociateId: text('creative_associate_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.creativeId, t.dspName] }),
    uniqueIndex('creative_dsp_assoc_upstream_key').on(t.dspName, t.creativeAssociateId),
  ],
);

/**
 * Files uploaded through POST /api/creatives/media, with who uploaded them: a creative may only
 * carry a file its creator (or someone in the same tenancy chain) uploaded.
 */
export const creativeMedia = pgTable(
  'creative_media',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    url: text('url').notNull().unique(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Milliseconds, for video. */
    durationMs: integer('duration_ms'),
    originalName: text('original_name').notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('creative_media_uploader_idx').on(t.uploadedBy, t.createdAt),
    check('creative_media_kind_check', sql`${t.kind} in ('image', 'video', 'icon', 'main')`),
  ],
);
