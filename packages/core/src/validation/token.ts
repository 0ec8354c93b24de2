// The spec's "another token check" (section 5): values that end up in URLs, macros or templates
// must not carry the words undefined or null (a sign of a broken client), template or shell
// symbols, or whitespace. Each reason has its own message so the user knows what to fix.
import { z } from 'zod';

// "undefined" or "null" in any case, as the whole value or as a word inside it ("id-null",
// "x.undefined"); words are delimited as \b does, so "nullable" and "null_id" pass.
const RESERVED_WORD_PATTERN = /\b(?:undefined|null)\b/i;
const FORBIDDEN_SYMBOL_PATTERN = /[|*><{}[\]$~]/;
const WHITESPACE_PATTERN = /\s/;

export const TOKEN_FORBIDDEN_SYMBOLS = ['|', '*', '>', '<', '{', '}', '[', ']', '$', '~'] as const;
export const TOKEN_WHITESPACE_MESSAGE = 'Invalid input. Spaces and line breaks are not allowed.';
export const TOKEN_RESERVED_WORD_MESSAGE = 'Invalid input. The words "undefined" and "null" are not allowed.';
export const TOKEN_SYMBOL_MESSAGE = `Invalid input. These symbols are not allowed: ${TOKEN_FORBIDDEN_SYMBOLS.join(' ')}`;

/** The first broken rule's message, or undefined; '' passes (required-ness is the form's rule). */
export function findTokenError(value: string): string | undefined {
  if (WHITESPACE_PATTERN.test(value)) return TOKEN_WHITESPACE_MESSAGE;
  if (RESERVED_WORD_PATTERN.test(value)) return TOKEN_RESERVED_WORD_MESSAGE;
  if (FORBIDDEN_SYMBOL_PATTERN.test(value)) return TOKEN_SYMBOL_MESSAGE;
  return undefined;
}

export function isValidToken(value: string): boolean {
  return findTokenError(value) === undefined;
}

export const tokenSchema = z.string().superRefine((value, ctx) => {
  const message = findTokenError(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});
