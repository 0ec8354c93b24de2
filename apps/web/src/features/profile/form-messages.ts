// The core schemas' messages (packages/core) as i18n keys of the `profile` namespace, and the
// profile forms' words for them.
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  PASSWORD_MESSAGE,
} from '@console/core/validation/field-messages';
import { OTP_MESSAGE } from '@console/core/validation/otp';
import { toMessageKey } from '../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';

/** The form's own rule: the new password typed twice must match. */
const PASSWORD_MISMATCH_MESSAGE = 'The passwords do not match.';

export const PROFILE_MESSAGES: Readonly<Record<string, string>> = {
  'This field is required.': 'errors.required',
  'At most 100 characters.': 'errors.tooLong',
  [EMAIL_REQUIRED_MESSAGE]: 'errors.emailRequired',
  [EMAIL_INVALID_MESSAGE]: 'errors.emailInvalid',
  'Password is required.': 'errors.passwordRequired',
  'Current password is required.': 'errors.currentPasswordRequired',
  [PASSWORD_MESSAGE]: 'errors.passwordRule',
  [OTP_MESSAGE]: 'errors.otpInvalid',
  [PASSWORD_MISMATCH_MESSAGE]: 'errors.passwordMismatch',
};

export const profileMessageKey = (message: string | undefined): string | undefined =>
  toMessageKey(message, PROFILE_MESSAGES, 'errors.invalid');

/** A field's message in the user's language; one the page does not know reads "invalid". */
export const useProfileMessage = () => {
  const { t } = useTranslation('profile');
  return (message: string) => t(profileMessageKey(message) ?? 'errors.invalid');
};

/** The new password typed twice must match (the confirmation is the form's own rule). */
export const checkPasswordConfirmation = (password: string, confirmation: string): string | undefined =>
  password === confirmation ? undefined : PASSWORD_MISMATCH_MESSAGE;
