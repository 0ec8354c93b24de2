import { describe, expect, it } from 'vitest';
import {
  findTokenError,
  isValidToken,
  TOKEN_FORBIDDEN_SYMBOLS,
  TOKEN_RESERVED_WORD_MESSAGE,
  TOKEN_SYMBOL_MESSAGE,
  TOKEN_WHITESPACE_MESSAGE,
  tokenSchema,
} from './token.ts';

function messagesOf(value: string): string[] {
  return tokenSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}

describe('token check', () => {
  it('names every forbidden symbol in its message', () => {
    for (const symbol of TOKEN_FORBIDDEN_SYMBOLS) expect(TOKEN_SYMBOL_MESSAGE).toContain(symbol);
  });

  it.each([
    'abc',
    'campaign-42',
    'utm_source=dsp&cid=7',
    'https://example.com/path?x=1',
    'nullable',
    'undefinedness',
    'null_id',
    'annulled',
    'a.b,c;d:e!f@g#h%i^j(k)l+m=n',
    '',
  ])('accepts %j', (value) => {
    expect(findTokenError(value)).toBeUndefined();
    expect(isValidToken(value)).toBe(true);
    expect(tokenSchema.safeParse(value).success).toBe(true);
  });

  it.each(['undefined', 'null', 'NULL', 'Undefined', 'id-null', 'x.undefined', 'null,1', '(null)'])(
    'rejects the word in %j',
    (value) => {
      expect(findTokenError(value)).toBe(TOKEN_RESERVED_WORD_MESSAGE);
      expect(messagesOf(value)).toEqual([TOKEN_RESERVED_WORD_MESSAGE]);
    },
  );

  it.each(TOKEN_FORBIDDEN_SYMBOLS)('rejects the symbol %s', (symbol) => {
    expect(findTokenError(`ab${symbol}cd`)).toBe(TOKEN_SYMBOL_MESSAGE);
    expect(messagesOf(symbol)).toEqual([TOKEN_SYMBOL_MESSAGE]);
  });

  it.each([' ', 'a b', ' a', 'a ', 'a\tb', 'a\nb', 'a\u00a0b'])('rejects whitespace in %j', (value) => {
    expect(findTokenError(value)).toBe(TOKEN_WHITESPACE_MESSAGE);
    expect(messagesOf(value)).toEqual([TOKEN_WHITESPACE_MESSAGE]);
  });

  it('reports whitespace first, then the words, then the symbols', () => {
    expect(findTokenError('null $ x')).toBe(TOKEN_WHITESPACE_MESSAGE);
    expect(findTokenError('null$')).toBe(TOKEN_RESERVED_WORD_MESSAGE);
  });
});
