// The bulk creative edit, without React (unit-tested): the selection carried in `?ids=`, the form of
// ticked fields, the request body built from the ticked fields only and checked with core's own
// schema (spec messages: 'Click URL is mandatory', 'Please enter a valid URL'), which selected
// creatives a field cannot apply to (spec section 3's URL rules), and the i18n keys of the server's
// per-creative answers.
import {
  CREATIVE_BULK_MAX,
  CREATIVE_MESSAGES,
  type CreativeBulkResult,
  type CreativeBulkUpdateBody,
  type CreativeType,
  creativeBulkUpdateBody,
} from '@console/core/api/creatives';
import { CREATIVE_URL_RULES } from '@console/core/validation/creative';
import { CLICK_URL_REQUIRED_MESSAGE, INVALID_URL_MESSAGE } from '@console/core/validation/url';
import { type Validation, validateWith } from '../../../lib/forms/schema-errors.ts';

/** `?ids=3,7,12` as ids: positive whole numbers, repeats dropped, at most CREATIVE_BULK_MAX. */
export const parseIdsParam = (value: string | null | undefined): number[] => {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(',')) {
    const text = part.trim();
    if (!/^\d{1,12}$/.test(text)) continue;
    const id = Number(text);
    if (id > 0 && Number.isSafeInteger(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === CREATIVE_BULK_MAX) break;
  }
  return ids;
};

/** The `ids` param of a selection: ascending, or null (no param) when empty. */
export const formatIdsParam = (ids: Iterable<number | string>): string | null => {
  const sorted = [...new Set([...ids].map(Number))]
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .sort((a, b) => a - b);
  return sorted.length > 0 ? sorted.join(',') : null;
};

export const BULK_FIELDS = ['click_url', 'pixel_url', 'impression_url', 'name_prefix'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];
export type BulkUrlField = Exclude<BulkField, 'name_prefix'>;

export type BulkEditForm = {
  /** Only ticked fields are sent. */
  ticked: Record<BulkField, boolean>;
  click_url: string;
  /** One input per URL; blank inputs are dropped by the schema. */
  pixel_url: string[];
  impression_url: string[];
  name_prefix: string;
};

export const emptyBulkEditForm = (): BulkEditForm => ({
  ticked: { click_url: false, pixel_url: false, impression_url: false, name_prefix: false },
  click_url: '',
  pixel_url: [''],
  impression_url: [''],
  name_prefix: '',
});

/** The request body: the ids and the ticked fields only (an unticked field is left unchanged). */
export const buildBulkBody = (ids: readonly number[], form: BulkEditForm): Record<string, unknown> => {
  const body: Record<string, unknown> = { ids: [...ids] };
  if (form.ticked.click_url) body.click_url = form.click_url;
  if (form.ticked.pixel_url) body.pixel_url = form.pixel_url;
  if (form.ticked.impression_url) body.impression_url = form.impression_url;
  if (form.ticked.name_prefix) body.name_prefix = form.name_prefix;
  return body;
};

/** Core's schema of POST /api/creatives/bulk/update on the built body (messages by field). */
export const validateBulkEdit = (
  ids: readonly number[],
  form: BulkEditForm,
): Validation<CreativeBulkUpdateBody> => validateWith(creativeBulkUpdateBody, buildBulkBody(ids, form));

/** Whether a creative of `type` takes `field` (name_prefix: every type). */
export const typeTakes = (type: CreativeType, field: BulkField): boolean =>
  field === 'name_prefix' || CREATIVE_URL_RULES[type][field].requirement !== 'none';

export type BulkMismatch = { field: BulkUrlField; ids: number[]; types: CreativeType[] };

/**
 * The selected creatives (of known type) that a ticked URL field cannot apply to: the server fails
 * them ("An html creative takes no click URL."), so the page warns and offers to leave them out.
 */
export const findMismatches = (
  ids: readonly number[],
  typeOf: (id: number) => CreativeType | undefined,
  form: BulkEditForm,
): BulkMismatch[] => {
  const mismatches: BulkMismatch[] = [];
  for (const field of ['click_url', 'pixel_url', 'impression_url'] as const) {
    if (!form.ticked[field]) continue;
    const misfits = ids.filter((id) => {
      const type = typeOf(id);
      return type !== undefined && !typeTakes(type, field);
    });
    if (misfits.length === 0) continue;
    const types = [...new Set(misfits.map((id) => typeOf(id)!))].sort();
    mismatches.push({ field, ids: misfits, types });
  }
  return mismatches;
};

/** i18n keys (namespace creative-bulk) of the schema messages this page meets. */
export const FORM_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [CLICK_URL_REQUIRED_MESSAGE]: 'validation.clickUrlRequired',
  [INVALID_URL_MESSAGE]: 'validation.invalidUrl',
  'The name prefix cannot be empty.': 'validation.prefixEmpty',
  'The name prefix is at most 50 characters.': 'validation.prefixTooLong',
  'Choose at least one creative.': 'validation.chooseCreatives',
  [`At most ${CREATIVE_BULK_MAX} creatives at once.`]: 'validation.tooMany',
  'Choose at least one change: click_url, pixel_url, impression_url or name_prefix.':
    'validation.chooseField',
};

export type TranslatedMessage = { key: string; values?: Record<string, string> } | { text: string };

/** A form or server message as an i18n key when known, else the server's text as it is. */
export const translateFormMessage = (message: string): TranslatedMessage => {
  const key = FORM_MESSAGE_KEYS[message];
  return key ? { key } : { text: message };
};

const TYPE_IN_MESSAGE = /^An? (image|native|video|html) creative takes no (pixel_url|impression_url)\b/;

/**
 * The server's reason for one creative (creative-bulk-service.ts BULK_MESSAGES, access and name
 * rules) as an i18n key with values, or the text as it came for a message this page does not know.
 */
export const translateResultMessage = (message: string | undefined): TranslatedMessage | null => {
  if (!message) return null;
  if (message === 'An html creative takes no click URL.') return { key: 'results.reasons.noClickUrl' };
  if (message === 'A native creative takes a single impression_url.')
    return { key: 'results.reasons.singleImpression' };
  if (message === 'Creative not found.') return { key: 'results.reasons.notFound' };
  if (message === CREATIVE_MESSAGES.nameTooLong) return { key: 'results.reasons.nameTooLong' };
  const match = TYPE_IN_MESSAGE.exec(message);
  if (match) {
    const [, type, field] = match;
    return {
      key: field === 'pixel_url' ? 'results.reasons.noPixel' : 'results.reasons.noImpression',
      values: { type: type! },
    };
  }
  return { text: message };
};

export type BulkOutcome = 'all' | 'some' | 'none';

/** All succeeded, some, or none: the toast and the summary's tone. */
export const outcomeOf = (result: Pick<CreativeBulkResult, 'succeeded' | 'failed'>): BulkOutcome =>
  result.failed === 0 ? 'all' : result.succeeded === 0 ? 'none' : 'some';
