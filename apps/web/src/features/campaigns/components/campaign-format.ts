// Pure formatting of campaign values shared by the campaign screens: flights in the campaign's own
// time zone, money from integer micro-units (core's formatMicros: no float rounding), bids with
// their price model, and the per-exchange approval counts.
import type { PRICE_MODELS } from '@console/core/api/campaigns';
import { formatMicros } from '@console/core/format/money';
import { formatDate, formatDateTime, localeOf } from '../../../lib/format/date-time.ts';

export type PriceModel = (typeof PRICE_MODELS)[number];
export type ExchangeCounts = { total: number; pending: number; approved: number; rejected: number };

/** The dash that separates the ends of a range. */
export const RANGE_DASH = ' – ';

/**
 * A flight 'start – end' in the campaign's time zone (`timeZone`, IANA), dates only by default:
 * ('2026-03-01T05:00:00Z', '2026-03-31T04:59:59Z', 'America/New_York') -> 'Mar 1, 2026 – Mar 30, 2026'.
 * An unknown zone falls back to the user's.
 */
export const formatFlight = (
  startAt: string,
  endAt: string,
  timeZone: string,
  language?: string,
  options: { withTime?: boolean } = {},
): string => {
  const zone = safeTimeZone(timeZone);
  const format = options.withTime ? formatDateTime : formatDate;
  return `${format(startAt, language, zone)}${RANGE_DASH}${format(endAt, language, zone)}`;
};

/** The zone if the runtime knows it, else undefined (the user's own zone). */
export const safeTimeZone = (timeZone: string | null | undefined): string | undefined => {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
};

/**
 * The locale money is written in for the console's language (gr, rs, sp: Intl knows them by their
 * standard tags); without one, the spec's form ('$1,234.50').
 */
export const moneyLocale = (language?: string) => (language === undefined ? undefined : localeOf(language));

/**
 * A budget in micro-units as dollars: 5_000_000_000 -> '$5,000.00' (German '$5.000,00'); null (no
 * limit) -> null.
 */
export function formatBudget(micros: number, language?: string): string;
export function formatBudget(micros: number | null | undefined, language?: string): string | null;
export function formatBudget(micros: number | null | undefined, language?: string): string | null {
  return typeof micros === 'number' ? formatMicros(micros, moneyLocale(language)) : null;
}

/** A bid with its price model: ('CPM', 2_500_000) -> '$2.50 CPM' (German '$2,50 CPM'). */
export const formatBid = (priceModel: PriceModel | string, bidMicros: number, language?: string): string =>
  `${formatMicros(bidMicros, moneyLocale(language))} ${priceModel}`;

/** A bid range: (1_000_000, 5_000_000) -> '$1.00 – $5.00'. */
export const formatBidRange = (minMicros: number, maxMicros: number, language?: string): string =>
  `${formatMicros(minMicros, moneyLocale(language))}${RANGE_DASH}${formatMicros(maxMicros, moneyLocale(language))}`;

/**
 * What a campaign x exchange shows: its approval state, except that a draft's pending exchanges are
 * not waiting for anyone (nobody reviews a draft) and read "not submitted".
 */
export type ExchangeDisplayState = 'APPROVED' | 'PENDING' | 'REJECTED' | 'UNSUBMITTED';
export const exchangeDisplayState = (
  state: 'APPROVED' | 'PENDING' | 'REJECTED',
  campaignStatus: string,
): ExchangeDisplayState => (state === 'PENDING' && campaignStatus === 'DRAFT' ? 'UNSUBMITTED' : state);

export type ExchangeSummaryPart = { state: ExchangeDisplayState; count: number };

/** The non-zero parts of the approval counts, approved first: what the summary shows. */
export const exchangeSummaryParts = (counts: ExchangeCounts, campaignStatus: string): ExchangeSummaryPart[] =>
  (
    [
      { state: 'APPROVED', count: counts.approved },
      { state: exchangeDisplayState('PENDING', campaignStatus), count: counts.pending },
      { state: 'REJECTED', count: counts.rejected },
    ] as const
  ).filter((part) => part.count > 0);

/** The ids of a `?ids=1,2,3` parameter (bulk pages): positive integers, without repeats. */
export const parseIdsParam = (value: string | null | undefined): number[] => {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,12}$/.test(part))
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
};

/** `?ids=` text of campaign ids (what the list passes to the bulk pages). */
export const formatIdsParam = (ids: readonly number[]): string => ids.join(',');

/** A path with `?ids=1,2,3` appended (keeps an existing query). */
export const withIds = (path: string, ids: readonly number[]): string =>
  `${path}${path.includes('?') ? '&' : '?'}ids=${formatIdsParam(ids)}`;
