// Form checks derived from the API's own zod schemas (packages/core/src/api), documenso style: a
// form validates with the request body's schema (or a `.pick()` of it), never a copy of its rules.
// The schemas' messages are English; each feature maps the ones it meets to i18n keys
// (toMessageKey), and FIELD_MESSAGE_KEYS maps the common ones to keys of the `components` namespace.
import {
  DOMAIN_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  HEX_COLOR_MESSAGE,
  MARGIN_BOUNDS_ORDER_MESSAGE,
  PASSWORD_MESSAGE,
} from '@console/core/validation/field-messages';
import type { z } from 'zod';

/** Messages by field ('theme.primaryColor' for nested fields). */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** The first message of each field ('theme.primaryColor' for nested ones, '_form' for the root). */
export const collectFieldErrors = <F extends string = string>(error: z.ZodError): FieldErrors<F> => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_form';
    errors[path] ??= issue.message;
  }
  return errors as FieldErrors<F>;
};

/** The schema's messages for `values` by field; empty when they pass. */
export const readSchemaErrors = <F extends string = string>(
  schema: z.ZodType,
  values: unknown,
): FieldErrors<F> => {
  const result = schema.safeParse(values);
  return result.success ? {} : collectFieldErrors<F>(result.error);
};

export const hasErrors = (errors: FieldErrors<string>): boolean =>
  Object.values(errors).some((message) => Boolean(message));

export type Validation<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

/** The parsed values (trimmed, coerced) when they pass, otherwise the messages by field. */
export const validateWith = <S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> => {
  const result = schema.safeParse(values);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: collectFieldErrors(result.error) };
};

/** The i18n key of `message` in `table`, `fallback` for an unknown one, undefined for none. */
export const toMessageKey = (
  message: string | undefined,
  table: Readonly<Record<string, string>>,
  fallback: string,
): string | undefined => (message ? (table[message] ?? fallback) : undefined);

/** Common schema and server messages as keys of the `components` namespace. */
export const FIELD_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'This field is required.': 'validation.required',
  'At most 100 characters.': 'validation.tooLong',
  [EMAIL_REQUIRED_MESSAGE]: 'validation.emailRequired',
  [EMAIL_INVALID_MESSAGE]: 'validation.emailInvalid',
  [PASSWORD_MESSAGE]: 'validation.password',
  [HEX_COLOR_MESSAGE]: 'validation.hexColor',
  [DOMAIN_MESSAGE]: 'validation.domain',
  'The company name is required.': 'validation.companyRequired',
  'Use an uploaded file or an https:// link.': 'validation.asset',
  'Choose a year from 1990.': 'validation.yearMin',
  'Choose a year up to 2100.': 'validation.yearMax',
  'Help & Support needs a link starting with http:// or https://.': 'validation.helpLink',
  'The margin cannot be negative.': 'validation.marginMin',
  'The margin is at most 100%.': 'validation.marginMax',
  [MARGIN_BOUNDS_ORDER_MESSAGE]: 'validation.marginBoundsOrder',
  'A note cannot be empty.': 'validation.noteEmpty',
  'A note is at most 2000 characters.': 'validation.noteTooLong',
  'Choose an existing agency.': 'validation.agency',
};

/** The `components` key of a known message, or null to show the message as it is. */
export const fieldMessageKey = (message: string): string | null => FIELD_MESSAGE_KEYS[message] ?? null;
