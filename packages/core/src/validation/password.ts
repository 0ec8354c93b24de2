import { z } from 'zod';
import { PASSWORD_MESSAGE } from './field-messages.ts';

// Our password policy (the spec leaves it open, field-messages.ts words it): 8 to 128 characters with
// a lower-case letter, an upper-case letter and a digit. The demo password 'Demo-pass-1' satisfies it.
export { PASSWORD_MESSAGE };

export const passwordSchema = z
  .string()
  .min(8, PASSWORD_MESSAGE)
  .max(128, PASSWORD_MESSAGE)
  .regex(/[a-z]/, PASSWORD_MESSAGE)
  .regex(/[A-Z]/, PASSWORD_MESSAGE)
  .regex(/\d/, PASSWORD_MESSAGE);
