// The approval state of a campaign or creative on each of its exchanges, with who decided and when,
// by exchange name: a JSON column of the statement that reads the campaign or creative.
import type { ExchangeApprovalState } from '@console/core/campaign-status';
import { ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { jsonColumn, jsonList } from '../db/json-column.ts';
import { exchanges } from '../db/schema/reference.ts';
import { users } from '../db/schema/users.ts';
import { renderedOnce } from '../db/sql-fragment.ts';
import { likePattern } from './pagination.ts';

type DecisionColumns = {
  ownerId: PgColumn;
  exchangeId: PgColumn;
  state: PgColumn;
  reason: PgColumn;
  decidedAt: PgColumn;
  decidedBy: PgColumn;
};

export const exchangeDecisionsColumn = (table: SQL, columns: DecisionColumns, ownerId: SQL) =>
  jsonList(
    sql`json_build_array(${columns.exchangeId}, ${exchanges.name}, ${columns.state}, ${columns.reason},
      ${columns.decidedAt}, decider.id, decider.email)`,
    sql`from ${table} join ${exchanges} on ${exchanges.id} = ${columns.exchangeId}
      left join ${users} as decider on decider.id = ${columns.decidedBy}
      where ${columns.ownerId} = ${ownerId}`,
    sql`${exchanges.name}, ${columns.exchangeId}`,
  );

type DecisionRow = [number, string, string, string | null, string | null, number | null, string | null];

/** The decisions as the API shows them. */
export const exchangeDecisionsOf = <State extends string = ExchangeApprovalState>(value: unknown) =>
  jsonColumn<DecisionRow[]>(value).map(
    ([exchangeId, name, state, reason, decidedAt, deciderId, deciderEmail]) => ({
      exchange_id: exchangeId,
      name,
      state: state as State,
      reason,
      decided_by:
        deciderId === null || deciderEmail === null
          ? null
          : { user_primary_id: deciderId, email: deciderEmail },
      decided_at: decidedAt === null ? null : new Date(decidedAt).toISOString(),
    }),
  );

/** An approval queue's search: the campaign's or creative's name, the exchange's, the advertiser's company. */
export const approvalQueueSearch = (name: PgColumn, q: string) =>
  or(
    ilike(name, likePattern(q)),
    ilike(exchanges.name, likePattern(q)),
    ilike(users.companyName, likePattern(q)),
  );

export type ExchangeCounts = { total: number; pending: number; approved: number; rejected: number };

/**
 * The stored counts of a campaign's or creative's exchanges, in all and in each state, as columns
 * x_total, x_pending, x_approved, x_rejected of a list page (`table`: "campaigns" or "creatives").
 * Triggers on the decision tables keep them (migration 0036), so a page reads four integers of the
 * rows it reads anyway, instead of counting the page's decisions in its statement (on PGlite with the
 * demo's history, a quarter of an admin's creative list's CPU). Not in the schema's declarations (see
 * 0036).
 */
export const exchangeCountColumns = (table: 'campaigns' | 'creatives') =>
  renderedOnce(
    sql.raw(
      (['total', 'pending', 'approved', 'rejected'] as const)
        .map((count) => `${countColumnName(table, count)} as x_${count}`)
        .join(', '),
    ),
  );

/** One of the stored counts of exchangeCountColumns, as `"<table>"."exchanges_<count>"`. */
const countColumnName = (table: 'campaigns' | 'creatives', count: keyof ExchangeCounts) =>
  `"${table}"."exchanges_${count}"`;

/** The stored count of a row's exchanges in `state`, or of all of them (no state), as SQL. */
export const exchangeCountColumn = (table: 'campaigns' | 'creatives', state?: ExchangeApprovalState) =>
  sql.raw(countColumnName(table, state ? (state.toLowerCase() as Lowercase<typeof state>) : 'total'));

/** The counts of one campaign's or creative's exchanges from their states (its detail). */
export const exchangeCountsOfStates = (states: readonly string[]): ExchangeCounts => ({
  total: states.length,
  pending: states.filter((state) => state === 'PENDING').length,
  approved: states.filter((state) => state === 'APPROVED').length,
  rejected: states.filter((state) => state === 'REJECTED').length,
});

/** The counts of a row read with exchangeCountColumns. */
export const exchangeCountsOf = (raw: Record<string, unknown>): ExchangeCounts => ({
  total: Number(raw.x_total ?? 0),
  pending: Number(raw.x_pending ?? 0),
  approved: Number(raw.x_approved ?? 0),
  rejected: Number(raw.x_rejected ?? 0),
});
