// Which notice sets an impression's price, and what a notice's price is worth. Only a notice that
// carries a real price sets it: a decimal CPM (or, for an exchange that encrypts prices, one that
// decrypts under its keys) between 0 and our bid. `${AUCTION_PRICE}` left unsubstituted, an
// unparsable value, a negative price or one above the bid sets nothing. The impression beacon sits
// in the markup, where anyone can read it, so it never carries a price. Ranks: the billing notice
// (burl) is authoritative over the win notice (nurl), and either over no price at all (the bid: exact
// in a first-price auction, an upper bound in a second-price one).
import { microsOfCpm } from '@console/core/format/money';

export const PRICE_SOURCE = { none: 0, win: 1, bill: 2 } as const;
export type PriceSource = (typeof PRICE_SOURCE)[keyof typeof PRICE_SOURCE];

/** A correction row's detail: the notice whose price replaced a lower-ranked one. */
export const CORRECTION_DETAIL: Record<Exclude<PriceSource, 0>, string> = { 1: 'win', 2: 'bill' };

/** Turns an exchange's price value into CPM micro-units, or null when it is not a price. */
export type PriceDecoder = (value: string) => number | null;

/** A CPM written as a plain decimal ("1.37", "2"): at most 9 digits on either side of the point. */
const DECIMAL_CPM = /^\d{1,9}(\.\d{1,9})?$/;

export const decodeDecimalCpm: PriceDecoder = (value) =>
  DECIMAL_CPM.test(value) ? microsOfCpm(Number(value)) : null;

/** The clearing CPM (micro-units) a notice reports, or null when it reports no usable price. */
export const readNoticePrice = (
  value: string | undefined,
  bidMicros: number,
  decode: PriceDecoder = decodeDecimalCpm,
): number | null => {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const micros = decode(trimmed);
  if (micros === null || !Number.isSafeInteger(micros) || micros < 0 || micros > bidMicros) return null;
  return micros;
};
