// A field message in the user's language: core's messages (the form's own check and the server's 400
// answers) by their `creatives` key; anything else as the server wrote it.
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { creativeMessageKey } from './creative-form-model.ts';

export const useCreativeMessage = () => {
  const { t } = useTranslation('creatives');
  return useCallback(
    (message: string) => {
      const key = creativeMessageKey(message);
      return key ? t(key) : message;
    },
    [t],
  );
};
