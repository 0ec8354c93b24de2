// Id schemas with the range of the column they reach. An id past its column's range is bad input
// (400 with a message), never a database range error: exchanges and smart-app categories have
// PostgreSQL `integer` ids (at most 2^31 - 1); the other tables have `bigint` ids, read as JavaScript
// numbers, so at most Number.MAX_SAFE_INTEGER (a larger JSON number is already rounded).
import { z } from 'zod';

export const INT4_MAX = 2_147_483_647;
export const INT8_SAFE_MAX = Number.MAX_SAFE_INTEGER;

const messagesOf = (label: string) => ({
  missing: `Give the ${label}.`,
  whole: `The ${label} is a whole number.`,
  positive: `The ${label} is a positive number.`,
  tooLarge: `The ${label} is too large.`,
});

const ranged = (number: z.ZodNumber | z.ZodCoercedNumber, label: string, max: number) => {
  const messages = messagesOf(label);
  return number.int(messages.whole).min(1, messages.positive).max(max, messages.tooLarge);
};

/** An id of an `integer` column (exchanges, smart-app categories) in a JSON body. */
export const int4Id = (label = 'id') => ranged(z.number(messagesOf(label).missing), label, INT4_MAX);
/** An id of a `bigint` column in a JSON body. */
export const int8Id = (label = 'id') => ranged(z.number(messagesOf(label).missing), label, INT8_SAFE_MAX);
/** An id of an `integer` column in a path or query string (read from text). */
export const int4IdParam = (label = 'id') =>
  ranged(z.coerce.number(messagesOf(label).missing), label, INT4_MAX);
/** An id of a `bigint` column in a path or query string (read from text). */
export const int8IdParam = (label = 'id') =>
  ranged(z.coerce.number(messagesOf(label).missing), label, INT8_SAFE_MAX);

/** `/:id` of a row with a `bigint` id. */
export const int8IdParams = z.object({ id: int8IdParam() });
/** `/:id` of a row with an `integer` id (an exchange, a smart-app category). */
export const int4IdParams = z.object({ id: int4IdParam() });
