// The one-time code mailed at registration and password reset: exactly six ASCII digits, kept as
// a string (leading zeros matter). Surrounding spaces from pasting are trimmed.
import { z } from 'zod';

export const OTP_PATTERN = /^\d{6}$/;
export const OTP_MESSAGE = 'Please enter the 6-digit code we sent you.';

export const otpSchema = z.string().trim().regex(OTP_PATTERN, OTP_MESSAGE);
