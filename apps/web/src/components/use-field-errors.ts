// Field errors of a form, in the user's language: from the form's own check (`check`, by the
// request's schema) and from the server's 400 answer (`errors: {field: message}`), whichever came
// last. A form checks, sends when the check passes, and hands a refused send to `refused`. A feature
// with messages of its own passes its own words (`field`, and `toast` for the refusal's toast).
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, fieldMessageKey, validateWith } from '../lib/forms/schema-errors.ts';
import { ApiError } from '../lib/http/api-client.ts';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import { failureMessage, showToast } from './toast.ts';

/** A message in the user's language; undefined for none. */
export type MessageText = (message: string) => string | undefined;

export type FieldErrorsText = {
  /** The words of a field's message (default: the common messages of `components`, else as it came). */
  field?: MessageText;
  /** The words of a refusal's toast (default: as the server said it, or the fallback). */
  toast?: MessageText;
};

export type FieldErrorsControl = {
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** Takes the field messages of a failed call (ApiError.errors); true when there were some. */
  takeServerErrors: (error: unknown) => boolean;
  /** The translated message of `field`, or undefined. */
  errorOf: (field: string) => string | undefined;
  clear: (field?: string) => void;
  /** The values parsed by `schema` to send, or null with the errors shown on their fields. */
  check: <S extends z.ZodType>(schema: S, values: unknown) => z.output<S> | null;
  /**
   * A refused send: the server's field messages on their fields, and its message (or `fallback`)
   * in a toast, always or (`unlessFields`) only when it named no field.
   */
  refused: (error: unknown, fallback: string, toast?: 'always' | 'unlessFields') => void;
};

export const useFieldErrors = (text: FieldErrorsText = {}): FieldErrorsControl => {
  const { t } = useTranslation('components');
  const [errors, setErrors] = useState<FieldErrors>({});
  const common = useCallback(
    (message: string) => {
      const key = fieldMessageKey(message);
      return key ? t(key) : message;
    },
    [t],
  );
  const translate = text.field ?? common;
  const takeServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.errors || Object.keys(error.errors).length === 0) return false;
    setErrors(error.errors);
    return true;
  };
  return {
    errors,
    setErrors,
    takeServerErrors,
    check: (schema, values) => {
      const checked = validateWith(schema, values);
      if (checked.success) return checked.data;
      setErrors(checked.errors);
      return null;
    },
    refused: (error, fallback, toast = 'always') => {
      if (takeServerErrors(error) && toast === 'unlessFields') return;
      const message = failureMessage(error, fallback);
      showToast('error', text.toast ? (text.toast(message) ?? '') : message);
    },
    errorOf: (field) => (errors[field] ? translate(errors[field]) : undefined),
    clear: (field) =>
      setErrors((current) => {
        if (!field) return {};
        if (!(field in current)) return current;
        const { [field]: _removed, ...rest } = current;
        return rest;
      }),
  };
};
