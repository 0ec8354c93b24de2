// The creative API's types, statuses and limits without its zod schemas (creatives.ts), so a list
// page that only shows or filters by them does not load zod.
export const CREATIVE_TYPES = ['image', 'native', 'video', 'html'] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];

export const CREATIVE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type CreativeStatus = (typeof CREATIVE_STATUSES)[number];
export const CREATIVE_APPROVAL_STATES = CREATIVE_STATUSES;
export type CreativeApprovalState = CreativeStatus;

export const CREATIVE_SORT_FIELDS = ['created_at', 'updated_at', 'name', 'status', 'creative_type'] as const;

/** The most creatives one bulk edit may change. */
export const CREATIVE_BULK_MAX = 200;

export const CREATIVE_REASON_MAX = 500;
export const CREATIVE_REJECT_REASON_MESSAGE = 'Give a reason for the rejection.';
