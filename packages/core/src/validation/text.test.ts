import { describe, expect, it } from 'vitest';
import { TEXT_LIMIT_25 } from '../constants.ts';
import {
  hasOnlyNameLikeCharacters,
  IDENTIFIER_MESSAGE,
  identifierSchema,
  isValidIdentifier,
  isValidLabel,
  isValidNameLikeText,
  isWithinTextLimit25,
  LABEL_MESSAGE,
  labelSchema,
  NAME_LIKE_MESSAGE,
  nameLikeTextSchema,
  TEXT_LIMIT_25_MESSAGE,
  textLimit25Schema,
} from './text.ts';

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
    expect(hasOnlyNameLikeCharacters(value)).toBe(true);
    expect(isValidNameLikeText(value)).toBe(true);
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
    expect(hasOnlyNameLikeCharacters(value)).toBe(false);
    expect(isValidNameLikeText(value)).toBe(false);
    expect(messagesOf(nameLikeTextSchema.safeParse(value))).toEqual([NAME_LIKE_MESSAGE]);
  });

  it('applies the limit of 25', () => {
    expect(nameLikeTextSchema.safeParse('a'.repeat(25)).success).toBe(true);
    expect(isValidNameLikeText('a'.repeat(26))).toBe(false);
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
      expect(isWithinTextLimit25(value)).toBe(true);
      expect(textLimit25Schema.safeParse(value).success).toBe(true);
    },
  );

  it.each(['a'.repeat(26), 'a'.repeat(100), '😀'.repeat(26)])('rejects %j', (value) => {
    expect(isWithinTextLimit25(value)).toBe(false);
    expect(messagesOf(textLimit25Schema.safeParse(value))).toEqual([TEXT_LIMIT_25_MESSAGE]);
  });
});

describe('identifier', () => {
  it.each(['abc', 'ABC_123', 'event-key', '_x-', '42', ''])('accepts %j', (value) => {
    expect(isValidIdentifier(value)).toBe(true);
    expect(identifierSchema.safeParse(value).success).toBe(true);
  });

  it.each(['has space', 'dot.ted', 'ümlaut', 'a@b', 'semi;colon', 'slash/'])('rejects %j', (value) => {
    expect(isValidIdentifier(value)).toBe(false);
    expect(messagesOf(identifierSchema.safeParse(value))).toEqual([IDENTIFIER_MESSAGE]);
  });
});

describe('label ("another pattern")', () => {
  it.each(['Hello World', 'user_1@domain', 'Go!', '@@ !! __', 'ABC 123', ''])('accepts %j', (value) => {
    expect(isValidLabel(value)).toBe(true);
    expect(labelSchema.safeParse(value).success).toBe(true);
  });

  it.each(['a-b', 'a.b', 'tab\there', 'é', 'a#b', 'x?', '(x)'])('rejects %j', (value) => {
    expect(isValidLabel(value)).toBe(false);
    expect(messagesOf(labelSchema.safeParse(value))).toEqual([LABEL_MESSAGE]);
  });
});
