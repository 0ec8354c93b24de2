// The campaign form as pure rules: its values (money as typed text, the flight as date + time in the
// campaign's zone), the request bodies of POST and PUT /api/campaigns built from them, the prefill of
// edit and clone from a campaign's detail, and the checks of each step, made with core's own schemas
// (campaignCreateBody: the field rules and findCrossFieldErrors) so the client and the server speak
// with the same messages. Error keys are the API's field paths ('targeting.geo_fence'), so a server
// 400 lands on the same fields. Unit-tested.
import {
  type AUDIENCE_MODES,
  type CampaignDetail,
  campaignCreateBody,
  EMPTY_TARGETING,
  type FREQUENCY_PERIODS,
  findCrossFieldErrors,
  type INVENTORY_MODES,
  type PACING_MODES,
  type PRICE_MODELS,
  type Targeting,
} from '@console/core/api/campaigns';
import type { CampaignStatus } from '@console/core/campaign-status';
import {
  FLIGHT_ENDED,
  keepExchangeErrors,
  SUBMIT_NEEDS_EXCHANGE,
  SUBMITTED_NEEDS_EXCHANGE,
  submitErrors,
} from '@console/core/campaign-submit';
import { CAMPAIGN_NAME_MAX } from '@console/core/constants';
import { isoFromZonedParts, zonedPartsOf } from '@console/core/time/zoned-time';
import type { z } from 'zod';
import { moneyInputError, moneyInputMicros, moneyInputText } from '../../../lib/format/money-input.ts';
import { collectFieldErrors, type FieldErrors } from '../../../lib/forms/schema-errors.ts';
import { type DayParting, dayPartingFromApi, dayPartingToApi } from './day-parting.ts';

export const FORM_STEPS = ['basics', 'budget', 'targeting', 'creatives', 'review'] as const;
export type FormStep = (typeof FORM_STEPS)[number];

export type PacingMode = (typeof PACING_MODES)[number];
export type PriceModel = (typeof PRICE_MODELS)[number];
export type FrequencyPeriod = (typeof FREQUENCY_PERIODS)[number];
export type InventoryMode = (typeof INVENTORY_MODES)[number];
export type AudienceMode = (typeof AUDIENCE_MODES)[number];
export type InventoryEntry = { applist_id: number; mode: InventoryMode };
export type AudienceEntry = { audience_id: number; mode: AudienceMode };

export type CampaignFormValues = {
  name: string;
  /** The campaign's advertiser (chosen by agency, admin and co-admin; null until chosen). */
  advertiser_id: number | null;
  /** 'YYYY-MM-DD' and 'HH:mm' in `time_zone`. */
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  time_zone: string;
  /** Dollars as typed ('1,500.50'); '' for the daily budget: no daily limit. */
  total_budget: string;
  daily_budget: string;
  pacing: PacingMode;
  price_model: PriceModel;
  bid: string;
  min_bid: string;
  max_bid: string;
  /** null: no frequency cap. */
  frequency_cap: { count: number | ''; period: FrequencyPeriod } | null;
  /** null: every hour of every day. */
  day_parting: DayParting | null;
  targeting: Targeting;
  exchange_ids: number[];
  creative_ids: number[];
  inventory: InventoryEntry[];
  audiences: AudienceEntry[];
  smart_app_list_ids: number[];
};

export type FormErrors = FieldErrors;

/** Client-side messages of the form's own (the schemas cannot see an empty date picker). */
export const FORM_MESSAGES = {
  startRequired: 'Choose the start date and time.',
  endRequired: 'Choose the end date and time.',
  totalRequired: 'Enter the total budget.',
  bidRequired: 'Enter the bid.',
  minBidRequired: 'Enter the minimum bid.',
  maxBidRequired: 'Enter the maximum bid.',
  advertiserRequired: 'Choose the advertiser of this campaign.',
  submitNeedsExchange: SUBMIT_NEEDS_EXCHANGE,
  flightEnded: FLIGHT_ENDED,
  submittedNeedsExchange: SUBMITTED_NEEDS_EXCHANGE,
} as const;

// ---- money ---------------------------------------------------------------------------------------

/** Typed dollars to micro-units: '' -> null, bad text -> its core message. */
export const readMoney = (text: string): { micros: number | null; error?: string } => {
  if (text.trim() === '') return { micros: null };
  const error = moneyInputError(text);
  return error ? { micros: null, error } : { micros: moneyInputMicros(text) };
};

// ---- values <-> bodies ---------------------------------------------------------------------------

export const emptyValues = (timeZone: string, advertiserId: number | null = null): CampaignFormValues => ({
  name: '',
  advertiser_id: advertiserId,
  start_date: '',
  start_time: '00:00',
  end_date: '',
  end_time: '23:59',
  time_zone: timeZone,
  total_budget: '',
  daily_budget: '',
  pacing: 'EVEN',
  price_model: 'CPM',
  bid: '',
  min_bid: '',
  max_bid: '',
  frequency_cap: null,
  day_parting: null,
  targeting: structuredClone(EMPTY_TARGETING),
  exchange_ids: [],
  creative_ids: [],
  inventory: [],
  audiences: [],
  smart_app_list_ids: [],
});

/** The settings every body carries (POST and PUT), and the messages of text that could not be read. */
export const buildFields = (values: CampaignFormValues) => {
  const textErrors: FormErrors = {};
  const money = (text: string, field: string, requiredMessage?: string) => {
    const { micros, error } = readMoney(text);
    if (error) textErrors[field] = error;
    else if (micros === null && requiredMessage) textErrors[field] = requiredMessage;
    return micros;
  };
  const startAt = isoFromZonedParts(values.start_date, values.start_time, values.time_zone);
  const endAt = isoFromZonedParts(values.end_date, values.end_time, values.time_zone);
  if (!startAt) textErrors.start_at = FORM_MESSAGES.startRequired;
  if (!endAt) textErrors.end_at = FORM_MESSAGES.endRequired;
  const fields = {
    name: values.name.trim(),
    start_at: startAt ?? '',
    end_at: endAt ?? '',
    time_zone: values.time_zone,
    total_budget_micros: money(values.total_budget, 'total_budget_micros', FORM_MESSAGES.totalRequired),
    daily_budget_micros: money(values.daily_budget, 'daily_budget_micros'),
    pacing: values.pacing,
    price_model: values.price_model,
    bid_micros: money(values.bid, 'bid_micros', FORM_MESSAGES.bidRequired),
    min_bid_micros: money(values.min_bid, 'min_bid_micros', FORM_MESSAGES.minBidRequired),
    max_bid_micros: money(values.max_bid, 'max_bid_micros', FORM_MESSAGES.maxBidRequired),
    frequency_cap: values.frequency_cap
      ? {
          count: values.frequency_cap.count === '' ? undefined : values.frequency_cap.count,
          period: values.frequency_cap.period,
        }
      : null,
    day_parting: values.day_parting ? values.day_parting.map((hours) => [...hours]) : null,
    targeting: { ...values.targeting, geo_fence: values.targeting.geo_fence.trim() },
    exchange_ids: [...values.exchange_ids],
    creative_ids: [...values.creative_ids],
    inventory: values.inventory.map((entry) => ({ ...entry })),
    audiences: values.audiences.map((entry) => ({ ...entry })),
    smart_app_list_ids: [...values.smart_app_list_ids],
  };
  return { fields, textErrors };
};

/** The settings of the body, with day-parting in the API's shape (null when every hour is chosen). */
const bodyFields = (values: CampaignFormValues) => {
  const { fields } = buildFields(values);
  return { ...fields, day_parting: dayPartingToApi(values.day_parting) };
};

export type CreateBodyInput = z.input<typeof campaignCreateBody>;

/** POST /api/campaigns: `advertiser_id` only when the role chooses one. */
export const toCreateBody = (
  values: CampaignFormValues,
  options: { withAdvertiser: boolean; submit: boolean },
): CreateBodyInput =>
  ({
    ...bodyFields(values),
    ...(options.withAdvertiser && values.advertiser_id ? { advertiser_id: values.advertiser_id } : {}),
    submit: options.submit,
  }) as CreateBodyInput;

/** PUT /api/campaigns/:id: every setting (not the advertiser; DSP association ids left as they are). */
export const toUpdateBody = (values: CampaignFormValues, options: { submit: boolean }) => {
  const { advertiser_id: _advertiser, ...rest } = toCreateBody(values, {
    withAdvertiser: false,
    submit: options.submit,
  });
  return rest;
};

// ---- prefill -------------------------------------------------------------------------------------

/** "<name> copy" within the name's limit of 128 (the source name shortened, never the suffix). */
export const cloneNameOf = (name: string): string => {
  const suffix = ' copy';
  const room = CAMPAIGN_NAME_MAX - suffix.length;
  const base = [...name.trim()]
    .slice(0, room)
    .join('')
    .replace(/[\s-]+$/, '');
  return base ? `${base}${suffix}` : suffix.trim();
};

/** The form filled from a saved campaign: as it is (edit) or as a new draft copy (clone). */
export const valuesFromDetail = (detail: CampaignDetail, mode: 'edit' | 'clone'): CampaignFormValues => {
  const start = zonedPartsOf(detail.start_at, detail.time_zone);
  const end = zonedPartsOf(detail.end_at, detail.time_zone);
  return {
    name: mode === 'clone' ? cloneNameOf(detail.name) : detail.name,
    advertiser_id: detail.advertiser.user_primary_id,
    start_date: start.date,
    start_time: start.time,
    end_date: end.date,
    end_time: end.time,
    time_zone: detail.time_zone,
    total_budget: moneyInputText(detail.total_budget_micros),
    daily_budget: moneyInputText(detail.daily_budget_micros),
    pacing: detail.pacing,
    price_model: detail.price_model,
    bid: moneyInputText(detail.bid_micros),
    min_bid: moneyInputText(detail.min_bid_micros),
    max_bid: moneyInputText(detail.max_bid_micros),
    frequency_cap: detail.frequency_cap ? { ...detail.frequency_cap } : null,
    day_parting: dayPartingFromApi(detail.day_parting),
    targeting: {
      ...structuredClone(EMPTY_TARGETING),
      ...structuredClone(detail.targeting),
    },
    exchange_ids: detail.exchanges.map((exchange) => exchange.exchange_id),
    creative_ids: [...detail.creative_ids],
    inventory: detail.inventory.map(({ applist_id, mode: listMode }) => ({ applist_id, mode: listMode })),
    audiences: detail.audiences.map(({ audience_id, mode: audienceMode }) => ({
      audience_id,
      mode: audienceMode,
    })),
    smart_app_list_ids: (detail.smart_app_lists ?? []).map((list) => list.list_id),
  };
};

/** Names the detail already knows (advertiser, exchanges, inventory lists, audiences) for pickers and review. */
export const knownNamesOf = (detail: CampaignDetail) => ({
  advertiser: detail.advertiser.companyName || detail.advertiser.email,
  exchanges: Object.fromEntries(detail.exchanges.map((entry) => [entry.exchange_id, entry.name])),
  applists: Object.fromEntries(detail.inventory.map((entry) => [entry.applist_id, entry.name])),
  audiences: Object.fromEntries(detail.audiences.map((entry) => [entry.audience_id, entry.name])),
  smartAppLists: Object.fromEntries(
    (detail.smart_app_lists ?? []).map((entry) => [entry.list_id, entry.name]),
  ),
});

// ---- checks --------------------------------------------------------------------------------------

const STEP_OF_FIELD: readonly [string, FormStep][] = [
  ['name', 'basics'],
  ['advertiser_id', 'basics'],
  ['start_at', 'basics'],
  ['end_at', 'basics'],
  ['time_zone', 'basics'],
  ['total_budget_micros', 'budget'],
  ['daily_budget_micros', 'budget'],
  ['pacing', 'budget'],
  ['price_model', 'budget'],
  ['bid_micros', 'budget'],
  ['min_bid_micros', 'budget'],
  ['max_bid_micros', 'budget'],
  ['frequency_cap', 'budget'],
  ['day_parting', 'budget'],
  ['targeting', 'targeting'],
  ['exchange_ids', 'targeting'],
  ['inventory', 'targeting'],
  ['audiences', 'targeting'],
  ['smart_app_list_ids', 'targeting'],
  ['creative_ids', 'creatives'],
];

/** The step that shows a field ('targeting.states.2' -> targeting); anything unknown: review. */
export const stepOfField = (field: string): FormStep =>
  STEP_OF_FIELD.find(([prefix]) => field === prefix || field.startsWith(`${prefix}.`))?.[1] ?? 'review';

/**
 * The field an error is shown on: the first two levels of targeting and the frequency cap, the top
 * level otherwise ('targeting.states.2' -> 'targeting.states', 'inventory.0.mode' -> 'inventory').
 */
export const fieldOfPath = (path: string): string => {
  const parts = path.split('.');
  if ((parts[0] === 'targeting' || parts[0] === 'frequency_cap') && parts.length > 1)
    return `${parts[0]}.${parts[1]}`;
  return parts[0] ?? path;
};

/** Error messages by field, keeping the first message of each field. */
export const normaliseErrors = (errors: Record<string, string | undefined>): FormErrors => {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!message) continue;
    const field = fieldOfPath(path);
    out[field] ??= message;
  }
  return out;
};

/**
 * Every error of the values, by field: what could not be read (money, dates), then core's
 * campaignCreateBody (field rules), then core's findCrossFieldErrors, then the advertiser choice.
 */
export const checkValues = (
  values: CampaignFormValues,
  options: { needsAdvertiser: boolean },
): FormErrors => {
  const { fields, textErrors } = buildFields(values);
  const result = campaignCreateBody.safeParse({
    ...fields,
    ...(values.advertiser_id ? { advertiser_id: values.advertiser_id } : {}),
  });
  const schemaErrors = result.success ? {} : collectFieldErrors(result.error);
  // zod skips the rules between fields while a field fails: run them on their own too, so a bid above
  // the maximum shows even while the name is still wrong.
  const crossErrors = findCrossFieldErrors({
    ...fields,
    total_budget_micros: fields.total_budget_micros ?? undefined,
    bid_micros: fields.bid_micros ?? undefined,
    min_bid_micros: fields.min_bid_micros ?? undefined,
    max_bid_micros: fields.max_bid_micros ?? undefined,
  });
  // A field whose text could not be read keeps that message (not the schema's "must be an amount").
  const errors = normaliseErrors({ ...crossErrors, ...schemaErrors, ...textErrors });
  if (options.needsAdvertiser && !values.advertiser_id)
    errors.advertiser_id = FORM_MESSAGES.advertiserRequired;
  return errors;
};

/** The errors shown on one step. */
export const errorsOfStep = (errors: FormErrors, step: FormStep): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) === step));

/** The steps that have an error, in step order. */
export const stepsWithErrors = (errors: FormErrors): FormStep[] => {
  const steps = new Set(
    Object.entries(errors)
      .filter(([, message]) => Boolean(message))
      .map(([field]) => stepOfField(field)),
  );
  return FORM_STEPS.filter((step) => steps.has(step));
};

/** The extra rules of submitting for approval (core's, which the server checks too). */
export const checkSubmit = (values: CampaignFormValues, now: number = Date.now()): FormErrors => {
  const endAt = isoFromZonedParts(values.end_date, values.end_time, values.time_zone);
  return submitErrors(
    { exchangeCount: values.exchange_ids.length, endAtMs: endAt ? Date.parse(endAt) : null },
    now,
  );
};

const ERROR_FIELDS_OF_VALUE: Readonly<Partial<Record<keyof CampaignFormValues, readonly string[]>>> = {
  start_date: ['start_at', 'end_at'],
  start_time: ['start_at', 'end_at'],
  end_date: ['end_at'],
  end_time: ['end_at'],
  time_zone: ['time_zone', 'start_at', 'end_at'],
  total_budget: ['total_budget_micros', 'daily_budget_micros'],
  daily_budget: ['daily_budget_micros'],
  bid: ['bid_micros', 'min_bid_micros', 'max_bid_micros'],
  min_bid: ['bid_micros', 'min_bid_micros', 'max_bid_micros'],
  max_bid: ['bid_micros', 'min_bid_micros', 'max_bid_micros'],
  frequency_cap: ['frequency_cap', 'frequency_cap.count', 'frequency_cap.period'],
};

/** The error keys a change makes stale (they are cleared until the next check). */
export const errorFieldsOfChange = (
  previous: CampaignFormValues,
  patch: Partial<CampaignFormValues>,
): string[] => {
  const fields: string[] = [];
  for (const key of Object.keys(patch) as (keyof CampaignFormValues)[]) {
    if (key === 'targeting' && patch.targeting) {
      for (const name of Object.keys(patch.targeting) as (keyof Targeting)[])
        if (JSON.stringify(patch.targeting[name]) !== JSON.stringify(previous.targeting[name]))
          fields.push(`targeting.${name}`);
      continue;
    }
    fields.push(...(ERROR_FIELDS_OF_VALUE[key] ?? [key]));
  }
  return [...new Set(fields)];
};

/** The status rules of saving an edit (core's): a submitted campaign keeps at least one exchange. */
export const checkEdit = (values: CampaignFormValues, status: CampaignStatus | null): FormErrors =>
  keepExchangeErrors(status, values.exchange_ids.length);

/** Comparable text of the values (to tell a changed form from an untouched one). */
export const fingerprintOf = (values: CampaignFormValues): string => JSON.stringify(values);
