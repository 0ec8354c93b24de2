// Number shortening (spec section 9): K from 1,000, M from 1,000,000, B from 1,000,000,000, with
// at most one decimal and no trailing ".0" (1,500 -> 1.5K; 2,000,000 -> 2M). Below 1,000 the
// number is shown whole. Tables, where a buyer reconciles counts, show them exact (formatCount).
const STEPS: [number, string][] = [
  [1_000_000_000, 'B'],
  [1_000_000, 'M'],
  [1_000, 'K'],
];

export const shortenNumber = (value: number, locale?: string): string => {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  for (const [step, suffix] of STEPS) {
    if (size >= step) {
      const shown = Math.floor((size / step) * 10) / 10;
      const digits =
        locale === undefined
          ? shown.toFixed(1).replace(/\.0$/, '')
          : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(shown);
      return `${sign}${digits}${suffix}`;
    }
  }
  return `${sign}${Math.round(size)}`;
};

/**
 * A count in full with thousands separators (1284512 -> '1,284,512'), rounded to a whole number;
 * with a locale, its separators ('de' -> '1.284.512').
 */
export const formatCount = (value: number, locale?: string): string => {
  const whole = Math.round(Math.abs(value));
  const digits =
    locale === undefined
      ? String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
      : new Intl.NumberFormat(locale).format(whole);
  return `${value < 0 ? '-' : ''}${digits}`;
};

/** A ratio as a percentage with two decimals in the locale's digits: 0.0123 -> '1.23%' ('de': '1,23 %'). */
export const formatPercent = (ratio: number, locale?: string): string =>
  new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ratio);
