// The words of a field's error in the user's language: core's campaign messages by their
// `campaign-form` keys, the common ones by their `components` keys, anything else as the server wrote it.
import { useCallback } from 'react';
import { fieldMessageKey } from '../../../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import type { FormErrors } from '../campaign-form-model.ts';
import { formMessageKey } from '../form-messages.ts';

export type ErrorOf = (field: string) => string | undefined;

export const useMessageText = () => {
  const { t } = useTranslation(['campaign-form', 'components']);
  return useCallback(
    (message: string): string => {
      const own = formMessageKey(message);
      if (own) return t(own.key, { ns: 'campaign-form', ...own.values });
      const common = fieldMessageKey(message);
      return common ? t(common, { ns: 'components' }) : message;
    },
    [t],
  );
};

/** `errorOf(field)`: the translated message of one field of `errors`, or undefined. */
export const useErrorOf = (errors: FormErrors): ErrorOf => {
  const text = useMessageText();
  return useCallback(
    (field: string) => {
      const message = errors[field];
      return message ? text(message) : undefined;
    },
    [errors, text],
  );
};
