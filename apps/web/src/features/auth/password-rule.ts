// The password policy of packages/core (validation/password.ts), as an i18n key of `auth`.
import { passwordSchema } from '@console/core/validation/password';

export const checkNewPassword = (value: string): string | null => {
  if (!value) return 'errors.passwordRequired';
  return passwordSchema.safeParse(value).success ? null : 'errors.passwordRule';
};
