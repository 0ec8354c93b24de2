// Agencies for admin and co-admin: the list, and each agency's white-label company config.
import type { CompanyConfigEdit } from '@console/core/api/agencies';
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { fetchPage, likePattern } from '../../platform/pagination.ts';

type AgencyListQuery = {
  page: number;
  limit: number;
  q?: string | undefined;
  sort: 'companyName' | 'email' | 'createdAt' | 'advertisers';
  order: 'asc' | 'desc';
  status?: 'PENDING' | 'ACTIVE' | 'INACTIVE' | undefined;
};

const advertiserCount = sql<number>`(select count(*)::int from ${users} as a where a.agency_id = ${users.id})`;

export const listAgencies = async (deps: AppDeps, query: AgencyListQuery) => {
  const where = and(
    eq(users.role, 'AGENCY'),
    query.status ? eq(users.status, query.status) : undefined,
    query.q
      ? or(ilike(users.companyName, likePattern(query.q)), ilike(users.email, likePattern(query.q)))
      : undefined,
  );
  const sortBy = {
    companyName: users.companyName,
    email: users.email,
    createdAt: users.createdAt,
    advertisers: advertiserCount,
  }[query.sort];
  return fetchPage(
    query,
    (limit, offset) =>
      deps.db
        .select({ user: users, advertisers: advertiserCount, domain: companies.customDomain })
        .from(users)
        .leftJoin(companies, eq(companies.agencyId, users.id))
        .where(where)
        .orderBy(query.order === 'asc' ? asc(sortBy) : desc(sortBy), asc(users.id))
        .limit(limit)
        .offset(offset),
    () => deps.db.select({ value: count() }).from(users).where(where),
    (row) => ({
      user_primary_id: row.user.id,
      email: row.user.email,
      companyName: row.user.companyName,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      status: row.user.status,
      advertisers: Number(row.advertisers),
      custom_domain: row.domain ?? null,
      createdAt: row.user.createdAt.toISOString(),
    }),
  );
};

type CompanyRow = typeof companies.$inferSelect;

const toEdit = (row: CompanyRow): CompanyConfigEdit => ({
  name: row.name,
  logoSrc: row.logoSrc,
  favicon: row.favicon,
  help_and_support: row.helpAndSupport,
  help_and_support_link: row.helpAndSupportLink,
  meta_title: row.metaTitle,
  theme: row.theme,
  footer: { startYear: row.footerStartYear, text: row.footerText },
  custom_domain: row.customDomain ?? '',
});

/** The agency's config, or the platform's as the starting point of a new one. */
export const readAgencyCompany = async (
  deps: AppDeps,
  principal: Principal,
  agencyId: number,
): Promise<CompanyConfigEdit> => {
  const agency = await requireAccess(deps.db, principal, 'agency', agencyId);
  const [own] = await deps.db.select().from(companies).where(eq(companies.agencyId, agencyId)).limit(1);
  if (own) return toEdit(own);
  const [platform] = await deps.db.select().from(companies).where(isNull(companies.agencyId)).limit(1);
  if (!platform) throw notFound('No company config is set up.');
  return { ...toEdit(platform), name: agency.companyName, custom_domain: '' };
};

export const saveAgencyCompany = async (
  deps: AppDeps,
  principal: Principal,
  agencyId: number,
  input: CompanyConfigEdit,
): Promise<CompanyConfigEdit> => {
  await requireAccess(deps.db, principal, 'agency', agencyId);
  const domain = input.custom_domain || null;
  if (domain) {
    const [taken] = await deps.db
      .select({ agencyId: companies.agencyId })
      .from(companies)
      .where(eq(companies.customDomain, domain))
      .limit(1);
    if (taken && taken.agencyId !== agencyId)
      throw conflict('This domain is already used by another agency.');
  }
  const before = await readAgencyCompany(deps, principal, agencyId);
  const values = {
    name: input.name,
    logoSrc: input.logoSrc,
    favicon: input.favicon,
    helpAndSupport: input.help_and_support,
    helpAndSupportLink: input.help_and_support_link,
    metaTitle: input.meta_title,
    theme: input.theme,
    footerStartYear: input.footer.startYear,
    footerText: input.footer.text,
    customDomain: domain,
    updatedAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(companies)
      .values({ agencyId, ...values })
      .onConflictDoUpdate({ target: companies.agencyId, set: values });
    await recordChange(tx, {
      entityType: 'company',
      entityId: agencyId,
      action: 'update',
      actorUserId: actorIdOf(principal),
      effectiveUserId: principal.userId,
      changes: diffFields(before, input),
    });
  });
  return readAgencyCompany(deps, principal, agencyId);
};
