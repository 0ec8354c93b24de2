// The DSP connection form's pure parts: values, request bodies, checks derived from the API's
// schemas (packages/core/src/api/dsps.ts) and the credential fields of each type read from
// packages/core/src/dsp-types.ts. Unit-tested.
import {
  type Dsp,
  dspCreateBody,
  dspTestBody,
  dspUpdateBody,
  endpointIdentity,
} from '@console/core/api/dsps';
import { type CredentialField, DSP_TYPE_NAMES, DSP_TYPES, type DspType } from '@console/core/dsp-types';
import type { z } from 'zod';
import { type FieldErrors, readSchemaErrors } from '../../lib/forms/schema-errors.ts';

export type DspFormValues = {
  name: string;
  /** '' until a type is chosen. */
  type: DspType | '';
  endpoint_url: string;
  /** What the admin typed, by credential field name ('' = not typed). */
  credentials: Record<string, string>;
  exchanges: string[];
  /** '' while the input is empty. */
  qps_limit: number | '';
};

export type DspField = 'name' | 'type' | 'endpoint_url' | 'exchanges' | 'qps_limit' | 'credentials';
/** Field errors; a credential field's error is under `credentials.<name>`. */
export type DspErrors = FieldErrors<DspField | `credentials.${string}`>;

export const DEFAULT_QPS_LIMIT = 1000;

/** The message of a credential the admin must fill; an i18n key of the `dsp` namespace. */
export const CREDENTIAL_REQUIRED = 'errors.credentialRequired';

export const isDspType = (value: string): value is DspType => (DSP_TYPE_NAMES as string[]).includes(value);

export const credentialFieldsOf = (type: string): readonly CredentialField[] =>
  isDspType(type) ? DSP_TYPES[type].credentialFields : [];

export const emptyDspValues = (type: DspType | '' = ''): DspFormValues => ({
  name: '',
  type,
  endpoint_url: '',
  credentials: {},
  exchanges: [],
  qps_limit: DEFAULT_QPS_LIMIT,
});

/** A saved DSP as form values: the credentials start empty (only their hints are known). */
export const valuesFromDsp = (dsp: Dsp): DspFormValues => ({
  name: dsp.name,
  type: isDspType(dsp.type) ? dsp.type : '',
  endpoint_url: dsp.endpoint_url,
  credentials: {},
  exchanges: [...dsp.exchanges],
  qps_limit: dsp.qps_limit,
});

/** Only the fields the type knows, trimmed. */
export const credentialsForType = (type: string, typed: Record<string, string>): Record<string, string> =>
  Object.fromEntries(credentialFieldsOf(type).map((field) => [field.name, (typed[field.name] ?? '').trim()]));

const trimmedExchanges = (exchanges: string[]) => [
  ...new Set(exchanges.map((exchange) => exchange.trim()).filter(Boolean)),
];

export type DspCreateBody = z.input<typeof dspCreateBody>;
export type DspUpdateBody = z.input<typeof dspUpdateBody>;
export type DspTestBody = z.input<typeof dspTestBody>;

export const toUpdateBody = (values: DspFormValues): DspUpdateBody => ({
  name: values.name.trim(),
  type: values.type,
  endpoint_url: values.endpoint_url.trim(),
  exchanges: trimmedExchanges(values.exchanges),
  qps_limit: values.qps_limit === '' ? Number.NaN : values.qps_limit,
});

export const toCreateBody = (values: DspFormValues): DspCreateBody => ({
  ...toUpdateBody(values),
  credentials: credentialsForType(values.type, values.credentials),
});

export const toTestBody = (values: DspFormValues): DspTestBody => ({
  type: values.type,
  endpoint_url: values.endpoint_url.trim(),
  credentials: credentialsForType(values.type, values.credentials),
});

/** An error under `credentials.<name>` for every credential of the type left empty. */
const missingCredentials = (type: string, typed: Record<string, string>): DspErrors => {
  const errors: DspErrors = {};
  for (const field of credentialFieldsOf(type)) {
    if (!(typed[field.name] ?? '').trim()) errors[`credentials.${field.name}`] = CREDENTIAL_REQUIRED;
  }
  return errors;
};

/**
 * The schema's messages by form field: an item's message ('exchanges.3') goes to its list, and the
 * refusal of the credentials as a whole is shown on each empty credential field instead.
 */
const readFieldErrors = (schema: z.ZodType, body: unknown): DspErrors => {
  const errors: DspErrors = {};
  for (const [path, message] of Object.entries(readSchemaErrors(schema, body))) {
    const field = path.split('.')[0] ?? path;
    if (field === 'credentials' || !message) continue;
    errors[field as DspField] ??= message;
  }
  return errors;
};

/** Checks of a new connection: every field, every credential of the type. */
export const checkCreate = (values: DspFormValues): DspErrors => ({
  ...readFieldErrors(dspCreateBody, toCreateBody(values)),
  ...missingCredentials(values.type, values.credentials),
});

/** Checks of the connection test: type, endpoint and credentials. */
export const checkConnection = (values: DspFormValues): DspErrors => ({
  ...readFieldErrors(dspTestBody, toTestBody(values)),
  ...missingCredentials(values.type, values.credentials),
});

/** Checks of the fields other than the connection (name, exchanges, QPS). */
export const checkReach = (values: DspFormValues): DspErrors => {
  const { name, exchanges, qps_limit } = readFieldErrors(dspUpdateBody, toUpdateBody(values));
  const errors: DspErrors = {};
  if (name) errors.name = name;
  if (exchanges) errors.exchanges = exchanges;
  if (qps_limit) errors.qps_limit = qps_limit;
  return errors;
};

/** What an edit is compared with: the saved type and endpoint. */
export type SavedConnection = { type: string; endpoint_url: string };

/** Whether the edited endpoint goes elsewhere (scheme, host, port or path): the credentials are needed again. */
export const isEndpointChanged = (values: DspFormValues, saved: SavedConnection): boolean =>
  endpointIdentity(values.endpoint_url) !== endpointIdentity(saved.endpoint_url);

/**
 * The credentials an edit replaces, or null when the admin typed none (the stored ones stay).
 * Typing any credential means replacing them all; a type or endpoint change needs new ones.
 */
export const credentialsToReplace = (
  values: DspFormValues,
  saved: SavedConnection,
): Record<string, string> | null => {
  const typed = credentialsForType(values.type, values.credentials);
  const isTyped = Object.values(typed).some(Boolean);
  return isTyped || values.type !== saved.type || isEndpointChanged(values, saved) ? typed : null;
};

/** The body of an edit: the fields, with the credentials when they are being replaced. */
export const toEditBody = (values: DspFormValues, saved: SavedConnection): DspUpdateBody => {
  const credentials = credentialsToReplace(values, saved);
  return { ...toUpdateBody(values), ...(credentials ? { credentials } : {}) };
};

/** Checks of an edit: the fields, and the credentials when they are being replaced. */
export const checkEdit = (values: DspFormValues, saved: SavedConnection): DspErrors => {
  const errors = readFieldErrors(dspUpdateBody, toUpdateBody(values));
  if (credentialsToReplace(values, saved) === null) return errors;
  return { ...errors, ...missingCredentials(values.type, values.credentials) };
};

/** What a connection test was run with: a test is valid only while these stay the same. */
export const connectionFingerprint = (values: DspFormValues): string => JSON.stringify(toTestBody(values));

/** A secret as the list and the review show it: its last four characters (like the server's hints). */
export const maskSecret = (value: string): string => (value ? `••••${value.slice(-4)}` : '');
