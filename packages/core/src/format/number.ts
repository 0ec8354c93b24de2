// Number shortening of spec section 9: K from 1,000, M from 1,000,000, B from 1,000,000,000.
// Larger numbers stay in B (1e12 -> '1000B'): the spec stops there.
export const COMPACT_NUMBER_SUFFIXES = ['', 'K', 'M', 'B'] as const;
const STEP = 1000;

export type FormatCompactNumberOptions = {
  /** Most decimals shown; trailing zeros are dropped. Default 1 (1234 -> '1.2K'). */
  decimals?: number;
};

/**
 * 999 -> '999', 1000 -> '1K', 1500 -> '1.5K', 2_500_000 -> '2.5M', -1500 -> '-1.5K'. Halves round
 * away from zero (1250 -> '1.3K', -1250 -> '-1.3K'); a value that rounds up to 1000 of a unit
 * moves to the next (999_950 -> '1M'). No grouping separators. Non-finite input is returned as text.
 */
export function formatCompactNumber(
  value: number,
  { decimals = 1 }: FormatCompactNumberOptions = {},
): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.max(0, Math.min(20, Math.trunc(decimals)));
  const size = Math.abs(value);
  let unit = 0;
  let text = roundToText(size, digits);
  while (unit < COMPACT_NUMBER_SUFFIXES.length - 1 && Number(text) >= STEP) {
    unit += 1;
    text = roundToText(size / STEP ** unit, digits);
  }
  // No '-0' for small negatives that round to zero.
  const sign = value < 0 && Number(text) !== 0 ? '-' : '';
  return `${sign}${text}${COMPACT_NUMBER_SUFFIXES[unit]}`;
}

const formatters = new Map<number, Intl.NumberFormat>();

// Intl rounds the exact value half away from zero and never writes an exponent.
function roundToText(value: number, digits: number): string {
  let formatter = formatters.get(digits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits, useGrouping: false });
    formatters.set(digits, formatter);
  }
  return formatter.format(value);
}
