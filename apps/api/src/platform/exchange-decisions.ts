// The approval state of a campaign or creative on each of its exchanges, with who decided and when,
// by exchange name: a JSON column of the statement that reads the campaign or creative.
import type { ExchangeApprovalState } from '@console/core/campaign-status';
import { ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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
 * A CTE `x_counts` (owner_id, counts) for the list statements: how many exchanges each row of the
 * CTE `page` (column c_id) has in all and in each state, read for the whole page at once (a
 * subselect per row was a scan per row; on PGlite each also asks the file system for the table's
 * size). Join it with `left join x_counts on x_counts.owner_id = page.c_id`; exchangeCountsOf reads
 * the column.
 */
export const exchangeCountsCte = (table: PgTable, ownerId: PgColumn, state: PgColumn) =>
  renderedOnce(sql`x_counts as (
      select ${ownerId} as owner_id, json_build_array(count(*),
          count(*) filter (where ${state} = 'PENDING'),
          count(*) filter (where ${state} = 'APPROVED'),
          count(*) filter (where ${state} = 'REJECTED')) as counts
      from ${table} where ${ownerId} in (select c_id from page)
      group by ${ownerId})`);

/** The counts of one campaign's or creative's exchanges from their states (its detail). */
export const exchangeCountsOfStates = (states: readonly string[]): ExchangeCounts => ({
  total: states.length,
  pending: states.filter((state) => state === 'PENDING').length,
  approved: states.filter((state) => state === 'APPROVED').length,
  rejected: states.filter((state) => state === 'REJECTED').length,
});

/** The counts of a row read with exchangeCountsCte (none when it has no exchanges). */
export const exchangeCountsOf = (value: unknown): ExchangeCounts => {
  const [total = 0, pending = 0, approved = 0, rejected = 0] = jsonColumn<number[] | null>(value) ?? [];
  return { total, pending, approved, rejected };
};
