import { describe, expect, it } from 'vitest';
import {
  checkConfirmation,
  checkEmail,
  checkOtp,
  collectErrors,
  describeFailure,
} from '../src/features/auth/form-rules.ts';
import { checkNewPassword } from '../src/features/auth/password-rule.ts';
import { GENERIC_ERROR_MESSAGE } from '../src/lib/http/api-result.ts';

describe('public form rules', () => {
  it('checks e-mail addresses', () => {
    expect(checkEmail('')).toBe('errors.emailRequired');
    expect(checkEmail('nobody')).toBe('errors.emailInvalid');
    expect(checkEmail('adv1@demo.test')).toBeNull();
  });

  it('applies the core password policy', () => {
    expect(checkNewPassword('')).toBe('errors.passwordRequired');
    expect(checkNewPassword('short1A')).toBe('errors.passwordRule');
    expect(checkNewPassword('alllowercase1')).toBe('errors.passwordRule');
    expect(checkNewPassword('Demo-pass-1')).toBeNull();
    expect(checkConfirmation('a', 'b')).toBe('errors.passwordMismatch');
  });

  it('checks one-time codes', () => {
    expect(checkOtp('')).toBe('errors.otpRequired');
    expect(checkOtp('12a4')).toBe('errors.otpInvalid');
    expect(checkOtp('123456')).toBeNull();
  });

  it('collects only the failing fields', () => {
    expect(collectErrors({ email: null, password: 'errors.passwordRequired' })).toEqual({
      password: 'errors.passwordRequired',
    });
  });

  it('shows the server words when there are some, else a translated message', () => {
    expect(
      describeFailure({ success: false, message: 'Account locked', error_code: 500, http_status: 423 }),
    ).toEqual({
      text: 'Account locked',
    });
    expect(
      describeFailure({ success: false, message: GENERIC_ERROR_MESSAGE, error_code: 500, http_status: 500 }),
    ).toEqual({
      key: 'errors.generic',
    });
    expect(describeFailure({ success: false, message: 'Failed to fetch', error_code: 500 })).toEqual({
      key: 'errors.network',
    });
  });
});
