// Number shortening (spec section 9): K from 1,000, M from 1,000,000, B from 1,000,000,000, with
// at most one decimal and no trailing ".0" (1,500 -> 1.5K; 2,000,000 -> 2M). Below 1,000 the
// number is shown whole. Tables, where a buyer reconciles counts, show them exact (formatCount).
const STEPS: [number, string][] = [
  [1_000_000_000, 'B'],
  [1_000_000, 'M'],
  [1_000, 'K'],
];

export const shortenNumber = (value: number): string => {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  for (const [step, suffix] of STEPS) {
    if (size >= step) {
      const shown = Math.floor((size / step) * 10) / 10;
      return `${sign}${shown.toFixed(1).replace(/\.0$/, '')}${suffix}`;
    }
  }
  return `${sign}${Math.round(size)}`;
};

/** A count in full with thousands separators (1284512 -> '1,284,512'), rounded to a whole number. */
export const formatCount = (value: number): string =>
  `${value < 0 ? '-' : ''}${String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
