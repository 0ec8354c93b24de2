import { z } from 'zod';

// Our password policy (the spec leaves it open): 8 to 128 characters with a lower-case letter,
// an upper-case letter and a digit. The demo password 'Demo-pass-1' satisfies it.
export const PASSWORD_MESSAGE =
  'Password must be 8 to 128 characters with at least one upper-case letter, one lower-case letter and one digit.';

export const passwordSchema = z
  .string()
  .min(8, PASSWORD_MESSAGE)
  .max(128, PASSWORD_MESSAGE)
  .regex(/[a-z]/, PASSWORD_MESSAGE)
  .regex(/[A-Z]/, PASSWORD_MESSAGE)
  .regex(/\d/, PASSWORD_MESSAGE);
