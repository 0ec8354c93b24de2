// E-mail address for login, registration and password reset. Surrounding spaces are trimmed (a
// pasted address often carries one); case is kept, so whether to lower-case for look-ups is the
// API's call. zod's own e-mail pattern is used: practical, ASCII, requires a dotted domain.
import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE } from './field-messages.ts';

export { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE };
/** RFC 5321's limit for a forward path. */
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string()
  .trim()
  .min(1, { message: EMAIL_REQUIRED_MESSAGE, abort: true })
  .max(EMAIL_MAX_LENGTH, { message: EMAIL_INVALID_MESSAGE, abort: true })
  .check(z.email(EMAIL_INVALID_MESSAGE));
