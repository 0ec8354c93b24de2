// File sizes with 1024-based units, Bytes to YB (spec section 9): 1536 -> '1.5 KB'.
export const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
const BASE = 1024;

export type FormatBytesOptions = {
  /** Most decimals shown; trailing zeros are dropped (1.50 -> 1.5). Default 2. */
  decimals?: number;
};

/**
 * '0 Bytes', '1 KB', '1.5 KB'. Negative sizes keep their sign; a value that rounds up to 1024 of
 * a unit moves to the next one (1048575 -> '1 MB', not '1024 KB'); sizes beyond YB stay in YB.
 * Non-finite input is returned as text ('NaN') rather than throwing in the middle of a render.
 */
export function formatBytes(bytes: number, { decimals = 2 }: FormatBytesOptions = {}): string {
  if (!Number.isFinite(bytes)) return String(bytes);
  const digits = Math.max(0, Math.min(20, Math.trunc(decimals)));
  const size = Math.abs(bytes);
  const last = BYTE_UNITS.length - 1;
  let unit = size < 1 ? 0 : Math.min(last, Math.floor(Math.log(size) / Math.log(BASE)));
  let scaled = roundTo(size / BASE ** unit, digits);
  // log() can land one unit off near exact powers of 1024, and rounding can reach the next unit.
  if (unit > 0 && scaled < 1) {
    unit -= 1;
    scaled = roundTo(size / BASE ** unit, digits);
  }
  if (scaled >= BASE && unit < last) {
    unit += 1;
    scaled = roundTo(size / BASE ** unit, digits);
  }
  const sign = bytes < 0 && scaled !== 0 ? '-' : '';
  return `${sign}${scaled} ${BYTE_UNITS[unit]}`;
}

function roundTo(value: number, digits: number): number {
  return Number.parseFloat(value.toFixed(digits));
}
