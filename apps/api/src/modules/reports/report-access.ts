// Who may do what with reports beyond the access table: whose report an id names is the report rule
// of platform/access.ts (its owner sees it; an agency its advertisers' reports; admin and co-admin
// all; anything else is "not found").
import type { reports } from '../../db/schema/reports.ts';

export type ReportRow = typeof reports.$inferSelect;

/** The multi-dimensional report is the admin's and co-admin's (spec section 2). */
export const canMakeMultiDimensional = (role: string) => role === 'ADMIN' || role === 'CO-ADMIN';
