// The pure rules of the exchange-approval screens (unit-tested): row keys of campaign x exchange
// pairs, the queue's URL filters as the API's query, the body of a decision, decision
// results joined to the rows they concern, and a change-log entry read as exchange decisions.
import type { exchangeApprovalRow, exchangeDecisionResult } from '@console/core/api/campaigns';
import { BULK_MAX_IDS } from '@console/core/api/campaigns-constants';
import type { ChangeLogEntry } from '@console/core/api/users';
import { EXCHANGE_APPROVAL_STATES, type ExchangeApprovalState } from '@console/core/campaign-status';
import type { z } from 'zod';

export type ApprovalRow = z.infer<typeof exchangeApprovalRow>;
export type DecisionResult = z.infer<typeof exchangeDecisionResult>;
export type DecisionResultItem = DecisionResult['results'][number];
export type Decision = 'APPROVED' | 'REJECTED';
export type DecisionItem = { campaign_id: number; exchange_id: number };

export { BULK_MAX_IDS };

// ---- row keys ------------------------------------------------------------------------------------

/** The id of a campaign x exchange row in tables and selections: "12-3". */
export const rowKeyOf = (item: DecisionItem): string => `${item.campaign_id}-${item.exchange_id}`;

/** The pair of a row key, or null for text that is not one. */
export const parseRowKey = (key: string): DecisionItem | null => {
  const match = /^(\d{1,12})-(\d{1,12})$/.exec(key);
  if (!match) return null;
  const campaign_id = Number(match[1]);
  const exchange_id = Number(match[2]);
  return campaign_id > 0 && exchange_id > 0 ? { campaign_id, exchange_id } : null;
};

/** The decision items of selected row keys (unknown keys dropped, order kept). */
export const itemsOfKeys = (keys: Iterable<string>): DecisionItem[] =>
  [...keys].map(parseRowKey).filter((item): item is DecisionItem => item !== null);

/** Splits `items` into requests of at most `size` (the API takes BULK_MAX_IDS per call). */
export const chunk = <T>(items: readonly T[], size: number = BULK_MAX_IDS): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += Math.max(1, size))
    chunks.push(items.slice(start, start + Math.max(1, size)));
  return chunks;
};

/** One answer of several chunked calls. */
export const mergeResults = (parts: readonly DecisionResult[]): DecisionResult => {
  const results = parts.flatMap((part) => part.results);
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
};

// ---- the queue's filters -------------------------------------------------------------------------

/** The state filter of the queue: a state, or every state. Absent in the URL means pending. */
export const STATE_FILTERS = ['PENDING', 'APPROVED', 'REJECTED', 'ALL'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
export const DEFAULT_STATE_FILTER: StateFilter = 'PENDING';

export const readStateFilter = (value: string | undefined): StateFilter =>
  (STATE_FILTERS as readonly string[]).includes(value ?? '') ? (value as StateFilter) : DEFAULT_STATE_FILTER;

export const isApprovalState = (value: unknown): value is ExchangeApprovalState =>
  (EXCHANGE_APPROVAL_STATES as readonly unknown[]).includes(value);

const positiveOrUndefined = (value: string | number | undefined): number | undefined => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The API query of the queue from the list's URL query: the state filter (pending by default, none
 * for "all"), positive ids only; page, limit, sort, order and q as they are.
 */
export const toApprovalQuery = (
  listQuery: Record<string, string | number | undefined>,
  forcedState?: ExchangeApprovalState,
): Record<string, string | number | undefined> => {
  const state = forcedState ?? readStateFilter(listQuery.state as string | undefined);
  return {
    page: listQuery.page,
    limit: listQuery.limit,
    sort: listQuery.sort,
    order: listQuery.order,
    q: listQuery.q,
    state: state === 'ALL' ? undefined : state,
    exchange_id: positiveOrUndefined(listQuery.exchange_id),
    advertiser_id: positiveOrUndefined(listQuery.advertiser_id),
    campaign_id: positiveOrUndefined(listQuery.campaign_id),
  };
};

/** The pages to read to select every match, up to `max` rows. */
export const pagesToSelectAll = (total: number, limit: number, max: number = BULK_MAX_IDS): number[] => {
  const wanted = Math.min(Math.max(0, total), max);
  const count = Math.ceil(wanted / Math.max(1, limit));
  return Array.from({ length: count }, (_, index) => index + 1);
};

/** Adds keys to a selection without passing `max`; answers the new set and how many did not fit. */
export const addWithinLimit = (
  selected: ReadonlySet<string>,
  keys: readonly string[],
  max: number = BULK_MAX_IDS,
): { next: Set<string>; dropped: number } => {
  const next = new Set(selected);
  let dropped = 0;
  for (const key of keys) {
    if (next.has(key)) continue;
    if (next.size >= max) dropped += 1;
    else next.add(key);
  }
  return { next, dropped };
};

// ---- the decision ------------------------------------------------------------------------------

/** The body of a decision: the reason trimmed, and only for a rejection. */
export const decisionBody = (items: readonly DecisionItem[], decision: Decision, reason: string) => ({
  items: items.map(({ campaign_id, exchange_id }) => ({ campaign_id, exchange_id })),
  decision,
  ...(decision === 'REJECTED' ? { reason: reason.trim() } : {}),
});

// ---- outcomes ------------------------------------------------------------------------------------

/** What a decision concerned, for naming it in results (names may be unknown: ids then). */
export type DecisionTarget = DecisionItem & { campaign_name?: string; exchange_name?: string };

export type OutcomeItem = DecisionResultItem & { key: string; campaign_name: string; exchange_name: string };
export type DecisionOutcome = {
  decision: Decision;
  succeeded: number;
  failed: number;
  items: OutcomeItem[];
  failures: OutcomeItem[];
};

/** The answer of a decision joined to the names of its targets. */
export const describeOutcome = (
  decision: Decision,
  result: DecisionResult,
  targets: readonly DecisionTarget[],
): DecisionOutcome => {
  const byKey = new Map(targets.map((target) => [rowKeyOf(target), target]));
  const items = result.results.map((entry): OutcomeItem => {
    const key = rowKeyOf(entry);
    const target = byKey.get(key);
    return {
      ...entry,
      key,
      campaign_name: target?.campaign_name ?? `#${entry.campaign_id}`,
      exchange_name: target?.exchange_name ?? `#${entry.exchange_id}`,
    };
  });
  const failures = items.filter((item) => !item.ok);
  return { decision, succeeded: items.length - failures.length, failed: failures.length, items, failures };
};

/** A failure another try may mend (the server's own trouble), unlike a refusal (4xx). */
const isRetryable = (item: OutcomeItem): boolean => !item.ok && (item.error_code ?? 500) >= 500;

/**
 * The selection after a decision: decided rows leave it, and so do refused ones (not in review,
 * not found: trying again changes nothing); rows that failed on the server's side stay for another try.
 */
export const selectionAfter = (selected: ReadonlySet<string>, outcome: DecisionOutcome): Set<string> => {
  const next = new Set(selected);
  for (const item of outcome.items) if (!isRetryable(item)) next.delete(item.key);
  return next;
};

// ---- the change log ------------------------------------------------------------------------------

export type ExchangeChange = {
  exchange: string;
  from: ExchangeApprovalState | null;
  to: ExchangeApprovalState | null;
  /** The reason after the change (null: none); `reasonChanged` false when it stayed as it was. */
  reason: string | null;
  previousReason: string | null;
  reasonChanged: boolean;
};

export type DecisionEntry = {
  exchanges: ExchangeChange[];
  /** The campaign's status move, when the entry has one. */
  status: { from: string | null; to: string | null } | null;
  rejectionReason: string | null;
  /** Other fields, shown as they are. */
  other: { field: string; from: unknown; to: unknown }[];
};

const EXCHANGE_FIELD = /^exchanges\.(.+)\.(state|reason)$/;

const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** A change-log entry of a campaign read as per-exchange decisions, in the order they were recorded. */
export const readDecisionEntry = (entry: Pick<ChangeLogEntry, 'changes'>): DecisionEntry => {
  const exchanges = new Map<string, ExchangeChange>();
  const result: DecisionEntry = { exchanges: [], status: null, rejectionReason: null, other: [] };
  const exchangeOf = (name: string): ExchangeChange => {
    let change = exchanges.get(name);
    if (!change) {
      change = {
        exchange: name,
        from: null,
        to: null,
        reason: null,
        previousReason: null,
        reasonChanged: false,
      };
      exchanges.set(name, change);
    }
    return change;
  };
  for (const change of entry.changes) {
    const match = EXCHANGE_FIELD.exec(change.field);
    if (match) {
      const target = exchangeOf(match[1] ?? '');
      if (match[2] === 'state') {
        target.from = isApprovalState(change.from) ? change.from : null;
        target.to = isApprovalState(change.to) ? change.to : null;
      } else {
        target.previousReason = textOrNull(change.from);
        target.reason = textOrNull(change.to);
        target.reasonChanged = true;
      }
    } else if (change.field === 'status') {
      result.status = { from: textOrNull(change.from), to: textOrNull(change.to) };
    } else if (change.field === 'rejection_reason') {
      result.rejectionReason = textOrNull(change.to);
    } else {
      result.other.push(change);
    }
  }
  result.exchanges = [...exchanges.values()];
  return result;
};

/** The change-log filter: exchange decisions (the endpoint's default) or the campaign's status moves. */
export const LOG_ACTIONS = ['exchange-approval', 'status'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];
export const readLogAction = (value: string | undefined): LogAction =>
  value === 'status' ? 'status' : 'exchange-approval';
