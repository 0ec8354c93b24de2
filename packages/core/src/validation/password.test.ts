import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGE, passwordSchema } from './password.ts';

describe('password', () => {
  it.each(['Demo-pass-1', 'Abcdefg1', `Aa1${'x'.repeat(125)}`])('accepts %j', (value) => {
    expect(passwordSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['too short', 'Abcdef1'],
    ['too long', `Aa1${'x'.repeat(126)}`],
    ['no upper-case letter', 'abcdefg1'],
    ['no lower-case letter', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
    ['empty', ''],
  ])('rejects %s', (_, value) => {
    const messages = passwordSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages.length).toBeGreaterThan(0);
    expect(new Set(messages)).toEqual(new Set([PASSWORD_MESSAGE]));
  });
});
