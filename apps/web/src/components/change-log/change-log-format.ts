// How a change log entry reads (pure, unit-tested): each field by its translated label, each value
// by its kind (@console/core/change-log-fields): money and dates in the user's format and time zone,
// codes and booleans by translated names, ids by the names the API sent, lists as chips. Nothing
// shows a field's internal name: an unknown field reads as words, never as snake_case.
import {
  type ChangeLogValueKind,
  changeLogFieldSpec,
  changeLogNameKey,
} from '@console/core/change-log-fields';
import { formatMicros } from '@console/core/format/money';
import { formatDate, formatDateTime, localeOf } from '../../lib/format/date-time.ts';

/** The actions of a user's change log (the filter's default choices; every action: RECORDED_CHANGE_LOG_ACTIONS). */
export const CHANGE_LOG_ACTIONS = [
  'create',
  'update',
  'status',
  'config',
  'assign-agency',
  'set-password',
  'change-password',
  'reset-password',
  'register',
  'verify-email',
  'impersonate',
  'api-key-created',
  'api-key-revoked',
  'credentials',
  'funds',
  'note',
] as const;

export type FormattedValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  /** A list: one chip per item. */
  | { kind: 'chips'; items: string[] };

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ChangeLogFormat = {
  /** The `components` namespace's t. */
  t: Translate;
  language: string;
  /** The entry's names of ids ('exchange:12' -> 'Google AdX'). */
  names?: Readonly<Record<string, string>> | undefined;
  /** Times in this zone; default the browser's. */
  timeZone?: string | undefined;
};

/** 'some_field', 'someField', 'targeting.geo_fence' -> 'Some field', 'Geo fence' (for unknown names only). */
export const humanize = (name: string): string => {
  const last = name.split(/[.:]/).findLast((part) => part !== '') ?? name;
  const words = last
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
};

/** A field's translated label ("Total budget", "Approval on Google AdX"). */
export const changeLogFieldLabel = (field: string, t: Translate): string => {
  const spec = changeLogFieldSpec(field);
  if (!spec) return humanize(field);
  return t(`changeLog.fields.${spec.label}`, { exchange: spec.exchange, defaultValue: humanize(field) });
};

/** An action's translated name ('assign-agency' -> "Agency changed"); an unknown one reads as words. */
export const changeLogActionLabel = (action: string, t: Translate): string =>
  t(`changeLog.actions.${action}`, { defaultValue: humanize(action) });

/** A code's translated name (ACTIVE -> "Active"); unknown codes read as words. */
export const changeLogCodeName = (code: string, t: Translate): string =>
  t(`changeLog.values.${code}`, { defaultValue: humanize(code) });

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

const CODE = /^[A-Z][A-Z\d_]*$/;
const TRANSFER = /^#(\d+) ([A-Z_]+)$/;
const HOURS_A_WEEK = 7 * 24;

/** A value as one line of text (a list's items joined). */
const asText = (value: FormattedValue, format: ChangeLogFormat): string =>
  value.kind === 'empty'
    ? format.t('changeLog.empty')
    : value.kind === 'text'
      ? value.text
      : value.items.join(', ');

const chips = (items: string[]): FormattedValue =>
  items.length === 0 ? { kind: 'empty' } : { kind: 'chips', items };

/** Any value of an unknown field, read by its shape. */
const formatUnknown = (value: unknown, format: ChangeLogFormat): FormattedValue => {
  if (typeof value === 'boolean')
    return { kind: 'text', text: format.t(value ? 'changeLog.yes' : 'changeLog.no') };
  if (typeof value === 'number')
    return { kind: 'text', text: new Intl.NumberFormat(localeOf(format.language)).format(value) };
  if (typeof value === 'string')
    return { kind: 'text', text: CODE.test(value) ? changeLogCodeName(value, format.t) : value };
  if (Array.isArray(value)) return chips(value.map((item) => asText(formatUnknown(item, format), format)));
  return formatSettings(value as Record<string, unknown>, format);
};

/** "Label: value" per setting (nested fields by their own labels and kinds). */
const formatSettings = (value: Record<string, unknown>, format: ChangeLogFormat): FormattedValue =>
  chips(
    Object.entries(value)
      .filter(([, inner]) => !isEmpty(inner))
      .map(
        ([key, inner]) =>
          `${changeLogFieldLabel(key, format.t)}: ${asText(formatChangeValue(key, inner, format), format)}`,
      ),
  );

/** One object of a list ({ applist_id: 3, mode: 'BLOCK' } -> "Blocked apps · Block"). */
const formatObject = (value: unknown, format: ChangeLogFormat): string => {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return asText(formatUnknown(value, format), format);
  return Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => !isEmpty(inner))
    .map(([key, inner]) => asText(formatChangeValue(key, inner, format), format))
    .join(' · ');
};

const refName = (
  ref: Extract<ChangeLogValueKind, { type: 'ref' }>['ref'],
  id: unknown,
  format: ChangeLogFormat,
) =>
  (typeof id === 'number' ? format.names?.[changeLogNameKey(ref, id)] : undefined) ??
  format.t('changeLog.deleted', { id: String(id) });

const formatKnown = (
  kind: ChangeLogValueKind,
  value: unknown,
  format: ChangeLogFormat,
): FormattedValue | undefined => {
  const { t, language } = format;
  const locale = localeOf(language);
  switch (kind.type) {
    case 'text':
      return typeof value === 'string' ? { kind: 'text', text: value } : undefined;
    case 'money':
      return typeof value === 'number' ? { kind: 'text', text: formatMicros(value, locale) } : undefined;
    case 'bps':
      return typeof value === 'number'
        ? {
            kind: 'text',
            text: new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2 }).format(
              value / 10_000,
            ),
          }
        : undefined;
    case 'count':
      return typeof value === 'number'
        ? { kind: 'text', text: new Intl.NumberFormat(locale).format(value) }
        : undefined;
    case 'dateTime':
      return typeof value === 'string'
        ? { kind: 'text', text: formatDateTime(value, language, format.timeZone) }
        : undefined;
    case 'date':
      // A calendar day is the same day everywhere: read and shown in UTC.
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? { kind: 'text', text: formatDate(`${value}T00:00:00Z`, language, 'UTC') }
        : undefined;
    case 'boolean':
      return typeof value === 'boolean'
        ? { kind: 'text', text: t(value ? 'changeLog.yes' : 'changeLog.no') }
        : undefined;
    case 'enum':
      return typeof value === 'string' ? { kind: 'text', text: changeLogCodeName(value, t) } : undefined;
    case 'list':
      return Array.isArray(value) ? chips(value.map((item) => formatObject(item, format))) : undefined;
    case 'enumList':
      return Array.isArray(value)
        ? chips(value.map((item) => changeLogCodeName(String(item), t)))
        : undefined;
    case 'ref':
      return Array.isArray(value)
        ? chips(value.map((id) => refName(kind.ref, id, format)))
        : { kind: 'text', text: refName(kind.ref, value, format) };
    case 'objects':
      return Array.isArray(value) ? chips(value.map((item) => formatObject(item, format))) : undefined;
    case 'settings':
      return typeof value === 'object' && !Array.isArray(value)
        ? formatSettings(value as Record<string, unknown>, format)
        : undefined;
    case 'dayParting': {
      if (!Array.isArray(value)) return undefined;
      const hours = value.flat().filter((hour) => hour === true).length;
      return { kind: 'text', text: t('changeLog.dayParting', { count: hours, total: HOURS_A_WEEK }) };
    }
    case 'secret':
      return { kind: 'text', text: t('changeLog.hidden') };
    case 'transfer': {
      const match = typeof value === 'string' ? TRANSFER.exec(value) : null;
      return match ? { kind: 'text', text: `#${match[1]} ${changeLogCodeName(match[2]!, t)}` } : undefined;
    }
  }
};

/** A changed value as the change log shows it. */
export const formatChangeValue = (field: string, value: unknown, format: ChangeLogFormat): FormattedValue => {
  if (isEmpty(value)) return { kind: 'empty' };
  const spec = changeLogFieldSpec(field);
  return (spec && formatKnown(spec.value, value, format)) ?? formatUnknown(value, format);
};
