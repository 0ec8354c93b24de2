// The approval state of a campaign or creative on each of its exchanges, with who decided and when,
// by exchange name: a JSON column of the statement that reads the campaign or creative.
import type { ExchangeApprovalState } from '@console/core/campaign-status';
import { ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { jsonColumn, jsonList } from '../db/json-column.ts';
import { exchanges } from '../db/schema/reference.ts';
import { users } from '../db/schema/users.ts';
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
