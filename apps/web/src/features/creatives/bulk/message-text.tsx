// A message that is either an i18n key of the creative-bulk namespace (a known schema or server
// message) or the server's own words, as text.
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import type { TranslatedMessage } from './bulk-edit-model.ts';

export const useMessageText = () => {
  const { t } = useTranslation('creative-bulk');
  return (message: TranslatedMessage | null | undefined): string | undefined => {
    if (!message) return undefined;
    if ('text' in message) return message.text;
    const values = message.values?.type
      ? { ...message.values, type: t(`types.${message.values.type}`) }
      : message.values;
    return t(message.key, values);
  };
};
