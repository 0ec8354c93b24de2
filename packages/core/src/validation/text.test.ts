import { describe, expect, it } from 'vitest';
import { TEXT_LIMIT_25 } from '../constants.ts';
import {
  IDENTIFIER_PATTERN,
  NAME_LIKE_MESSAGE,
  NAME_LIKE_PATTERN,
  nameLikeTextSchema,
  TEXT_LIMIT_25_MESSAGE,
  textLimit25Schema,
} from './text.ts';

const nameLikeValid = (value: string) => nameLikeTextSchema.safeParse(value).success;

function messagesOf(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('name-like text', () => {
  it('has the spec message', () => {
    expect(NAME_LIKE_MESSAGE).toBe('Invalid input. Please use only letters, numbers, spaces, and hyphens.');
  });

  it.each([
    'Acme',
    'Acme Media 2',
    'Jean-Luc',
    'Müller GmbH',
    'Ελληνικά',
    'Москва-2024',
    'Crème brûlée',
    'Cre\u0300me', // a decomposed è: letter plus combining mark
    'नमस्ते',
    '٣ apps', // Arabic-Indic digit
    '', // emptiness is the form's own rule
  ])('accepts %j', (value) => {
    expect(NAME_LIKE_PATTERN.test(value)).toBe(true);
    expect(nameLikeValid(value)).toBe(true);
    expect(nameLikeTextSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    'Acme_Media',
    'Acme.',
    'a@b',
    "O'Brien",
    'Tab\there',
    'line\nbreak',
    'emoji 😀',
    '½ price',
    '<script>',
    'a,b',
  ])('rejects %j with the spec message', (value) => {
    expect(NAME_LIKE_PATTERN.test(value)).toBe(false);
    expect(nameLikeValid(value)).toBe(false);
    expect(messagesOf(nameLikeTextSchema.safeParse(value))).toEqual([NAME_LIKE_MESSAGE]);
  });

  it('applies the limit of 25', () => {
    expect(nameLikeTextSchema.safeParse('a'.repeat(25)).success).toBe(true);
    expect(nameLikeValid('a'.repeat(26))).toBe(false);
    expect(messagesOf(nameLikeTextSchema.safeParse('a'.repeat(26)))).toEqual([TEXT_LIMIT_25_MESSAGE]);
    expect(messagesOf(nameLikeTextSchema.safeParse(`${'a'.repeat(25)}_`))).toEqual([
      NAME_LIKE_MESSAGE,
      TEXT_LIMIT_25_MESSAGE,
    ]);
  });
});

describe('limit of 25', () => {
  it('is the constant', () => {
    expect(TEXT_LIMIT_25).toBe(25);
    expect(TEXT_LIMIT_25_MESSAGE).toBe('Please use at most 25 characters.');
  });

  it.each(['', 'a', 'a'.repeat(24), 'a'.repeat(25), ' '.repeat(25), '😀'.repeat(25)])(
    'accepts length %#',
    (value) => {
      expect(textLimit25Schema.safeParse(value).success).toBe(true);
      expect(textLimit25Schema.safeParse(value).success).toBe(true);
    },
  );

  it.each(['a'.repeat(26), 'a'.repeat(100), '😀'.repeat(26)])('rejects %j', (value) => {
    expect(textLimit25Schema.safeParse(value).success).toBe(false);
    expect(messagesOf(textLimit25Schema.safeParse(value))).toEqual([TEXT_LIMIT_25_MESSAGE]);
  });
});

describe('identifier', () => {
  it.each(['abc', 'ABC_123', 'event-key', '_x-', '42', ''])('accepts %j', (value) => {
    expect(IDENTIFIER_PATTERN.test(value)).toBe(true);
  });

  it.each(['has space', 'dot.ted', 'ümlaut', 'a@b', 'semi;colon', 'slash/'])('rejects %j', (value) => {
    expect(IDENTIFIER_PATTERN.test(value)).toBe(false);
  });
});
