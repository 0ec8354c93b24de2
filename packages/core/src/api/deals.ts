// Private-marketplace deals (issue: deals in the campaign form): what an exchange agreed with us for
// one deal id: our floor, the buyer seats it admits, optionally one advertiser it is for. Staff
// (ADMIN, CO-ADMIN) record them; campaigns pick them (targeting.deal_ids) from their exchanges' deals.
import { z } from 'zod';
import { dealIdSchema } from './campaigns.ts';
import { int4Id, int8Id } from './ids.ts';

export const DEAL_MESSAGES = {
  created: 'Deal saved.',
  updated: 'Deal saved.',
  deleted: 'Deal deleted.',
  deletedFrom: (count: number) =>
    `Deal deleted and removed from ${count} ${count === 1 ? 'campaign' : 'campaigns'} that targeted it.`,
  onlyDealOf: (deal: string, campaigns: readonly string[]) =>
    `${deal} is the only deal of ${campaigns.length === 1 ? 'a campaign' : 'campaigns'} buying only through their deals: ${campaigns.join(', ')}. Give ${campaigns.length === 1 ? 'it' : 'them'} another deal or let ${campaigns.length === 1 ? 'it' : 'them'} buy in the open auction first.`,
  notFound: 'Deal not found.',
  duplicate: 'This exchange already has a deal with this id.',
  unknownExchange: 'Choose an exchange.',
  unknownAdvertiser: 'Choose an advertiser, or none for every advertiser.',
  seat: 'A seat id is 1 to 100 characters without spaces.',
  floor: 'The floor is an amount in micro-units from 0 to 1,000,000 dollars.',
  unknownForCampaign: (dealId: string) =>
    `Deal ${dealId} is not a deal of this campaign's exchanges (or not for its advertiser).`,
} as const;

/** The largest deal floor: $1,000,000 CPM. */
const MAX_FLOOR_MICROS = 1_000_000_000_000;

const seatId = z
  .string(DEAL_MESSAGES.seat)
  .trim()
  .regex(/^\S{1,100}$/, DEAL_MESSAGES.seat);

export const dealInputSchema = z.object({
  exchange_id: int4Id('exchange id'),
  /** The id the exchange sends in imp.pmp.deals[].id. */
  deal_id: dealIdSchema,
  name: z
    .string('The name is required.')
    .trim()
    .min(1, 'The name is required.')
    .max(100, 'At most 100 characters.'),
  /** The CPM we agreed to pay at least, in micro-units. */
  floor_micros: z
    .number(DEAL_MESSAGES.floor)
    .int(DEAL_MESSAGES.floor)
    .min(0, DEAL_MESSAGES.floor)
    .max(MAX_FLOOR_MICROS, DEAL_MESSAGES.floor)
    .default(0),
  /** The buyer seats (wseat) the deal admits; empty: any, ours included. */
  seats: z
    .array(seatId)
    .max(50, 'At most 50 seats.')
    .default([])
    .transform((values) => [...new Set(values)]),
  /** The one advertiser the deal is for; null: every advertiser. */
  advertiser_id: int8Id('advertiser id').nullable().default(null),
});
export type DealInput = z.output<typeof dealInputSchema>;

export const dealSchema = z.object({
  id: z.number().int(),
  exchange_id: z.number().int(),
  exchange_name: z.string(),
  deal_id: z.string(),
  name: z.string(),
  floor_micros: z.number().int(),
  seats: z.array(z.string()),
  advertiser_id: z.number().int().nullable(),
  advertiser_name: z.string().nullable(),
  updated_at: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

/** GET /api/deals: the deals the caller may use, of some exchanges (all when none named). */
export const dealListQuery = z.object({
  exchange_ids: z
    .preprocess(
      (value) =>
        (Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '')
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
          .map(Number),
      z.array(int4Id('exchange id')).max(100, 'At most 100 exchange ids.'),
    )
    .optional(),
});
