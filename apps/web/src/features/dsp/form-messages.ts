// The core schemas' messages (packages/core/src/api/dsps.ts) as i18n keys of the `dsp` namespace.
// Messages zod writes itself (a number too large, an empty exchange) get the field's own key.
import { toMessageKey } from '../../lib/forms/schema-errors.ts';
import { CREDENTIAL_REQUIRED } from './dsp-form-model.ts';

export const DSP_MESSAGES: Readonly<Record<string, string>> = {
  'The name is required.': 'errors.nameRequired',
  'At most 60 characters.': 'errors.nameTooLong',
  'Choose a DSP type.': 'errors.typeRequired',
  'Enter the endpoint as an http:// or https:// URL.': 'errors.endpoint',
  'At least 1 query per second.': 'errors.qpsMin',
  'Choose the exchanges from the list of exchanges.': 'errors.unknownExchange',
  'Fill in every credential of this DSP type.': CREDENTIAL_REQUIRED,
  [CREDENTIAL_REQUIRED]: CREDENTIAL_REQUIRED,
};

const FIELD_FALLBACKS: Readonly<Record<string, string>> = {
  endpoint_url: 'errors.endpoint',
  exchanges: 'errors.exchanges',
  qps_limit: 'errors.qpsInvalid',
};

/** The i18n key of a field's message; `field` picks the fallback for zod's own messages. */
export const dspMessageKey = (message: string | undefined, field: string): string | undefined =>
  toMessageKey(message, DSP_MESSAGES, FIELD_FALLBACKS[field] ?? 'errors.invalid');
