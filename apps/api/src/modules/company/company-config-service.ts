// The white-label config a request sees: the agency whose custom domain is the request's host,
// else the platform default (spec section 3 shape).
import type { CompanyConfig } from '@console/core/api/company-config';
import { eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { notFound } from '../../platform/errors.ts';

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

export const findCompanyForHost = async (db: DbOrTx, host: string | undefined): Promise<CompanyRow> => {
  const name = hostNameOf(host);
  if (name) {
    const [byDomain] = await db.select().from(companies).where(eq(companies.customDomain, name)).limit(1);
    if (byDomain) return byDomain;
  }
  const [fallback] = await db.select().from(companies).where(isNull(companies.agencyId)).limit(1);
  if (!fallback) throw notFound('No company config is set up.');
  return fallback;
};
