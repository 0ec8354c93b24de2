// Field errors of a form, in the user's language: from the form's own check (`check`, by the
// request's schema) and from the server's 400 answer (`errors: {field: message}`), whichever came
// last. A form checks, sends when the check passes, and hands a refused send to `refused`.
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, fieldMessageKey, validateWith } from '../lib/forms/schema-errors.ts';
import { ApiError } from '../lib/http/api-client.ts';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import { failureMessage, showToast } from './toast.ts';

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

export const useFieldErrors = (): FieldErrorsControl => {
  const { t } = useTranslation('components');
  const [errors, setErrors] = useState<FieldErrors>({});
  const translate = useCallback(
    (message: string) => {
      const key = fieldMessageKey(message);
      return key ? t(key) : message;
    },
    [t],
  );
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
      showToast('error', failureMessage(error, fallback));
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
