// Who may see and change which report: default-deny like campaigns. A report's owner sees it; an
// agency its advertisers' reports; admin and co-admin all (platform/scope.ts). Outside the scope the
// answer is "not found", so a report's existence does not leak.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { ownerOf } from '../../platform/advertiser-scope.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { notFound } from '../../platform/errors.ts';
import { canSee, type ScopeOwner } from '../../platform/scope.ts';

export type ReportRow = typeof reports.$inferSelect;
export type ReportOwner = {
  id: number;
  role: string;
  agencyId: number | null;
  email: string;
  companyName: string;
};

export const REPORT_NOT_FOUND = 'Report not found.';

export const ownerColumns = {
  id: users.id,
  role: users.role,
  agencyId: users.agencyId,
  email: users.email,
  companyName: users.companyName,
};

export const requireReport = async (
  db: DbOrTx,
  who: ScopeOwner,
  id: number,
): Promise<{ report: ReportRow; owner: ReportOwner }> => {
  const [row] = await db
    .select({ report: reports, owner: ownerColumns })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.ownerId))
    .where(eq(reports.id, id))
    .limit(1);
  if (!row || !canSee(who, row.owner)) throw notFound(REPORT_NOT_FOUND);
  return row;
};

export const requireReportOf = (db: DbOrTx, principal: Principal, id: number) =>
  requireReport(db, ownerOf(principal), id);

/** The multi-dimensional report is the admin's and co-admin's (spec section 2). */
export const canMakeMultiDimensional = (role: string) => role === 'ADMIN' || role === 'CO-ADMIN';
