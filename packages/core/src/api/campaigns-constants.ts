// The campaign API's modes, states, sort fields and limits without its zod schemas (campaigns.ts),
// so a page that only shows or counts by them does not load zod.
export const PACING_MODES = ['EVEN', 'ASAP'] as const;
export const PRICE_MODELS = ['CPM', 'CPC', 'CPA'] as const;
export const FREQUENCY_PERIODS = ['HOUR', 'DAY', 'WEEK', 'LIFETIME'] as const;
export const INVENTORY_MODES = ['ALLOW', 'BLOCK'] as const;
export const AUDIENCE_MODES = ['INCLUDE', 'EXCLUDE'] as const;
/** OpenRTB 2.x device types, by name. */
export const DEVICE_TYPES = [
  'PHONE',
  'TABLET',
  'DESKTOP',
  'CONNECTED_TV',
  'CONNECTED_DEVICE',
  'SET_TOP_BOX',
] as const;
export const TRAFFIC_TYPES = ['APP', 'WEB'] as const;

/** How a campaign is delivering (the built-in bidder's pacing controller reads the same numbers). */
export const PACING_STATES = [
  'ON_TRACK',
  'BEHIND',
  'AHEAD',
  'CAPPED',
  'OUT_OF_BUDGET',
  'OUT_OF_FUNDS',
] as const;
export type PacingState = (typeof PACING_STATES)[number];

export const CAMPAIGN_SORT_FIELDS = [
  'name',
  'status',
  'start_at',
  'end_at',
  'total_budget',
  'created_at',
] as const;
export type CampaignSortField = (typeof CAMPAIGN_SORT_FIELDS)[number];

/** At most this many inventory lists and this many audiences in one answer (search to narrow). */
export const RELATION_OPTIONS_LIMIT = 100;

/** The longest reason a status move takes. */
export const REASON_MAX = 500;

/** The most campaigns one bulk action may change. */
export const BULK_MAX_IDS = 500;
export const LIST_OPS = ['add', 'remove', 'replace'] as const;
