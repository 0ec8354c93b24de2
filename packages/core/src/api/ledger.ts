import { z } from 'zod';
import { pageQuery } from './common.ts';

export const ledgerQuery = pageQuery.extend({
  kind: z.enum(['DEPOSIT', 'SPEND', 'REFUND', 'ADJUSTMENT', 'TRANSFER']).optional(),
  from: z.iso.date('Use a date like 2026-01-31.').optional(),
  to: z.iso.date('Use a date like 2026-01-31.').optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** A ledger entry; amounts in micro-units (1 USD = 1,000,000), the balance after it included. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  amount_micros: z.number().int(),
  balance_after_micros: z.number().int(),
  description: z.string(),
  reference: z.string().nullable(),
  createdBy: z.object({ user_primary_id: z.number().int(), email: z.string() }).nullable(),
  createdAt: z.string(),
});

export const ledgerPage = z.object({
  items: z.array(ledgerEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  balance_micros: z.number().int(),
});
