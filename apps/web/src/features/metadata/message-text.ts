// A schema or server message in the user's language when the page knows it, else as it came.
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { translateMetadataMessage } from './metadata-model.ts';

export const useMetadataMessage = () => {
  const { t } = useTranslation('metadata');
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const known = translateMetadataMessage(message);
    return 'key' in known ? t(known.key) : known.text;
  };
};
