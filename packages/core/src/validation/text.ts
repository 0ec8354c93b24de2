// Character rules of spec section 5 for free text, and the spec's limit of 25 characters.
// The character rules check characters only and accept '': whether a field must be filled is the
// form's own rule, with its own message, so optional fields stay valid when empty.
import { z } from 'zod';
import { TEXT_LIMIT_25 } from '../constants.ts';

// Name-like text. "Letters" includes letters of any script (\p{L}) with their combining marks
// (\p{M}: a decomposed é, Devanagari vowel signs), since names of users, companies and lists are
// typed in the console's five languages (Russian among them). "Numbers" are decimal digits of any
// script (\p{Nd}); no fractions, superscripts or Roman numerals. Spaces are the ASCII space only.
export const NAME_LIKE_PATTERN = /^[\p{L}\p{M}\p{Nd} -]*$/u;
export const NAME_LIKE_MESSAGE = 'Invalid input. Please use only letters, numbers, spaces, and hyphens.';

// The spec's two limits of 25 apply to the name-like fields and the native sponsored-by text.
// Length is counted in Unicode code points, as zod's max() does (and PostgreSQL's varchar), so an
// emoji is one character. An HTML maxlength counts UTF-16 units and may stop an emoji early.
export const TEXT_LIMIT_25_MESSAGE = `Please use at most ${TEXT_LIMIT_25} characters.`;

/** Any text of at most 25 characters; chain further rules (`.min(1, ...)`) as needed. */
export const textLimit25Schema = z.string().max(TEXT_LIMIT_25, TEXT_LIMIT_25_MESSAGE);

export const nameLikeTextSchema = z
  .string()
  .regex(NAME_LIKE_PATTERN, NAME_LIKE_MESSAGE)
  .max(TEXT_LIMIT_25, TEXT_LIMIT_25_MESSAGE);

// Identifier: ASCII letters, digits, underscore, hyphen (machine-facing keys, e.g. event keys).
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9_-]*$/;
export const IDENTIFIER_MESSAGE =
  'Invalid input. Please use only letters, numbers, underscores, and hyphens.';
