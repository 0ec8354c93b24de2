// The campaign list's filters between the URL (useListParams) and the API query: statuses as one
// comma-separated value (?status=ACTIVE,PAUSED, which the API reads as a list), flight dates as
// YYYY-MM-DD, the advertiser as its id. Pure, so the mapping is unit-tested.
import { CAMPAIGN_STATUSES, type CampaignStatus } from '@console/core/campaign-status';

/** The filters the campaign list keeps in the URL. */
export const CAMPAIGN_FILTER_KEYS = ['status', 'advertiser_id', 'from', 'to'] as const;

/** 'ACTIVE,PAUSED' -> ['ACTIVE', 'PAUSED'] in lifecycle order; unknown values and repeats dropped. */
export const parseStatusFilter = (value: string | undefined | null): CampaignStatus[] => {
  const picked = new Set((value ?? '').split(',').map((part) => part.trim()));
  return CAMPAIGN_STATUSES.filter((status) => picked.has(status));
};

/** The URL value of a status choice; null (no filter) for none. */
export const formatStatusFilter = (statuses: readonly string[]): string | null => {
  const valid = parseStatusFilter(statuses.join(','));
  return valid.length > 0 ? valid.join(',') : null;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (what `<input type="date">` gives). */
export const isDateOnly = (value: string | undefined | null): value is string => {
  if (!value || !DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** The date range is backwards (the end before the start): the end is not sent. */
export const isRangeBackwards = (from: string | undefined, to: string | undefined): boolean =>
  isDateOnly(from) && isDateOnly(to) && to < from;

/** A positive whole id, or undefined. */
const idOf = (value: string | number | undefined): number | undefined => {
  const text = String(value ?? '');
  if (!/^\d{1,12}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
};

export type ApiQuery = Record<string, string | number | undefined>;

/**
 * The API query of the list from `useListParams().query`: a valid status list, a valid advertiser id
 * (not for one advertiser's list, whose id is in the path), valid dates, and no end before the start.
 */
export const toCampaignQuery = (query: ApiQuery, options: { byOwner?: boolean } = {}): ApiQuery => {
  const { status, advertiser_id, from, to, ...rest } = query;
  const statuses = parseStatusFilter(status === undefined ? undefined : String(status));
  const start = isDateOnly(from === undefined ? undefined : String(from)) ? String(from) : undefined;
  const end = isDateOnly(to === undefined ? undefined : String(to)) ? String(to) : undefined;
  const out: ApiQuery = { ...rest };
  if (statuses.length > 0) out.status = statuses.join(',');
  const advertiser = options.byOwner ? undefined : idOf(advertiser_id);
  if (advertiser) out.advertiser_id = advertiser;
  if (start) out.from = start;
  if (end && !(start && end < start)) out.to = end;
  return out;
};

/** Selected row ids (strings of the table) as sorted campaign ids for `?ids=`. */
export const selectedCampaignIds = (selected: Iterable<string>): number[] =>
  [...selected]
    .map((id) => idOf(id))
    .filter((id): id is number => id !== undefined)
    .sort((a, b) => a - b);
