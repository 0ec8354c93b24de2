import { describe, expect, it } from 'vitest';
import { OTP_MESSAGE, otpSchema } from './otp.ts';

describe('OTP', () => {
  it.each(['123456', '000000', '987654', ' 012345 '])('accepts %j', (value) => {
    expect(otpSchema.safeParse(value).success).toBe(true);
    expect(otpSchema.parse(value)).toBe(value.trim());
  });

  it.each(['', '12345', '1234567', '12a456', '123 456', '١٢٣٤٥٦', '12345.', '-12345', '12345６'])(
    'rejects %j',
    (value) => {
      expect(otpSchema.safeParse(value).success).toBe(false);
      expect(otpSchema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([OTP_MESSAGE]);
    },
  );
});
