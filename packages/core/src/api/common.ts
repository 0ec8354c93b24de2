import { z } from 'zod';

/** Every answer of the API: `{ success, message?, data? }` (spec section 8; docs/architecture.md). */
export const okResponse = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });

export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  error_code: z.number().int(),
  errors: z.record(z.string(), z.string()).optional(),
});

/**
 * advertiser_id on a create: the rule depends on the caller's role, which no body shows, so the API
 * document says it in words (the server answers 400 on advertiser_id when it is broken).
 */
export const newOwnerAdvertiserId = (thing: string) =>
  `The advertiser the ${thing} is for (user_primary_id). Required when the caller is an agency, an admin ` +
  'or a co-admin: one of the advertisers it manages. An advertiser leaves it out or sends its own id.';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

/**
 * Lists count matching rows exactly up to this many; beyond it `total` is this number and
 * `total_exact` is false (show "1,000+"). Counting 100,000 rows on every page would cost more than
 * the page itself. The campaign and creative lists cap a text search's count too; the exchange
 * approval queue counts its search exactly.
 */
export const LIST_COUNT_CAP = 1000;

/**
 * A page of a capped list: `total_exact` false means "at least `total`", and `total_is_estimate` true
 * means "about `total`" (a big list's search, estimated from the first rows in the list's order).
 */
export const cappedPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    total_exact: z.boolean(),
    total_is_estimate: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
  });
