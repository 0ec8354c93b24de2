// Server-side password rules beyond the form's shape (core/validation/password.ts): no password
// from the list of the most common ones seen in breaches (zxcvbn-ts's list of about 49,000, checked
// in memory, offline; case-insensitive, so 'Password1' counts as 'password1'), and no new password
// equal to the one it replaces.
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from './errors.ts';

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Please choose another.';
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one.';

const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

/** 400 on the field when the password is a common one. */
export const refuseCommonPassword = (password: string, field: string) => {
  if (isCommonPassword(password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
  }
};
