// Client-side checks of the public forms. Pure: they return i18n keys of the `auth` namespace
// (or null), so that they are unit-tested without React.
import type { ApiResult } from '../../lib/http/api-result.ts';
import { GENERIC_ERROR_MESSAGE } from '../../lib/http/api-result.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const checkEmail = (value: string): string | null => {
  if (!value.trim()) return 'errors.emailRequired';
  return EMAIL_PATTERN.test(value.trim()) ? null : 'errors.emailInvalid';
};

export const checkRequired = (value: string, key: string): string | null => (value.trim() ? null : key);

export const checkOtp = (value: string): string | null => {
  if (!value.trim()) return 'errors.otpRequired';
  return /^\d{4,8}$/.test(value.trim()) ? null : 'errors.otpInvalid';
};

export const checkConfirmation = (password: string, confirmation: string): string | null =>
  password === confirmation ? null : 'errors.passwordMismatch';

/** Keeps only the entries that carry an error. */
export const collectErrors = <K extends string>(
  checks: Record<K, string | null>,
): Partial<Record<K, string>> => {
  const errors: Partial<Record<K, string>> = {};
  for (const [field, error] of Object.entries(checks) as [K, string | null][])
    if (error) errors[field] = error;
  return errors;
};

/**
 * What to show for a failed call: the server's own words when it gave some (wrong password, a
 * locked account), otherwise a translated key ('errors.network', 'errors.generic').
 */
export const describeFailure = (result: ApiResult<unknown>): { key: string } | { text: string } => {
  if (result.http_status === undefined) return { key: 'errors.network' };
  if (!result.message || result.message === GENERIC_ERROR_MESSAGE) return { key: 'errors.generic' };
  return { text: result.message };
};
