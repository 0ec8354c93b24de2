import { z } from 'zod';

/** Every answer of the API: `{ success, message?, data? }` (spec section 8, DESIGN conventions). */
export const okResponse = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });

export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  error_code: z.number().int(),
  errors: z.record(z.string(), z.string()).optional(),
});

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
