// Schemas of the user administration endpoints (admin and co-admin) and the change log.
import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { MARGIN_BOUNDS_ORDER_MESSAGE } from '../validation/field-messages.ts';
import { passwordSchema } from '../validation/password.ts';
import { emailField, userSchema } from './auth.ts';
import { pageQuery } from './common.ts';
import { int8IdParam } from './ids.ts';

export { MARGIN_BOUNDS_ORDER_MESSAGE };

const personName = z.string().trim().min(1, 'This field is required.').max(100, 'At most 100 characters.');
const optionalId = int8IdParam('agency id').optional();

export const USER_SORT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'companyName',
  'role',
  'status',
  'createdAt',
] as const;

export const userListQuery = pageQuery.extend({
  role: z.enum(ROLES).optional(),
  status: z.enum(['PENDING', 'ACTIVE', 'INACTIVE']).optional(),
  /** Advertisers of one agency; 0 means direct advertisers (no agency). */
  agency: z.coerce.number().int().min(0).optional(),
  sort: z.enum(USER_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userListItem = userSchema.extend({
  agency: z.object({ user_primary_id: z.number().int(), companyName: z.string() }).nullable(),
  createdAt: z.string(),
  /** In lists: the user's margin in basis points (for an agency's advertiser, the agency's take). */
  margin_bps: z.number().int().optional(),
});
export type UserListItem = z.infer<typeof userListItem>;

export const addUserBody = z.object({
  role: z.enum(ROLES),
  email: emailField,
  password: passwordSchema,
  firstName: personName,
  lastName: personName,
  companyName: personName,
  /** The agency of a new advertiser; omitted for a direct advertiser. */
  agency_id: optionalId,
});

export const editUserBody = z.object({
  email: emailField,
  firstName: personName,
  lastName: personName,
  companyName: personName,
});

export const userStatusBody = z.object({ status: z.enum(['ACTIVE', 'INACTIVE']) });

export const optimisationSettingsSchema = z.object({
  auto_bid: z.boolean().optional(),
  target_cpa_micros: z.number().int().min(0).optional(),
  block_low_ctr_placements: z.boolean().optional(),
});

/** A markup on media cost in basis points (1500 = 15%). */
const marginBps = z
  .number()
  .int()
  .min(0, 'The margin cannot be negative.')
  .max(10_000, 'The margin is at most 100%.');

/**
 * The range of margins an agency may give its advertisers, set by an admin per agency: agencies sign
 * different contracts with the desk (a cap on what their clients may be marked up), so one
 * platform-wide range would not fit. 0 to 0 until an admin sets it: no markup the desk did not agree.
 */
export const marginBoundsSchema = z
  .object({ min_bps: marginBps, max_bps: marginBps })
  .refine((bounds) => bounds.min_bps <= bounds.max_bps, {
    path: ['max_bps'],
    message: MARGIN_BOUNDS_ORDER_MESSAGE,
  });
export type MarginBounds = z.infer<typeof marginBoundsSchema>;

export const userConfigSchema = z.object({
  insight_dashboard: z.boolean(),
  postback_enabled: z.enum(['ENABLED', 'DISABLED']),
  api_access: z.boolean(),
  /**
   * Markup on media cost in basis points (1500 = 15%). An agency's is the platform's take on all its
   * advertisers' spend; an agency advertiser's is its agency's take, on top.
   */
  margin_bps: marginBps,
  /** Agencies only: the range of margins the agency may give its advertisers (absent: unchanged). */
  advertiser_margin_bounds: marginBoundsSchema.optional(),
  optimisation: optimisationSettingsSchema,
});
export type UserConfig = z.infer<typeof userConfigSchema>;

export const noteBody = z.object({
  body: z.string().trim().min(1, 'A note cannot be empty.').max(2000, 'A note is at most 2000 characters.'),
});
export const noteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.object({ user_primary_id: z.number().int(), email: z.string() }),
  createdAt: z.string(),
});

export const changeLogQuery = pageQuery.extend({ action: z.string().trim().max(50).optional() });
export const changeLogEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  actor: z.object({ user_primary_id: z.number().int(), email: z.string() }).nullable(),
  onBehalfOf: z.object({ user_primary_id: z.number().int(), email: z.string() }).nullable(),
  createdAt: z.string(),
  /** What the entry is about, in a log of several objects (an advertiser's campaigns). */
  subject: z.object({ id: z.number().int(), name: z.string() }).optional(),
  /** The names of the ids the changes hold, keyed by kind and id ('exchange:12', 'user:4'). */
  names: z.record(z.string(), z.string()).optional(),
});
export type ChangeLogEntry = z.infer<typeof changeLogEntry>;

/** An agency advertiser's margin (the agency's take) and the range the agency may choose it in. */
export const advertiserMarginSchema = z.object({
  margin_bps: z.number().int(),
  bounds: marginBoundsSchema,
});
export type AdvertiserMargin = z.infer<typeof advertiserMarginSchema>;
export const advertiserMarginBody = z.object({ margin_bps: marginBps });

const percentOf = (bps: number) => `${bps / 100}%`;
/** The answer to a margin outside the agency's range, naming the range. */
export const marginOutOfBoundsMessage = (bounds: MarginBounds) =>
  `Choose a margin from ${percentOf(bounds.min_bps)} to ${percentOf(bounds.max_bps)} (the range your agency may set).`;
