import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type ThemeColors = {
  primaryColor: string;
  hoverColor: string;
  textAgencyColor: string;
  cardBackgroundColor: string;
  navbarColor: string;
};

/** White-label company config (spec section 3): the platform default (agency null) and one per agency. */
export const companies = pgTable(
  'companies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: bigint('agency_id', { mode: 'number' })
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    logoSrc: text('logo_src').notNull().default(''),
    favicon: text('favicon').notNull().default(''),
    helpAndSupport: boolean('help_and_support').notNull().default(false),
    helpAndSupportLink: text('help_and_support_link').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    theme: jsonb('theme').$type<ThemeColors>().notNull(),
    footerStartYear: integer('footer_start_year').notNull(),
    footerText: text('footer_text').notNull().default(''),
    /** Host name that serves this agency's brand, lower-case, without port. */
    customDomain: text('custom_domain'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_custom_domain_key').on(t.customDomain),
    uniqueIndex('companies_single_default')
      .on(sql`(${t.agencyId} is null)`)
      .where(sql`${t.agencyId} is null`),
  ],
);
