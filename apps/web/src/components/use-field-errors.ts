// Field errors of a form, in the user's language: from the form's own check (validateWith) and
// from the server's 400 answer (`errors: {field: message}`), whichever came last.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, fieldMessageKey } from '../lib/forms/schema-errors.ts';
import { ApiError } from '../lib/http/api-client.ts';

export type FieldErrorsControl = {
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** Takes the field messages of a failed call (ApiError.errors); true when there were some. */
  takeServerErrors: (error: unknown) => boolean;
  /** The translated message of `field`, or undefined. */
  errorOf: (field: string) => string | undefined;
  clear: (field?: string) => void;
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
  return {
    errors,
    setErrors,
    takeServerErrors: (error) => {
      if (!(error instanceof ApiError) || !error.errors || Object.keys(error.errors).length === 0)
        return false;
      setErrors(error.errors);
      return true;
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
