// How a change log entry's values read (pure, unit-tested): null and empty as a dash, booleans as
// i18n keys, money-like fields in dollars, objects as compact JSON.
import { formatMicros } from '@console/core/format/money';

/** The actions the platform writes to the change log (apps/api: recordChange callers). */
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
] as const;

export type FormattedValue =
  | { kind: 'empty' }
  | { kind: 'key'; key: string }
  | { kind: 'text'; text: string };

const MICROS_FIELD = /_micros$/;
const BPS_FIELD = /_bps$/;

const compactJson = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

/** A changed value as the change log shows it; `field` picks money and percent formats. */
export const formatChangeValue = (field: string, value: unknown): FormattedValue => {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (typeof value === 'boolean') return { kind: 'key', key: value ? 'changeLog.yes' : 'changeLog.no' };
  if (typeof value === 'number') {
    if (MICROS_FIELD.test(field)) return { kind: 'text', text: formatMicros(value) };
    if (BPS_FIELD.test(field)) return { kind: 'text', text: `${(value / 100).toFixed(2)}%` };
    return { kind: 'text', text: String(value) };
  }
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (typeof value === 'object' && !Array.isArray(value)) {
    // Nested settings (optimisation): "auto_bid: true, target_cpa_micros: $2.00".
    const parts = Object.entries(value as Record<string, unknown>).map(([key, inner]) => {
      const formatted = formatChangeValue(key, inner);
      const text =
        formatted.kind === 'text' ? formatted.text : formatted.kind === 'key' ? String(inner) : '—';
      return `${key}: ${text}`;
    });
    return parts.length > 0 ? { kind: 'text', text: parts.join(', ') } : { kind: 'empty' };
  }
  return { kind: 'text', text: compactJson(value) };
};
