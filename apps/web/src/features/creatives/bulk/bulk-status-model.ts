// The bulk creative status (admin and co-admin), without React (unit-tested): a creative x exchange
// pair as a row id, the state filter (pending by default), the decision checked with core's schema
// ('Give a reason for the rejection.'), and the i18n keys of the server's per-item answers.
import {
  CREATIVE_APPROVAL_STATES,
  type CreativeApprovalState,
  type CreativeDecisionBody,
  creativeDecisionBody,
} from '@console/core/api/creatives';
import { type Validation, validateWith } from '../../../lib/forms/schema-errors.ts';
import type { TranslatedMessage } from './bulk-edit-model.ts';

export type PairRef = { creative_id: number; exchange_id: number };

/** The row id of a creative x exchange pair: "12-3". */
export const pairKey = (pair: PairRef): string => `${pair.creative_id}-${pair.exchange_id}`;

export const parsePairKey = (key: string): PairRef | null => {
  const match = /^(\d{1,12})-(\d{1,12})$/.exec(key);
  if (!match) return null;
  const pair = { creative_id: Number(match[1]), exchange_id: Number(match[2]) };
  return pair.creative_id > 0 && pair.exchange_id > 0 ? pair : null;
};

/** The state filter's URL value: absent means pending (the work to do), 'all' means every state. */
export const STATE_FILTER_ALL = 'all';
export type StateFilter = CreativeApprovalState | typeof STATE_FILTER_ALL;

export const readStateFilter = (value: string | undefined): StateFilter => {
  if (value === STATE_FILTER_ALL) return STATE_FILTER_ALL;
  return (CREATIVE_APPROVAL_STATES as readonly string[]).includes(value ?? '')
    ? (value as CreativeApprovalState)
    : 'PENDING';
};

/** The URL value of a chosen state: pending (the default) leaves the param out. */
export const writeStateFilter = (value: StateFilter): string | null => (value === 'PENDING' ? null : value);

/** The API query of the approval rows of the selected creatives. */
export const approvalQueryOf = (
  listQuery: Record<string, string | number | undefined>,
  creativeIds: readonly number[],
): Record<string, string | number | undefined> => {
  const state = readStateFilter(listQuery.state === undefined ? undefined : String(listQuery.state));
  return {
    ...listQuery,
    state: state === STATE_FILTER_ALL ? undefined : state,
    creative_ids: [...creativeIds].sort((a, b) => a - b).join(','),
  };
};

export type Decision = CreativeDecisionBody['decision'];

/** Core's schema of POST /api/admin/creatives/approval/decide (a rejection needs a reason). */
export const validateDecision = (
  keys: Iterable<string>,
  decision: Decision,
  reason: string,
): Validation<CreativeDecisionBody> => {
  const items = [...keys].map(parsePairKey).filter((pair): pair is PairRef => pair !== null);
  return validateWith(creativeDecisionBody, {
    items,
    decision,
    ...(decision === 'REJECTED' || reason.trim() ? { reason } : {}),
  });
};

/** Core's messages about the pairs of a decision (the reason is checked by components/decision). */
export const DECISION_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Choose at least one creative exchange.': 'decision.choosePairs',
  'At most 500 at once.': 'decision.tooMany',
};

export const translateDecisionMessage = (message: string): TranslatedMessage => {
  const key = DECISION_MESSAGE_KEYS[message];
  return key ? { key } : { text: message };
};

/** The server's reason for one failed pair, as an i18n key when this page knows it. */
export const translateDecisionResult = (message: string | undefined): TranslatedMessage | null => {
  if (!message) return null;
  if (message === 'Creative not found.') return { key: 'results.reasons.notFound' };
  if (message === 'This exchange is not one of the creative’s exchanges.')
    return { key: 'results.reasons.exchangeNotOnCreative' };
  return { text: message };
};
