import { z } from 'zod';
import { DSP_TYPE_NAMES, DSP_TYPES, type DspType } from '../dsp-types.ts';
import { pageQuery } from './common.ts';

const endpointUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'Enter the endpoint as an http:// or https:// URL.');
const exchangeList = z.array(z.string().trim().min(1).max(60)).max(200);
const credentials = z.record(z.string(), z.string().max(500));

const dspFields = {
  name: z.string().trim().min(1, 'The name is required.').max(60, 'At most 60 characters.'),
  type: z.enum(DSP_TYPE_NAMES as [string, ...string[]], 'Choose a DSP type.'),
  endpoint_url: endpointUrl,
  exchanges: exchangeList,
  qps_limit: z.number().int().min(1, 'At least 1 query per second.').max(1_000_000),
};

/** Every credential field of the type must be filled. */
const hasCredentialsOfType = (value: { type: string; credentials: Record<string, string> }) =>
  (DSP_TYPES[value.type as keyof typeof DSP_TYPES]?.credentialFields ?? []).every(
    (field) => (value.credentials[field.name] ?? '').trim() !== '',
  );
const credentialsMessage = { message: 'Fill in every credential of this DSP type.', path: ['credentials'] };

/** The credentials one type takes, as JSON schema (what `hasCredentialsOfType` checks). */
const credentialsJsonSchemaOf = (type: DspType) => {
  const fields = DSP_TYPES[type].credentialFields;
  return {
    type: 'object',
    title: `${DSP_TYPES[type].label} credentials`,
    properties: Object.fromEntries(
      fields.map((field) => [
        field.name,
        {
          type: 'string',
          maxLength: 500,
          pattern: '\\S',
          description: field.secret
            ? `${field.label} (secret: stored sealed, shown only as a hint)`
            : field.label,
        },
      ]),
    ),
    required: fields.map((field) => field.name),
  };
};

/**
 * For the API document: the credentials a body carries depend on its `type`, one variant per DSP
 * type, so that a generated client gets a union discriminated by `type`. The check itself stays one
 * refinement, which answers every bad field of the body at once.
 */
const credentialsByType = {
  oneOf: DSP_TYPE_NAMES.map((type) => ({
    title: DSP_TYPES[type].label,
    properties: { type: { const: type }, credentials: credentialsJsonSchemaOf(type) },
    required: ['type', 'credentials'],
  })),
};

export const dspCreateBody = z
  .object({ ...dspFields, credentials })
  .refine(hasCredentialsOfType, credentialsMessage)
  .meta(credentialsByType);
/**
 * Where credentials are sent: scheme, host, port and path. A changed endpoint needs the credentials
 * again, so that stored ones are never sent to an address nobody entered them for.
 */
export const endpointIdentity = (url: string): string => {
  try {
    const parsed = new URL(url.trim());
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return url.trim();
  }
};
export const ENDPOINT_CREDENTIALS_MESSAGE =
  'The endpoint changed: enter the credentials again, so that the stored ones are not sent to the new address.';
export const dspUpdateBody = z.object({
  ...dspFields,
  credentials: credentials
    .optional()
    .describe(
      'Every credential of the type: required when the endpoint (scheme, host, port or path) changes; when given, replaces the stored credentials.',
    ),
});
export const dspCredentialsBody = z.object({
  credentials: credentials.meta({
    description: "Every credential of the connection's type",
    anyOf: DSP_TYPE_NAMES.map(credentialsJsonSchemaOf),
  }),
});
export const dspTestBody = z
  .object({ type: dspFields.type, endpoint_url: endpointUrl, credentials })
  .refine(hasCredentialsOfType, credentialsMessage)
  .meta(credentialsByType);
export const dspStatusBody = z.object({ status: z.enum(['ACTIVE', 'INACTIVE']) });
export const dspListQuery = pageQuery.extend({
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  type: z.string().optional(),
  sort: z.enum(['name', 'type', 'status', 'createdAt']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const dspSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  endpoint_url: z.string(),
  /** e.g. { bearer_token: '••••9f2a' }: never the secret itself. */
  credentials_hint: z.record(z.string(), z.string()),
  status: z.string(),
  exchanges: z.array(z.string()),
  qps_limit: z.number().int(),
  last_test: z.object({ at: z.string(), ok: z.boolean(), message: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Dsp = z.infer<typeof dspSchema>;

export const connectionTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  latency_ms: z.number(),
});
