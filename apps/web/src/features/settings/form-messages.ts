// The core schemas' messages (packages/core/src/api/settings.ts) as i18n keys of `settings`.
import { POSTBACK_MACROS, POSTBACK_URL_MESSAGE } from '@console/core/api/settings';
import { toMessageKey } from '../../lib/forms/schema-errors.ts';

export const SETTINGS_MESSAGES: Readonly<Record<string, string>> = {
  [POSTBACK_URL_MESSAGE]: 'errors.postbackUrl',
  'At most 2000 characters.': 'errors.postbackTooLong',
  [`Only these macros are known: ${POSTBACK_MACROS.join(' ')}`]: 'errors.unknownMacro',
  'Give the key a name.': 'errors.keyNameRequired',
  'At most 60 characters.': 'errors.keyNameTooLong',
};

export const settingsMessageKey = (message: string | undefined): string | undefined =>
  toMessageKey(message, SETTINGS_MESSAGES, 'errors.invalid');
