import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type OptimisationSettings = {
  auto_bid?: boolean;
  target_cpa_micros?: number;
  block_low_ctr_placements?: boolean;
};

/** Accounts of the four roles. `id` is the spec's user_primary_id, `publicId` its `_id`. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    /** PENDING until the e-mailed OTP is verified; INACTIVE when an admin deactivates. */
    status: text('status').notNull().default('PENDING'),
    /** The agency an advertiser belongs to; null for direct advertisers and other roles. */
    agencyId: bigint('agency_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_agency_idx').on(t.agencyId),
    check('users_role_check', sql`${t.role} in ('ADMIN', 'CO-ADMIN', 'AGENCY', 'ADVERTISER')`),
    check('users_status_check', sql`${t.status} in ('PENDING', 'ACTIVE', 'INACTIVE')`),
    check('users_agency_only_for_advertisers', sql`${t.agencyId} is null or ${t.role} = 'ADVERTISER'`),
  ],
);

/**
 * Later registrations of a pending address: each is a claim on the account, identified by its
 * password, that the address's code activates in place of the pending row's own data when it is
 * entered with that password (see modules/auth/registration-service.ts). Gone once the address is
 * proven, or when its pending registration expires and is replaced.
 */
export const registrationClaims = pgTable(
  'registration_claims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The pending account of the address. */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    agencyId: bigint('agency_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_claims_user_idx').on(t.userId)],
);

/** Per-user switches of spec section 3 ('User config'); admins and co-admins have none. */
export const userConfigs = pgTable('user_configs', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  insightDashboard: boolean('insight_dashboard').notNull().default(false),
  postbackEnabled: text('postback_enabled').notNull().default('DISABLED'),
  apiAccess: boolean('api_access').notNull().default(false),
  /** Markup on media cost in basis points (1500 = 15%), for agencies and advertisers. */
  marginBps: integer('margin_bps').notNull().default(0),
  /**
   * Agencies only: the range of margins the agency may give its advertisers, set by an admin
   * (basis points; 0 to 0 until set: no markup the desk did not agree).
   */
  advertiserMarginMinBps: integer('advertiser_margin_min_bps').notNull().default(0),
  advertiserMarginMaxBps: integer('advertiser_margin_max_bps').notNull().default(0),
  /** Bid optimisation switches read by GET withOutRole/getUserOptimizationSettings/{id}. */
  optimisation: jsonb('optimisation').$type<OptimisationSettings>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Notes staff leave on a user (who wrote, when). */
export const userNotes = pgTable(
  'user_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_notes_user_idx').on(t.userId, t.createdAt)],
);
