import { changePasswordBody, emailChangeBody, otpBody, profileUpdateBody } from '@console/core/api/auth';
import { describe, expect, it } from 'vitest';
import {
  checkPasswordConfirmation,
  PROFILE_MESSAGES,
  profileMessageKey,
} from '../../src/features/profile/form-messages.ts';
import { readSchemaErrors } from '../../src/lib/forms/schema-errors.ts';
import {
  applyRefresh,
  applyUserDetails,
  createAuthRecord,
  type SessionData,
} from '../../src/lib/session/auth-record.ts';

const session = (role: SessionData['role'], id: number, token = `t-${id}`): SessionData => ({
  token,
  expires_in: 7200,
  role,
  _id: `u${id}`,
  user_primary_id: id,
  email: `${id}@demo.test`,
  firstName: 'F',
  lastName: 'L',
  companyName: 'C',
});

describe('profile form messages', () => {
  it('translates every message the profile schemas produce', () => {
    const produced = [
      readSchemaErrors(profileUpdateBody, { firstName: ' ', lastName: 'x'.repeat(101), companyName: 'C' }),
      readSchemaErrors(emailChangeBody, { new_email: '', password: '' }),
      readSchemaErrors(emailChangeBody, { new_email: 'nope', password: 'x' }),
      readSchemaErrors(changePasswordBody, { current_password: '', new_password: 'short' }),
      readSchemaErrors(otpBody, { otp: '12' }),
    ].flatMap((errors) => Object.values(errors));
    // The form's own rule: the new password typed twice must match.
    produced.push(checkPasswordConfirmation('Abcdefg1', 'Abcdefg2'));
    for (const message of produced) expect(PROFILE_MESSAGES[message as string], message).toBeDefined();
    expect(new Set(produced).size).toBe(Object.keys(PROFILE_MESSAGES).length);
  });

  it('falls back to a generic key and checks the confirmation', () => {
    expect(profileMessageKey('Unheard of.')).toBe('errors.invalid');
    expect(checkPasswordConfirmation('Abcdefg1', 'Abcdefg1')).toBeUndefined();
    expect(profileMessageKey(checkPasswordConfirmation('Abcdefg1', 'Abcdefg2'))).toBe(
      'errors.passwordMismatch',
    );
  });
});

describe('session updates of the profile page', () => {
  it('shows new details for the effective user in its slot, token unchanged', () => {
    const record = createAuthRecord(session('ADVERTISER', 7), 1000);
    const next = applyUserDetails(record, { email: 'new@demo.test', firstName: 'Nina' });
    expect(next.user).toMatchObject({ email: 'new@demo.test', firstName: 'Nina', token: 't-7' });
    expect(next.advertiser).toEqual(next.user);
    expect(record.user.email).toBe('7@demo.test');
  });

  it('adopts the session a password change answers (the tab keeps working with the new token)', () => {
    const record = createAuthRecord(session('AGENCY', 3), 1000);
    const next = applyRefresh(record, { AGENCY: session('AGENCY', 3, 'rotated') }, 5000);
    expect(next.user.token).toBe('rotated');
    expect(next.agency?.token).toBe('rotated');
    expect(next.expiry_at).toBe(5000 + 7200 * 1000);
  });
});
