// The bulk campaign pages' pure part: the selection from `?ids=`, each operation's form turned into
// the request body of core's schema (money typed in dollars -> integer micro-units with core's money
// parser; only ticked fields are sent), the status moves a side may offer with how many of the
// selected campaigns can make them, and the i18n keys of the messages the forms meet. Unit-tested.
import {
  type AUDIENCE_MODES,
  BUDGET_MESSAGES,
  BULK_MAX_IDS,
  bulkAudienceBody,
  bulkBidRangeBody,
  bulkExchangesBody,
  bulkInventoryBody,
  bulkStatusBody,
  bulkUpdateBody,
  type FREQUENCY_PERIODS,
  type INVENTORY_MODES,
  type LIST_OPS,
  MIN_VIEWABILITY_MESSAGE,
  type PACING_MODES,
  REASON_MAX,
} from '@console/core/api/campaigns';
import {
  CAMPAIGN_STATUS_MESSAGES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TRANSITIONS,
  type CampaignStatus,
  canSideMake,
  checkTransition,
  isEditableStatus,
  type Transition,
  type TransitionAction,
  type TransitionSide,
} from '@console/core/campaign-status';
import {
  MONEY_INVALID_MESSAGE,
  MONEY_TOO_LARGE_MESSAGE,
  MONEY_TOO_PRECISE_MESSAGE,
} from '@console/core/format/money';
import type { Role } from '@console/core/roles';
import type { z } from 'zod';
import { moneyInputError, moneyInputMicros } from '../../../lib/format/money-input.ts';
import { type FieldErrors, readSchemaErrors } from '../../../lib/forms/schema-errors.ts';
import { parseIdsParam } from '../components/campaign-format.ts';
import { isDangerousMove } from '../components/campaign-moves.ts';

export type ListOp = (typeof LIST_OPS)[number];
export type InventoryMode = (typeof INVENTORY_MODES)[number];
export type AudienceMode = (typeof AUDIENCE_MODES)[number];
export type PacingMode = (typeof PACING_MODES)[number];
export type FrequencyPeriod = (typeof FREQUENCY_PERIODS)[number];

// ---- selection -----------------------------------------------------------------------------------

export type Selection = {
  /** The campaign ids, in the order they were chosen, without repeats. */
  ids: number[];
  /** More than the server takes at once (BULK_MAX_IDS): the page refuses to go on. */
  isOverLimit: boolean;
};

/** The selection of a `?ids=1,2,3` parameter (anything that is not a positive id is dropped). */
export const readSelection = (param: string | null | undefined): Selection => {
  const ids = parseIdsParam(param);
  return { ids, isOverLimit: ids.length > BULK_MAX_IDS };
};

/** The ids after a table's checkbox change: those kept in their order, then the new ones. */
export const applyTableSelection = (current: readonly number[], next: ReadonlySet<string>): number[] => {
  const kept = current.filter((id) => next.has(String(id)));
  const known = new Set(kept);
  const added = [...next].map(Number).filter((id) => Number.isSafeInteger(id) && id > 0 && !known.has(id));
  return [...kept, ...added];
};

// ---- form -> body --------------------------------------------------------------------------------

/** Messages of the forms themselves (the rest come from core's schemas). */
export const FORM_MESSAGES = {
  amountRequired: 'Enter an amount.',
  endRequired: 'Choose the end date and time.',
  endInvalid: 'Enter a date and time like 2026-01-31 09:00.',
  chooseList: 'Choose at least one inventory list.',
  chooseAudience: 'Choose at least one audience.',
  chooseExchange: 'Choose at least one exchange.',
} as const;

export type BodyCheck<B> = { success: true; body: B } | { success: false; errors: FieldErrors };

/** Dollars typed by the user -> micro-units; a message in `errors[field]` when it is not an amount. */
const readAmount = (
  text: string,
  field: string,
  errors: Record<string, string>,
  required = true,
): number | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') {
    if (required) errors[field] = FORM_MESSAGES.amountRequired;
    return undefined;
  }
  const message = moneyInputError(trimmed);
  if (message) {
    errors[field] = message;
    return undefined;
  }
  return moneyInputMicros(trimmed);
};

/** The body checked by `schema`; the form's own messages win over the schema's for the same field. */
const finish = <S extends z.ZodType>(
  schema: S,
  body: unknown,
  formErrors: Record<string, string> = {},
): BodyCheck<z.output<S>> => {
  const errors = { ...readSchemaErrors(schema, body), ...formErrors };
  if (Object.keys(errors).length > 0) return { success: false, errors };
  return { success: true, body: schema.parse(body) };
};

export type BidRangeForm = { min: string; max: string; withBid: boolean; bid: string };
export const EMPTY_BID_RANGE: BidRangeForm = { min: '', max: '', withBid: false, bid: '' };

export const toBidRangeBody = (ids: readonly number[], form: BidRangeForm) => {
  const errors: Record<string, string> = {};
  const body = {
    ids,
    min_bid_micros: readAmount(form.min, 'min_bid_micros', errors),
    max_bid_micros: readAmount(form.max, 'max_bid_micros', errors),
    ...(form.withBid ? { bid_micros: readAmount(form.bid, 'bid_micros', errors) } : {}),
  };
  return finish(bulkBidRangeBody, body, errors);
};

export type FieldsForm = {
  total: { on: boolean; value: string };
  daily: { on: boolean; noLimit: boolean; value: string };
  pacing: { on: boolean; value: PacingMode };
  frequency: { on: boolean; noCap: boolean; count: string; period: FrequencyPeriod };
  /** `endAt.value` is a datetime-local text ('2026-01-31T09:00') in the user's time zone. */
  endAt: { on: boolean; value: string };
  /** The minimum predicted viewability, a percent as typed; `none`: no minimum. */
  viewability: { on: boolean; none: boolean; value: string };
};
export const EMPTY_FIELDS: FieldsForm = {
  total: { on: false, value: '' },
  daily: { on: false, noLimit: false, value: '' },
  pacing: { on: false, value: 'EVEN' },
  frequency: { on: false, noCap: false, count: '', period: 'DAY' },
  endAt: { on: false, value: '' },
  viewability: { on: false, none: false, value: '' },
};

/** A datetime-local text read in the browser's time zone, as an ISO instant; null when it is not one. */
export const localDateTimeToIso = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

const readCount = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** Which of the form's fields are ticked (the review lists them). */
export const tickedFields = (form: FieldsForm): (keyof FieldsForm)[] =>
  (Object.keys(form) as (keyof FieldsForm)[]).filter((key) => form[key].on);

export const toFieldsBody = (ids: readonly number[], form: FieldsForm) => {
  const errors: Record<string, string> = {};
  const fields: Record<string, unknown> = {};
  if (form.total.on)
    fields.total_budget_micros = readAmount(form.total.value, 'fields.total_budget_micros', errors);
  if (form.daily.on)
    fields.daily_budget_micros = form.daily.noLimit
      ? null
      : readAmount(form.daily.value, 'fields.daily_budget_micros', errors);
  if (form.pacing.on) fields.pacing = form.pacing.value;
  if (form.frequency.on)
    fields.frequency_cap = form.frequency.noCap
      ? null
      : { count: readCount(form.frequency.count), period: form.frequency.period };
  if (form.endAt.on) {
    if (form.endAt.value.trim() === '') errors['fields.end_at'] = FORM_MESSAGES.endRequired;
    else {
      const iso = localDateTimeToIso(form.endAt.value);
      if (iso) fields.end_at = iso;
      else errors['fields.end_at'] = FORM_MESSAGES.endInvalid;
    }
  }
  if (form.viewability.on)
    fields.min_viewability_pct = form.viewability.none
      ? null
      : (readCount(form.viewability.value) ?? Number.NaN);
  // The merged rule the server checks per campaign, where both ends are in this edit.
  const total = fields.total_budget_micros;
  const daily = fields.daily_budget_micros;
  if (typeof total === 'number' && typeof daily === 'number' && daily > total)
    errors['fields.daily_budget_micros'] ??= BUDGET_MESSAGES.dailyOverTotal;
  const check = finish(bulkUpdateBody, { ids, fields }, errors);
  // A ticked field with an unreadable value is its own error, not "choose a field".
  if (!check.success && tickedFields(form).length > 0 && Object.keys(check.errors).length > 1)
    delete check.errors.fields;
  return check;
};

export type ListForm<M extends string> = { op: ListOp; mode: M; ids: number[] };
export const EMPTY_INVENTORY: ListForm<InventoryMode> = { op: 'add', mode: 'ALLOW', ids: [] };
export const EMPTY_AUDIENCE: ListForm<AudienceMode> = { op: 'add', mode: 'INCLUDE', ids: [] };
export type ExchangesForm = { op: ListOp; ids: number[] };
export const EMPTY_EXCHANGES: ExchangesForm = { op: 'add', ids: [] };

/** Add and remove need something to add or remove; replace with nothing clears the lists. */
export const toInventoryBody = (ids: readonly number[], form: ListForm<InventoryMode>) =>
  finish(
    bulkInventoryBody,
    { ids, applist_ids: form.ids, mode: form.mode, op: form.op },
    form.op !== 'replace' && form.ids.length === 0 ? { applist_ids: FORM_MESSAGES.chooseList } : {},
  );

export const toAudienceBody = (ids: readonly number[], form: ListForm<AudienceMode>) =>
  finish(
    bulkAudienceBody,
    { ids, audience_ids: form.ids, mode: form.mode, op: form.op },
    form.op !== 'replace' && form.ids.length === 0 ? { audience_ids: FORM_MESSAGES.chooseAudience } : {},
  );

/** Exchanges always name at least one (a submitted campaign must keep one anyway). */
export const toExchangesBody = (ids: readonly number[], form: ExchangesForm) =>
  finish(
    bulkExchangesBody,
    { ids, exchange_ids: form.ids, op: form.op },
    form.ids.length === 0 ? { exchange_ids: FORM_MESSAGES.chooseExchange } : {},
  );

export type StatusForm = { to: CampaignStatus | null; reason: string };
export const EMPTY_STATUS: StatusForm = { to: null, reason: '' };

/** Whether a move to `to` carries a reason (reject). */
export const needsReason = (to: CampaignStatus | null): boolean =>
  to !== null &&
  CAMPAIGN_STATUSES.some(
    (from) => (CAMPAIGN_TRANSITIONS[from] as Partial<Record<CampaignStatus, Transition>>)[to]?.needsReason,
  );

export const toStatusBody = (ids: readonly number[], form: StatusForm) => {
  const reason = form.reason.trim();
  const withReason = needsReason(form.to);
  return finish(
    bulkStatusBody,
    { ids, to: form.to ?? undefined, ...(withReason && reason ? { reason } : {}) },
    withReason && !reason ? { reason: CAMPAIGN_STATUS_MESSAGES.reasonRequired } : {},
  );
};

// ---- status moves --------------------------------------------------------------------------------

export type StatusTarget = {
  to: CampaignStatus;
  /** The moves that lead there for this side (approve and resume both lead to ACTIVE). */
  actions: TransitionAction[];
  needsReason: boolean;
  /** Ends or refuses delivery for good. */
  danger: boolean;
};

const TARGET_ORDER: readonly CampaignStatus[] = [
  'PENDING_APPROVAL',
  'ACTIVE',
  'PAUSED',
  'REJECTED',
  'DRAFT',
  'COMPLETED',
  'ARCHIVED',
];

/** Every status `side` can move a campaign to (from some status), in the order they are offered. */
export const listStatusTargets = (side: TransitionSide): StatusTarget[] =>
  TARGET_ORDER.flatMap((to) => {
    const transitions = CAMPAIGN_STATUSES.flatMap((from) => {
      const transition = (CAMPAIGN_TRANSITIONS[from] as Partial<Record<CampaignStatus, Transition>>)[to];
      return transition && canSideMake(side, transition) ? [transition] : [];
    });
    if (transitions.length === 0) return [];
    const actions = [...new Set(transitions.map((transition) => transition.action))];
    return [
      {
        to,
        actions,
        needsReason: transitions.some((transition) => transition.needsReason),
        danger: actions.some(isDangerousMove),
      },
    ];
  });

export type MoveCount = {
  /** Campaigns whose known status allows the move. */
  movable: number;
  /** Known statuses that do not allow it, with how many campaigns are in each. */
  blocked: { status: CampaignStatus; count: number }[];
  /** Selected campaigns whose status is not known here (the server decides). */
  unknown: number;
};

/** How many of the selected campaigns (their known statuses) `role` can move to `to`. */
export const countMovable = (
  statuses: readonly (CampaignStatus | undefined)[],
  to: CampaignStatus,
  role: Role,
): MoveCount => {
  const blocked = new Map<CampaignStatus, number>();
  let movable = 0;
  let unknown = 0;
  for (const status of statuses) {
    if (!status) unknown += 1;
    else {
      const check = checkTransition(status, to, role, 'a reason');
      if (check.ok) movable += 1;
      else blocked.set(status, (blocked.get(status) ?? 0) + 1);
    }
  }
  return {
    movable,
    blocked: [...blocked].map(([status, count]) => ({ status, count })),
    unknown,
  };
};

/** Known statuses in which settings cannot be edited (completed, archived), counted. */
export const countNotEditable = (statuses: readonly (CampaignStatus | undefined)[]) =>
  statuses.filter((status) => status !== undefined && !isEditableStatus(status)).length;

// ---- messages ------------------------------------------------------------------------------------

/** Core's and the forms' English messages as keys of the `campaign-bulk` namespace. */
export const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [MONEY_INVALID_MESSAGE]: 'messages.moneyInvalid',
  [MONEY_TOO_PRECISE_MESSAGE]: 'messages.moneyTooPrecise',
  [MONEY_TOO_LARGE_MESSAGE]: 'messages.moneyTooLarge',
  [BUDGET_MESSAGES.minAboveMax]: 'messages.minAboveMax',
  [BUDGET_MESSAGES.bidBelowMin]: 'messages.bidBelowMin',
  [BUDGET_MESSAGES.bidAboveMax]: 'messages.bidAboveMax',
  [BUDGET_MESSAGES.dailyOverTotal]: 'messages.dailyOverTotal',
  [BUDGET_MESSAGES.endBeforeStart]: 'messages.endBeforeStart',
  [CAMPAIGN_STATUS_MESSAGES.reasonRequired]: 'messages.reasonRequired',
  [`A reason is at most ${REASON_MAX} characters.`]: 'messages.reasonTooLong',
  'Choose at least one field to change.': 'messages.chooseField',
  'Choose at least one campaign.': 'messages.chooseCampaign',
  [`At most ${BULK_MAX_IDS} campaigns at once.`]: 'messages.tooMany',
  'Choose a campaign status.': 'messages.chooseStatus',
  'The minimum bid must be more than $0.00.': 'messages.positive',
  'The maximum bid must be more than $0.00.': 'messages.positive',
  'The bid must be more than $0.00.': 'messages.positive',
  'The total budget must be more than $0.00.': 'messages.positive',
  'The daily budget must be more than $0.00.': 'messages.positive',
  'Give the number of impressions.': 'messages.capCount',
  'Give a whole number of impressions.': 'messages.capWhole',
  'The frequency cap is at least 1 impression.': 'messages.capMin',
  'The frequency cap is at most 1000 impressions.': 'messages.capMax',
  [MIN_VIEWABILITY_MESSAGE]: 'messages.viewability',
  [FORM_MESSAGES.amountRequired]: 'messages.amountRequired',
  [FORM_MESSAGES.endRequired]: 'messages.endRequired',
  [FORM_MESSAGES.endInvalid]: 'messages.endInvalid',
  [FORM_MESSAGES.chooseList]: 'messages.chooseList',
  [FORM_MESSAGES.chooseAudience]: 'messages.chooseAudience',
  [FORM_MESSAGES.chooseExchange]: 'messages.chooseExchange',
};

/** The namespace key of a known message, or null to show the message as the server wrote it. */
export const messageKeyOf = (message: string): string | null => MESSAGE_KEYS[message] ?? null;
