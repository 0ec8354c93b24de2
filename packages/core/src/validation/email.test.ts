import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE, emailSchema } from './email.ts';

function messagesOf(value: string): string[] {
  return emailSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}

describe('e-mail', () => {
  it.each([
    'user@example.com',
    'first.last@sub.example.co.uk',
    'user+tag@example.io',
    'Admin@Example.COM',
    "o'brien@example.ie",
    '  padded@example.com  ',
  ])('accepts %j', (value) => {
    expect(emailSchema.safeParse(value).success).toBe(true);
    expect(emailSchema.safeParse(value).success).toBe(true);
  });

  it('trims and keeps the case', () => {
    expect(emailSchema.parse('  Admin@Example.com ')).toBe('Admin@Example.com');
  });

  it.each(['', '   '])('requires a value (%j)', (value) => {
    expect(emailSchema.safeParse(value).success).toBe(false);
    expect(messagesOf(value)).toEqual([EMAIL_REQUIRED_MESSAGE]);
  });

  it.each([
    'plainaddress',
    '@example.com',
    'user@',
    'user@example',
    'user@@example.com',
    'user example@example.com',
    'user@example..com',
    '.user@example.com',
    'user.@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('rejects %j', (value) => {
    expect(emailSchema.safeParse(value).success).toBe(false);
    expect(messagesOf(value)).toEqual([EMAIL_INVALID_MESSAGE]);
  });
});
