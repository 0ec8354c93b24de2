import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
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

/** Per-user switches of spec section 3 ('User config'); admins and co-admins have none. */
export const userConfigs = pgTable('user_configs', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  insightDashboard: boolean('insight_dashboard').notNull().default(false),
  postbackEnabled: text('postback_enabled').notNull().default('DISABLED'),
  apiAccess: boolean('api_access').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
