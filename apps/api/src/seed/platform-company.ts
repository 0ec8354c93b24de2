import { isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { companies } from '../db/schema/companies.ts';

export const PLATFORM_THEME = {
  primaryColor: '#1c7ed6',
  hoverColor: '#1864ab',
  textAgencyColor: '#1a1b1e',
  cardBackgroundColor: '#ffffff',
  navbarColor: '#1b2a41',
};

/** Every database needs the platform's own company config: the brand of hosts without an agency. */
export const ensurePlatformCompany = async (db: DbOrTx) => {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(isNull(companies.agencyId))
    .limit(1);
  if (existing) return;
  await db.insert(companies).values({
    name: 'Trading Desk',
    logoSrc: '/brand/logo.svg',
    favicon: '/brand/favicon.svg',
    helpAndSupport: false,
    helpAndSupportLink: '',
    metaTitle: 'Trading Desk Console',
    theme: PLATFORM_THEME,
    footerStartYear: 2024,
    footerText: 'Trading Desk. All rights reserved.',
  });
};
