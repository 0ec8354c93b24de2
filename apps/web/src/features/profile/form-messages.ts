// The core schemas' messages (packages/core) as i18n keys of the `profile` namespace.
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  PASSWORD_MESSAGE,
} from '@console/core/validation/field-messages';
import { OTP_MESSAGE } from '@console/core/validation/otp';
import { toMessageKey } from '../../lib/forms/schema-errors.ts';

export const PROFILE_MESSAGES: Readonly<Record<string, string>> = {
  'This field is required.': 'errors.required',
  'At most 100 characters.': 'errors.tooLong',
  [EMAIL_REQUIRED_MESSAGE]: 'errors.emailRequired',
  [EMAIL_INVALID_MESSAGE]: 'errors.emailInvalid',
  'Password is required.': 'errors.passwordRequired',
  'Current password is required.': 'errors.currentPasswordRequired',
  [PASSWORD_MESSAGE]: 'errors.passwordRule',
  [OTP_MESSAGE]: 'errors.otpInvalid',
};

export const profileMessageKey = (message: string | undefined): string | undefined =>
  toMessageKey(message, PROFILE_MESSAGES, 'errors.invalid');

/** The new password typed twice must match (the confirmation is the form's own rule). */
export const checkPasswordConfirmation = (password: string, confirmation: string): string | undefined =>
  password === confirmation ? undefined : 'errors.passwordMismatch';
