// The white-label config a request sees: the agency whose custom domain is the request's host,
// else the platform default (spec section 3 shape).
import type { CompanyConfig } from '@console/core/api/company-config';
import { eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { concerns, onEntityChange } from '../../platform/change-feed.ts';
import { notFound } from '../../platform/errors.ts';
import { createShortMemory } from '../../platform/short-memory.ts';

type CompanyRow = typeof companies.$inferSelect;

/** Host header without port, lower-case; IPv6 literals keep their brackets. */
export const hostNameOf = (host: string | undefined): string => {
  if (!host) return '';
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  return lower.split(':')[0] ?? '';
};

export const toCompanyConfig = (row: CompanyRow): CompanyConfig => ({
  company: {
    name: row.name,
    logoSrc: row.logoSrc,
    favicon: row.favicon,
    // The agency's user_primary_id; the platform default uses its own row id.
    agency_primary_id: row.agencyId ?? row.id,
    help_and_support: row.helpAndSupport,
    help_and_support_link: row.helpAndSupportLink,
  },
  meta: { title: row.metaTitle },
  theme: row.theme,
  footer: { startYear: row.footerStartYear, text: row.footerText },
});

/**
 * Company configs by host name, remembered a few seconds: every page load asks for its host's
 * (the public agency-config, before sign-in), and it changes when an agency edits its branding,
 * which forgets them all in every process once committed (platform/change-feed.ts).
 */
const byHost = createShortMemory<CompanyRow>({ ttlMs: 5_000, maxEntries: 1_000 });
const COMPANY_CHANGES = new Set(['company']);
onEntityChange((entityType) => {
  if (concerns(entityType, COMPANY_CHANGES)) byHost.forgetAll();
});

/** The company whose custom domain is the host, else the platform's (one statement). */
const readCompanyForHost = async (db: DbOrTx, name: string): Promise<CompanyRow> => {
  const [found] = await db
    .select()
    .from(companies)
    .where(
      name ? or(eq(companies.customDomain, name), isNull(companies.agencyId)) : isNull(companies.agencyId),
    )
    // The host's own first; then the platform's.
    .orderBy(sql`${companies.agencyId} is null`)
    .limit(1);
  if (!found) throw notFound('No company config is set up.');
  return found;
};

export const findCompanyForHost = async (db: DbOrTx, host: string | undefined): Promise<CompanyRow> => {
  const name = hostNameOf(host);
  const remembered = byHost.recall(name);
  if (remembered) return remembered;
  const company = await readCompanyForHost(db, name);
  byHost.remember(name, company);
  return company;
};
